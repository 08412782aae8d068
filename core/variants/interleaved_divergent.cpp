// Descriptor of kernels/interleaved-divergent.cl (Harris step 1).
#include "core/variants/descriptors.h"

namespace rl::variants {

VariantInfo interleavedDivergent() {
    VariantInfo v;
    v.id = "interleaved-divergent";
    v.title = "Interleaved addressing, divergent branch";
    v.harrisStep = 1;
    v.lesson =
        "The textbook tree: at stride s = 1, 2, 4, ... work-item i adds cell i+s into cell i when i % (2s) == 0, so "
        "partial results gather at the multiples of 2s and cell 0 ends with the group's value. It is correct and "
        "easy to follow, but the busy work-items are scattered: from the first stage on, every SIMD group mixes "
        "active and idle lanes (divergence), so each warp pays for its busiest lane and none ever retires early, and "
        "the modulo is itself a slow instruction on GPUs.";
    v.requirements = "power-of-two work-group size";
    return v;  // all toggles off: interleaved addressing, divergent branching
}

}  // namespace rl::variants
