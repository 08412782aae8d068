// Runs a reduction or scan kernel on Oclgrind, the OpenCL simulator (Debian's liboclgrind), in this process and
// without any OpenCL runtime: every pass of a local-tree launch (every level of a tiled scan, then its uniform adds),
// its stages recorded by TracePlugin whether or not the kernel uses the recording macros, and Oclgrind's own checks (data races, uninitialised reads, out-of-bounds accesses,
// barrier divergence) read back as findings on the student's lines. A kernel that never ends never returns from
// simulate(): run it in a child process with a time limit (core/process/child_process.h).
#pragma once
#include <string>
#include <vector>

#include "core/input.h"
#include "core/run_config.h"
#include "core/trace.h"
#include "core/catalogue/variant.h"
#include "core/workbench/check_report.h"
#include "core/workbench/findings.h"

namespace rl::sim {

struct SimRun {
    bool built = false;
    std::string buildLog;
    std::vector<PassTrace> passes;   // every pass, its traced groups' stages
    double result = 0;               // the value the last pass left (the host finishes any remaining partials); a
                                     // scan's last element
    std::vector<double> output;      // a scan: every element, as the uniform adds left them
    std::vector<workbench::Finding> findings;
    workbench::InputReads inputReads;  // the first pass's loads of its input, per element and work-group
};

// Whether this build has the simulator (liboclgrind-dev and llvm-*-dev were found when it was configured).
bool available();

// Why it is missing, with what to install; empty when available().
std::string unavailableReason();

// Runs `variant` (a built-in local-tree or tiled-scan variant, or a student's: its source) on `input` as `config`
// launches it. `file` is the student's file name (findings and stage lines keep only its lines; empty for a
// built-in). Throws rl::Error (Unsupported) for other kinds, or when !available().
// `uninitialised`: Oclgrind's uninitialised-value check, which crashes on some vector code in Oclgrind 21.10.
SimRun simulate(const VariantInfo& variant, const RunConfig& config, const HostArray& input,
                const TraceSelection& selection, const std::string& file, bool uninitialised = true);

}  // namespace rl::sim
