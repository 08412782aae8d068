// Access to the embedded kernel (and shader) sources; with REDUCELAB_LIVE_SOURCES they are read from the source tree.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace rl {

// The text of an embedded file such as "kernels/reduce/sequential.cl". Throws rl::Error (BadInput) when unknown.
std::string kernelFileText(std::string_view relativePath);

// The common file every program starts with: the element type, the operation, the recording macros and the
// building blocks the kernels share (the tile scan).
inline constexpr std::string_view kCommonKernelFile = "kernels/common.cl";

// The full program text of a kernel file (a variant's VariantInfo::kernelFile): the common file, then that file.
std::string programSource(std::string_view kernelFile);

// Every embedded kernel file's relative path.
std::vector<std::string> embeddedKernelFiles();

}  // namespace rl
