// Descriptor of kernels/multi-element.cl (Harris step 7).
#include "core/variants/descriptors.h"

namespace rl::variants {

VariantInfo multiElement() {
    VariantInfo v;
    v.id = "multi-element";
    v.title = "Multiple elements per work-item (grid-stride)";
    v.harrisStep = 7;
    v.lesson =
        "Combining values in a register needs no barrier, so before the tree each work-item reduces several elements "
        "on its own, reading grid-stride (at every step neighbouring work-items read neighbouring addresses, so loads "
        "stay coalesced). With E elements per work-item a pass launches E times fewer groups, the tree's fixed cost "
        "(stages, barriers, one partial per group) is spread over E times more data, and fewer passes are needed. "
        "Then the completely unrolled tree runs. Too large an E leaves compute units without work on small inputs, "
        "and each E sums floats in a different order, so the rounding differs (each is exact to its own model).";
    v.requirements =
        "power-of-two work-group size from 64 to 4096, fixed when the kernel is built; elements per work-item >= 1";
    v.toggles.sequentialAddressing = true;
    v.toggles.compactBranching = true;
    v.toggles.firstAddDuringLoad = true;
    v.toggles.unrollLastWarp = true;
    v.toggles.completeUnroll = true;
    v.toggles.multiElement = true;
    v.minWorkGroup = 64;
    v.wgFixedAtBuild = true;
    v.elementsPerItemSettable = true;
    v.defaultElementsPerItem = 8;
    return v;
}

}  // namespace rl::variants
