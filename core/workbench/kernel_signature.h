// A student's kernel against the contract every ReduceLab kernel keeps (docs: "Write your own kernel"):
//     __kernel void NAME(__global const T *in, __global T *out, const uint n, __local T *scratch [RL_TRACE_PARAMS])
// Read from the source before anything is built, so a mismatch gets a sentence naming the expected signature and
// the argument that differs, not an OpenCL error code at launch.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/types.h"

namespace rl::workbench {

// One __kernel function of a source file.
struct KernelDecl {
    std::string name;
    std::vector<std::string> params;  // each as written, whitespace collapsed, RL_TRACE_PARAMS removed
    bool annotated = false;            // the parameter list ends in RL_TRACE_PARAMS (the recording macros are used)
    int line = 0;                      // 1-based line of the `__kernel` keyword
};

// Every kernel function in the source, in order (comments and string literals are skipped).
std::vector<KernelDecl> findKernels(std::string_view source);

struct SignatureCheck {
    bool ok = false;
    KernelDecl kernel;              // the entry point checked (when found)
    int argument = 0;               // 1-based argument that differs (0: none, or no entry point)
    std::string message;            // what is wrong and what to write instead (empty when ok)
    std::vector<ElemType> types;    // the element types the kernel can be built for: all with T, else the one used
};

// The expected parameter list, for messages and documentation.
std::string expectedSignature(std::string_view name);

// Checks the entry point `entry` (empty: the file's only kernel) against the contract.
SignatureCheck checkSignature(std::string_view source, std::string_view entry);

}  // namespace rl::workbench
