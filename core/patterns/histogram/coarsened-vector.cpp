// coarsened-vector: the descriptor and the CPU model of kernels/histogram/coarsened-vector.cl.
// Lesson, cost and requirements are read from the kernel's banner; the model is what device traces are tested against.
#include "core/patterns/histogram/model_histogram.h"
#include "core/patterns/histogram/variants.h"

namespace rl::variants {
namespace {

GroupTrace stages(const ModelInput& in) { return model::privatizedGroup(in, {model::TileOrder::Vector4}); }

}  // namespace

VariantInfo coarsened_vector() {
    VariantInfo v = histogramVariant("coarsened-vector", "Coarsened, four elements per 16-byte load");
    v.elementsPerItemSettable = true;
    v.elemsPerItemMultiple = 4;
    v.defaultElementsPerItem = 4;
    v.timedElementsPerItem = 64;
    v.model = &stages;
    return v;
}

}  // namespace rl::variants
