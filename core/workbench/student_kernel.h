// A student's kernel file as a variant the engine runs like a built-in one: read safely (an empty, binary or huge
// file is refused with what to do), checked against its pattern's launch contract, and described as a local tree
// launched the way seeds 000/001 launch theirs (N -> one partial per work-group -> one work-group reduces the
// partials), or as a tiled scan launched as the built-in ones are (each tile's scan and total, the totals scanned by
// the same kernel, a uniform add).
#pragma once
#include <string>
#include <string_view>

#include "core/types.h"
#include "core/catalogue/variant.h"
#include "core/workbench/kernel_signature.h"

namespace rl::workbench {

inline constexpr size_t kMaxKernelFileBytes = 1 << 20;  // 1 MiB: far past any reduction kernel

// The text of a kernel file. Throws rl::Error (BadInput) for a file that cannot be read, is empty, holds NUL bytes
// (a binary) or is larger than kMaxKernelFileBytes, naming the file and what to do.
std::string readKernelFile(const std::string& path);

// The variant for a student's text (a kernel of `pattern`): id "kernel:<file name>", kernelName the entry point (empty: the file's only
// kernel), source the program text with the prelude (studentProgramSource). Throws rl::Error (BadInput) with the
// signature check's message when the entry point's arguments cannot be matched (kernel_signature.h), or it cannot
// be built for `type`. The variant's `args` say where the kernel takes each argument.
VariantInfo studentVariant(std::string_view text, std::string_view fileName, std::string_view entry, ElemType type,
                           Pattern pattern = Pattern::Reduce);
// The same from what was read of the kernel already (kernel_signature.h): the source is not read again.
VariantInfo studentVariant(const SignatureCheck& check, std::string_view text, std::string_view fileName,
                           ElemType type);

}  // namespace rl::workbench
