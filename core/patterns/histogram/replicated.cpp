// replicated: the descriptor and the CPU model of kernels/histogram/replicated.cl.
// Lesson, cost and requirements are read from the kernel's banner; the model is what device traces are tested against.
#include "core/patterns/histogram/model_histogram.h"
#include "core/patterns/histogram/variants.h"

namespace rl::variants {
namespace {

GroupTrace stages(const ModelInput& in) {
    return model::privatizedGroup(in, {model::TileOrder::Interleaved, binCopies(model::modelBinning(in).bins)});
}

}  // namespace

VariantInfo replicated() {
    VariantInfo v = histogramVariant("replicated", "Copies of the bins per work-group, against contention");
    v.elementsPerItemSettable = true;
    v.defaultElementsPerItem = 4;
    v.timedElementsPerItem = 64;
    v.replicatesBins = true;
    v.model = &stages;
    return v;
}

}  // namespace rl::variants
