// What the user asks for: one run's parameters, shared by the CLI, the app and the tests. A front end starts from
// defaultRunConfig() (core/files/run_settings.h: each setting's one default, from its table); the initial values
// below are the engine's, for configs built field by field (tests, timed runs).
#pragma once
#include <cstdint>
#include <string>

#include "core/types.h"

namespace rl {

// The most elements per work-item a run takes (a setting, and the longest run a timed default chooses).
inline constexpr int kMaxElemsPerItem = 4096;
// The work-group size a timed run takes unless told another (a variant may have its own on a CPU: timedWorkGroup in
// core/catalogue/pass_plan.h).
inline constexpr size_t kTimedWorkGroup = 256;

struct RunConfig {
    std::string variant = "sequential";
    size_t n = 1 << 20;
    Op op = Op::Sum;
    ElemType type = ElemType::Float;
    size_t wg = kTimedWorkGroup;
    int elemsPerItem = 0;  // 0: the variant's default (only multi-element lets the user set it)
    DataPattern data = DataPattern::Random;
    std::string dataFile;  // data == File or Text: the text file the values come from (core/input.h, readDataFile)
    uint64_t seed = 1;
    size_t groups = 0;  // fixed-grid variants: most work-groups per pass. 0: timed runs use the variant's groups
                        // per compute unit times the device's compute units; traces and the model use the
                        // variant's groups per compute unit alone (the same grid on every device)
    bool exclusive = false;    // scans: each element gets the prefix before it (true) or including it (false)
    bool finalOnHost = false;  // false: launch passes down to one value; true: the host reduces the last partials
    int simdWidth = 0;         // 0: the device's (NVIDIA 32, AMD 64, else 32)
    // Sub-group variants: the width of the sub-groups a device ran the kernel in (TraceRun::subGroupSize), which the
    // model needs to agree with that run: not a setting (no option sets it), 0 where no run says (the SIMD width).
    int subGroupSize = 0;
    int banks = 32;
    int bankWidthBytes = 4;
    // Histograms: the bins, and the range they cover (numpy's rule: equal widths, the last bin closed, values outside
    // counted nowhere). Without a range (rangeSet false) a run takes the data's minimum and maximum, as numpy does.
    size_t bins = 256;
    bool rangeSet = false;
    double rangeLo = 0, rangeHi = 0;
};

// Which work-groups a trace records. Small inputs are recorded whole; past `maxFullGroups` work-groups in a pass,
// only [firstGroup, firstGroup + groupCount) of the first pass (and group 0 of later large passes).
struct TraceSelection {
    size_t maxFullGroups = 1024;
    size_t firstGroup = 0;
    size_t groupCount = 1;

    // What the explorer and the exporters record: whole passes up to about 65536 cells (at most 1024 groups).
    static TraceSelection wholeUpToCells(size_t wg, size_t cells = 65536) {
        TraceSelection s;
        const size_t w = wg > 0 ? wg : 1;
        s.maxFullGroups = cells / w < 1 ? 1 : cells / w > 1024 ? 1024 : cells / w;
        return s;
    }
};

}  // namespace rl
