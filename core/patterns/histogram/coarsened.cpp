// coarsened: the descriptor and the CPU model of kernels/histogram/coarsened.cl.
// Lesson, cost and requirements are read from the kernel's banner; the model is what device traces are tested against.
#include "core/patterns/histogram/model_histogram.h"
#include "core/patterns/histogram/variants.h"

namespace rl::variants {
namespace {

GroupTrace stages(const ModelInput& in) { return model::privatizedGroup(in, {model::TileOrder::Interleaved}); }

}  // namespace

VariantInfo coarsened() {
    VariantInfo v = histogramVariant("coarsened", "Privatized, many elements per work-item, interleaved (coalesced)");
    v.elementsPerItemSettable = true;
    v.defaultElementsPerItem = 4;
    v.timedElementsPerItem = 64;
    v.model = &stages;
    return v;
}

}  // namespace rl::variants
