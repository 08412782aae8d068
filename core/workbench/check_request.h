// What a check is asked to do: the student's text, the kernel, the launch, the device, the model and the limits.
// Plain data with a JSON form, so the simulator step (a process of its own: reducelab-sim) gets the same request.
#pragma once
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "core/run_config.h"
#include "core/workbench/check_sizes.h"
#include "core/workbench/kernel_signature.h"

namespace rl::workbench {

struct CheckRequest {
    std::string text;              // the student's kernel source
    std::string file;              // its file name (shown, and the name compiler messages use)
    std::string entry;             // the kernel to check; empty: the file's only kernel
    Pattern pattern = Pattern::Reduce;  // the launch contract it keeps: a reduction's or a scan's
    std::optional<SignatureCheck> kernel;  // what the first reader found in `text` (entry, arguments, types); the
                                           // check reads the text only when it is absent, and hands it on
    RunConfig config;              // op, type, wg; config.n is the size traced (0: four work-groups)
    std::string device;            // a device as `--device` names one; empty: the default
    std::string model;             // a built-in variant to compare the trace with; empty: none
    double timeoutSeconds = 30;    // for each of the two child processes
    bool isolate = true;           // false: run the device step in this process (tests; a hang then hangs the caller)
    bool simulate = true;          // false: no Oclgrind step (no automatic trace, no race checks)
    bool checkUninitialised = true;  // Oclgrind's uninitialised-value check (the check retries without it if it
                                     // crashes the simulator, as it does on some vector code in Oclgrind 21.10)
    bool allOpsAndTypes = true;    // also run the quick sizes for every other op and type the kernel supports
    uint64_t inputSeed = 0;        // 0: every size's input is the fixed random one (seed 1000 + n); else seed
                                   // inputSeed + n (an exercise draws it fresh per attempt: data the student never saw)
    std::vector<SizeCase> extraSizes;  // more sizes for the main op and type (an exercise's hidden sizes)
};

// The request's kernel as read: request.kernel, or `text` read now (a request made without it).
SignatureCheck kernelOf(const CheckRequest& request);

// The size the stages are recorded for: config.n, or four work-groups when it is 0; at most 65536.
size_t tracedSize(const CheckRequest& request);

nlohmann::json toJson(const CheckRequest& request);
CheckRequest checkRequestFromJson(const nlohmann::json& j);  // throws rl::Error (BadInput) naming the bad field

}  // namespace rl::workbench
