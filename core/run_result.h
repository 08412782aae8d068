// What a timed run and a copy-ceiling measurement produced, as plain data (no OpenCL): the engine fills it, the CLI,
// the explorer, sessions and JSON read it.
#pragma once
#include <string>
#include <vector>

#include "core/catalogue/pass_plan.h"
#include "core/run_config.h"

namespace rl {

struct PassTiming {
    PassPlan plan;
    std::string role;  // "" for a planned pass; else what the launch does over that pass's elements ("uniform add")
    double medianMs = 0, minMs = 0, maxMs = 0;  // event-profiled kernel time over the timed repeats
};

struct RunResult {
    std::string variant, device;
    Pattern pattern = Pattern::Reduce;  // what the kernel computed: a student's kernel is in no registry
    RunConfig config;
    double result = 0, reference = 0;
    bool correct = false;
    std::string verdict;  // why the result is accepted or not; for a wrong-by-design variant, also the reason
    std::vector<PassTiming> passes;
    double medianMs = 0, minMs = 0, maxMs = 0;  // whole reduction (sum of the passes' kernel times per repeat)
    double hostFinalMs = 0;                      // host time to reduce the last partials (finalOnHost)
    int repeats = 1;
    double gbps() const;  // effective bandwidth: the bytes the pattern must move (a reduction reads n elements, a
                          // scan reads and writes them) / median time
};

struct CopyCeiling {
    size_t n = 0;
    double medianMs = 0, minMs = 0, maxMs = 0;
    double gbps = 0;  // bytes read + bytes written / median time
};

// The median of a set of samples (0 for none).
double median(std::vector<double> values);

}  // namespace rl
