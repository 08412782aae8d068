// privatized: the descriptor and the CPU model of kernels/histogram/privatized.cl.
// Lesson, cost and requirements are read from the kernel's banner; the model is what device traces are tested against.
#include "core/patterns/histogram/model_histogram.h"
#include "core/patterns/histogram/variants.h"

namespace rl::variants {
namespace {

GroupTrace stages(const ModelInput& in) { return model::privatizedGroup(in, {}); }

}  // namespace

VariantInfo privatized() {
    VariantInfo v = histogramVariant("privatized", "Private local bins with local atomics, merged once");

    v.model = &stages;
    return v;
}

}  // namespace rl::variants
