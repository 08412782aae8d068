// aggregated: the descriptor and the CPU model of kernels/histogram/aggregated.cl.
// Lesson, cost and requirements are read from the kernel's banner; the model is what device traces are tested against.
#include "core/patterns/histogram/model_histogram.h"
#include "core/patterns/histogram/variants.h"

namespace rl::variants {
namespace {

GroupTrace stages(const ModelInput& in) {
    return model::privatizedGroup(in, {model::TileOrder::Contiguous, 1, true});
}

}  // namespace

VariantInfo aggregated() {
    VariantInfo v = histogramVariant("aggregated", "Runs of equal bins counted with one atomic");
    v.elementsPerItemSettable = true;
    v.defaultElementsPerItem = 4;
    v.timedElementsPerItem = 64;
    v.model = &stages;
    return v;
}

}  // namespace rl::variants
