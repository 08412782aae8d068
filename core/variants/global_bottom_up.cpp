// Descriptor of kernels/global-bottom-up.cl (Lawlor's bottom-up tree, one launch per level).
#include "core/variants/descriptors.h"

namespace rl::variants {

VariantInfo globalBottomUp() {
    VariantInfo v;
    v.id = "global-bottom-up";
    v.title = "Global memory, bottom-up, one launch per level";
    v.lesson =
        "No local memory and no barrier: launch k (step 2, 4, 8, ...) has ceil(n/step) work-items and work-item i "
        "adds arr[step*i + step/2] into arr[step*i]. The end of each launch synchronises the whole device, so it "
        "is correct with any number of work-groups, at the price of log2(n) launches and a trip through global "
        "memory at every level. The active work-items stay contiguous, but the cells they touch spread `step` "
        "apart, so memory accesses coalesce worse and worse as the tree climbs (Lawlor's lecture).";
    v.requirements = "any work-group size; log2(N) launches over a copy of the input";
    v.kind = VariantKind::GlobalBottomUp;
    v.needsPow2WorkGroup = false;
    return v;
}

}  // namespace rl::variants
