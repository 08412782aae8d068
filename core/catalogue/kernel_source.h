// Access to the embedded kernel (and shader) sources; with REDUCELAB_LIVE_SOURCES they are read from the source tree.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace rl {

// The text of an embedded file such as "kernels/sequential.cl". Throws rl::Error (BadInput) when unknown.
std::string kernelFileText(std::string_view relativePath);

// The full program text for a variant's kernel: kernels/reduce_common.cl followed by kernels/<id>.cl.
std::string programSource(std::string_view variantId);

// Every embedded kernel file's relative path.
std::vector<std::string> embeddedKernelFiles();

}  // namespace rl
