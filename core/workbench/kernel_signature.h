// A student's kernel against the contract every ReduceLab kernel of its pattern keeps (docs/kernels.md):
//     reduce: __kernel void NAME(__global const T *in, __global T *out, const uint n, __local T *scratch)
//     scan:   __kernel void NAME(__global const T *in, __global T *out, __global T *sums, const uint n,
//                                __local T *scratch)
// (either may end in RL_TRACE_PARAMS).
// Arguments are matched by what they are, not by their spelling or order, as students write them (the write-ups'
// `reduce(__global float *a, __global float *r, __local float *b)`): one global input (const or not), one global
// output, one local buffer and optionally the element count (uint, int, ulong or long, any name). Read from the
// source before anything is built, so a kernel that cannot be launched gets a sentence naming what ReduceLab
// expected and what it found, not an OpenCL error code at launch.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/types.h"
#include "core/catalogue/variant.h"

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
    Pattern pattern = Pattern::Reduce;  // the contract checked: a reduction's or a scan's
    KernelDecl kernel;              // the entry point checked (when found)
    int argument = 0;               // 1-based argument that differs (0: none, or no entry point)
    std::string message;            // what is wrong and what to write instead (empty when ok)
    std::vector<ElemType> types;    // the element types the kernel can be built for: all with T, else the one used
    KernelArgs args;                // where the kernel takes the input, output, count and local buffer
    std::vector<std::string> matched;  // how each argument was matched, in the report's words
    std::string entryNote;          // how the entry point was chosen, when the file has several kernels
};

// The expected parameter list, for messages and documentation.
std::string expectedSignature(std::string_view name, Pattern pattern = Pattern::Reduce);

// Checks the entry point `entry` against the pattern's contract. Empty `entry`: the file's only kernel, or, when it
// has several, the only one whose arguments the pattern's launch fits.
SignatureCheck checkSignature(std::string_view source, std::string_view entry, Pattern pattern = Pattern::Reduce);

// A kernel is read once, by the process that first needs it (the command line, the check, the explorer's
// workbench); what it found travels in this JSON form to the check's child processes (the device step, the
// simulator) and back in the check's report, so no later step reads the source again.
nlohmann::json toJson(const SignatureCheck& s);
SignatureCheck signatureFromJson(const nlohmann::json& j);  // throws rl::Error (BadInput) naming what is wrong

}  // namespace rl::workbench
