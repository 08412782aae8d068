// Descriptor of kernels/complete-unroll.cl (Harris step 6).
#include "core/variants/descriptors.h"

namespace rl::variants {

VariantInfo completeUnroll() {
    VariantInfo v;
    v.id = "complete-unroll";
    v.title = "Completely unrolled (work-group size fixed at build time)";
    v.harrisStep = 6;
    v.lesson =
        "If the work-group size is known when the kernel is compiled, the number of tree stages is a constant: each "
        "stage is written out in its own `#if RL_WG >= ...` block, the compiler removes the ones this size does not "
        "need, and the loop counter, its test and its shift disappear (what CUDA does with a template parameter). "
        "The load adds two elements per work-item and the tail is the correct unrolled one. The cost is one "
        "program build per work-group size, and a kernel that accepts only that size.";
    v.requirements = "power-of-two work-group size from 64 to 4096, fixed when the kernel is built";
    v.toggles.sequentialAddressing = true;
    v.toggles.compactBranching = true;
    v.toggles.firstAddDuringLoad = true;
    v.toggles.unrollLastWarp = true;
    v.toggles.completeUnroll = true;
    v.defaultElementsPerItem = 2;
    v.minWorkGroup = 64;
    v.wgFixedAtBuild = true;
    return v;
}

}  // namespace rl::variants
