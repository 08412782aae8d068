// per-work-item: the descriptor and the CPU model of kernels/histogram/per-work-item.cl.
// Lesson, cost and requirements are read from the kernel's banner; the model is what device traces are tested against.
#include "core/catalogue/pass_plan.h"
#include "core/patterns/histogram/model_histogram.h"
#include "core/patterns/histogram/variants.h"

namespace rl::variants {
namespace {

// Copy r of the bins is work-item r's: replicated's layout with as many copies as work-items; the group's tiles in
// turn (a fixed grid).
GroupTrace stages(const ModelInput& in) {
    const size_t tileElems = size_t(effectiveElemsPerItem(in.variant, *in.config));
    return model::privatizedGroup(in, {model::TileOrder::Contiguous, in.pass.local, false, tileElems});
}

}  // namespace

VariantInfo per_work_item() {
    VariantInfo v = histogramVariant("per-work-item", "Bins of its own per work-item, no atomics while counting");
    v.elementsPerItemSettable = true;
    v.defaultElementsPerItem = 4;
    v.timedElementsPerItem = 4096;
    v.timedWorkGroupOnCpu = 4;
    // A fixed grid, as best-cpu's for the reduction: two groups per core for small inputs, then one per 2^18
    // elements, at most 128 per core, so that PoCL's threads share the groups out evenly.
    v.groupsPerComputeUnit = 2;
    v.elemsPerGrownGroup = size_t(1) << 18;
    v.maxGroupsPerComputeUnit = 128;
    v.binsPerWorkItem = true;
    v.model = &stages;
    return v;
}

}  // namespace rl::variants
