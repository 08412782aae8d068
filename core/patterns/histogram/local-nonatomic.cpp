// local-nonatomic: the descriptor and the CPU model of kernels/histogram/local-nonatomic.cl.
// Lesson, cost and requirements are read from the kernel's banner; the model is what device traces are tested against.
#include "core/patterns/histogram/model_histogram.h"
#include "core/patterns/histogram/variants.h"

namespace rl::variants {
namespace {

// The counts the kernel would give without its race (privatized's): a device that loses increments departs from it
// where it lost them.
GroupTrace stages(const ModelInput& in) { return model::privatizedGroup(in, {}); }

}  // namespace

VariantInfo local_nonatomic() {
    VariantInfo v = histogramVariant("local-nonatomic", "Local bins with a plain += (a race)");
    v.correctByDesign = false;
    v.wrongReason =
        "local_bins[b] += 1 is a read, an add and a write: work-items of one group that hit one bin together read the "
        "same old count and write the same new one, so increments are lost (most on constant data, where every "
        "work-item hits one bin). Devices that run a group's work-items one after another lose none";
    v.model = &stages;
    return v;
}

}  // namespace rl::variants
