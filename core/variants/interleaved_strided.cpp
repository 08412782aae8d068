// Descriptor of kernels/interleaved-strided.cl (Harris step 2).
#include "core/variants/descriptors.h"

namespace rl::variants {

VariantInfo interleavedStrided() {
    VariantInfo v;
    v.id = "interleaved-strided";
    v.title = "Interleaved addressing, strided index";
    v.harrisStep = 2;
    v.lesson =
        "The same pairs as step 1, handed to the first work-items: at stride s, work-item i works on index 2*s*i "
        "(while it is inside the work-group) and adds cell index+s into cell index. The active work-items are now a "
        "contiguous block, so whole SIMD groups are busy or idle together: no divergence and no modulo. The cost "
        "moves to local memory: neighbouring lanes touch cells 2s apart, so with 32 banks one bank serves 2, 4, 8, "
        "... distinct words in one access (bank conflicts doubling with the stride), and each conflict serialises.";
    v.requirements = "power-of-two work-group size";
    v.toggles.compactBranching = true;
    return v;
}

}  // namespace rl::variants
