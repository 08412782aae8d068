// sub-group: the descriptor and the CPU model of kernels/histogram/sub-group.cl.
// Lesson, cost and requirements are read from the kernel's banner; the model is what device traces are tested against.
// Model: coarsened's steps, with the lanes of one sub-group that hold one bin counted by the lowest of them. The
// sub-group is as wide as the device made it for the run the model is compared with (RunConfig::subGroupSize, from
// its trace: 32 on NVIDIA, the warp the kernel's inline PTX takes; a CPU may make a work-group one sub-group), else
// the SIMD width the run models (--simd; 32 where 0).
#include "core/patterns/histogram/model_histogram.h"
#include "core/patterns/histogram/variants.h"

namespace rl::variants {
namespace {

GroupTrace stages(const ModelInput& in) {
    model::HistogramShape shape{model::TileOrder::Interleaved};
    const int width = !in.config ? 0 : in.config->subGroupSize > 0 ? in.config->subGroupSize : in.config->simdWidth;
    shape.subGroup = width > 0 ? size_t(width) : 32;
    return model::privatizedGroup(in, shape);
}

}  // namespace

VariantInfo sub_group() {
    VariantInfo v = histogramVariant("sub-group", "Lanes of a sub-group that hit one bin count with one atomic");
    v.elementsPerItemSettable = true;
    v.defaultElementsPerItem = 4;
    v.timedElementsPerItem = 64;
    v.needsSubGroups = true;
    v.subGroupsOnPtx = true;
    v.builtinCalls = "sub_group_any and sub_group_reduce_min/add";
    v.model = &stages;
    return v;
}

}  // namespace rl::variants
