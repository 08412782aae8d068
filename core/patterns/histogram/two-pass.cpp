// two-pass: the descriptor and the CPU model of kernels/histogram/two-pass.cl.
// Lesson, cost and requirements are read from the kernel's banner; the model is what device traces are tested against.
#include "core/patterns/histogram/model_histogram.h"
#include "core/patterns/histogram/variants.h"

namespace rl::variants {
namespace {

GroupTrace stages(const ModelInput& in) { return model::privatizedGroup(in, {model::TileOrder::Interleaved}); }

}  // namespace

VariantInfo two_pass() {
    VariantInfo v = histogramVariant("two-pass", "Per-group histograms written out, then summed (no global atomics)");
    v.kind = VariantKind::HistogramTwoPass;
    v.elementsPerItemSettable = true;
    v.defaultElementsPerItem = 4;
    v.timedElementsPerItem = 64;
    v.model = &stages;
    return v;
}

}  // namespace rl::variants
