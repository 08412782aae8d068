// Descriptor of kernels/sequential.cl (Harris step 3).
#include "core/variants/descriptors.h"

namespace rl::variants {

VariantInfo sequential() {
    VariantInfo v;
    v.id = "sequential";
    v.title = "Sequential addressing";
    v.harrisStep = 3;
    v.lesson =
        "Halve the stride instead of doubling it: at stride s, work-item i (i < s) adds cell i+s into cell i. The "
        "active work-items stay contiguous, so whole SIMD groups retire together (no divergence until fewer than "
        "SIMD-width remain), and consecutive work-items read consecutive words, so there are no bank conflicts. "
        "Cost: half the work-items idle from the first stage on.";
    v.requirements = "power-of-two work-group size";
    v.toggles.sequentialAddressing = true;
    v.toggles.compactBranching = true;
    return v;
}

}  // namespace rl::variants
