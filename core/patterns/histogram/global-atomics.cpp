// global-atomics: the descriptor and the CPU model of kernels/histogram/global-atomics.cl.
// Lesson, cost and requirements are read from the kernel's banner; the model is what device traces are tested against.
#include "core/patterns/histogram/model_histogram.h"
#include "core/patterns/histogram/variants.h"

namespace rl::variants {
namespace {

GroupTrace stages(const ModelInput& in) { return model::globalAtomicsGroup(in); }

}  // namespace

VariantInfo global_atomics() {
    VariantInfo v = histogramVariant("global-atomics", "One global atomic increment per element");
    v.localBins = false;
    v.model = &stages;
    return v;
}

}  // namespace rl::variants
