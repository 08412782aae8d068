// Access to the embedded kernel (and shader) sources; with REDUCELAB_LIVE_SOURCES they are read from the source tree.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace rl {

struct VariantInfo;

// The text of an embedded file such as "kernels/reduce/sequential.cl". Throws rl::Error (BadInput) when unknown.
std::string kernelFileText(std::string_view relativePath);

// The two files every program starts with. common.cl: the element type, the operation and the building blocks the
// kernels share (the tile scan, a histogram's binning, the single passes' status words). record.cl: the recording
// macros of traced builds (nothing in timed ones).
inline constexpr std::string_view kCommonKernelFile = "kernels/common.cl";
inline constexpr std::string_view kRecordKernelFile = "kernels/record.cl";

// The prelude of every program: common.cl, then record.cl.
std::string kernelPrelude();

// The full program text of a kernel file (a variant's VariantInfo::kernelFile): the prelude, then that file.
std::string programSource(std::string_view kernelFile);
// The same around a kernel's own text (an edited copy of a kernel file): the prelude, `#line 1`, the text.
std::string programSourceOfText(std::string_view kernelText);
// What a variant's program is built from: its own `source` where it has one (a student's kernel, a bench's trial),
// else programSource of its kernel file.
std::string programSourceOf(const VariantInfo& variant);

// Every embedded kernel file's relative path.
std::vector<std::string> embeddedKernelFiles();

}  // namespace rl
