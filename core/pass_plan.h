// How a full reduction splits into passes (launches): pure host logic, shared by timed and traced runs.
#pragma once
#include <string>
#include <vector>

#include "core/run_config.h"
#include "core/trace.h"
#include "core/variant.h"

namespace rl {

struct PassPlan {
    size_t n = 0;          // elements this pass reduces
    size_t groups = 0;     // work-groups
    size_t global = 0;     // global work size
    size_t local = 0;      // work-group size
    int elemsPerItem = 1;  // input elements per work-item (for the local tree kinds)
    int step = 0;          // for the global bottom-up kind: the launch's step (2, 4, 8, ...)
    bool inPreviousLaunch = false;  // runs inside the previous pass's launch (LastGroup: the last group to finish)
};

// The elements each work-item loads for this variant and config (the user's choice for multi-element).
int effectiveElemsPerItem(const VariantInfo& variant, const RunConfig& config);

// The grid a timed run launches when the config names none (RunConfig::groups == 0), from the device's compute
// units. Fixed-grid variants: groupsPerComputeUnit x units. best-gpu (LastGroup) chooses per size (issue 14, see
// BENCHMARKS.md): at most that many groups, rounded down to a whole multiple of the work-group size (the last group
// reads the partials wg at a time, one atomic round trip per round: 528 partials took three rounds, 512 take two,
// and a power-of-two input then splits evenly over the work-items), and no more groups than give every work-item
// kLastGroupMinElemsPerItem elements (two steps of four 16-byte loads): below that, a bigger grid only adds partials,
// tickets on one counter and rounds to the finish, and work-items that wait on the launch more than on memory.
inline constexpr size_t kLastGroupMinElemsPerItem = 32;
size_t timedGrid(const VariantInfo& variant, size_t n, size_t wg, int computeUnits);

// The passes of a full reduction. With config.finalOnHost, device passes stop once at most config.wg partials
// remain (at least one pass runs); the host reduces those.
std::vector<PassPlan> planPasses(const VariantInfo& variant, const RunConfig& config);

// A PassTrace for pass `index` with the plan's shape (n, groups, global, local) and no groups recorded yet.
PassTrace passTraceOf(const PassPlan& pass, size_t index);

// The number of partials the last planned pass leaves (1 unless the host finishes).
size_t partialsAfter(const PassPlan& pass, const VariantInfo& variant);

// The work-groups of pass `pass` a trace records (core/run_config.h's TraceSelection): all of them up to
// selection.maxFullGroups, else the selected range of the first pass and group 0 of later ones.
void chooseTracedGroups(size_t groups, size_t pass, const TraceSelection& selection, size_t* first, size_t* count);

}  // namespace rl
