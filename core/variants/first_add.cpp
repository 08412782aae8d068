// Descriptor of kernels/first-add.cl (Harris step 4).
#include "core/variants/descriptors.h"

namespace rl::variants {

VariantInfo firstAdd() {
    VariantInfo v;
    v.id = "first-add";
    v.title = "First add during load";
    v.harrisStep = 4;
    v.lesson =
        "Sequential addressing idles half its work-items right after the load. Here every work-item loads two "
        "elements, in[i] and in[i + wg], and combines them before the tree, so a work-group covers twice its size "
        "and half as many groups are launched for the same input (padding past n with the identity). The tree is "
        "unchanged and now works on data that already holds two elements per cell. What remains slow is the tree's "
        "own instruction overhead: loop control, index arithmetic and a barrier per stage.";
    v.requirements = "power-of-two work-group size";
    v.toggles.sequentialAddressing = true;
    v.toggles.compactBranching = true;
    v.toggles.firstAddDuringLoad = true;
    v.defaultElementsPerItem = 2;
    return v;
}

}  // namespace rl::variants
