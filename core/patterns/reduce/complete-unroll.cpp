// complete-unroll: the descriptor (Harris step 6) and the CPU model of kernels/reduce/complete-unroll.cl.
// Lesson, cost and requirements are read from the kernel's banner; the model is what device traces are tested against.
#include "core/patterns/reduce/variants.h"

namespace rl::variants {

VariantInfo complete_unroll() {
    VariantInfo v;
    v.id = "complete-unroll";
    v.title = "Completely unrolled (work-group size fixed at build time)";
    v.harrisStep = 6;
    v.toggles.sequentialAddressing = true;
    v.toggles.compactBranching = true;
    v.toggles.firstAddDuringLoad = true;
    v.toggles.unrollLastWarp = true;
    v.toggles.completeUnroll = true;
    v.defaultElementsPerItem = 2;
    v.minWorkGroup = 64;
    v.wgFixedAtBuild = true;
    v.model = unroll_last_warp().model;  // the same stages
    return v;
}

}  // namespace rl::variants
