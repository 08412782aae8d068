// Descriptor of kernels/unroll-last-warp-safe.cl (Harris step 5 with a tail OpenCL guarantees).
#include "core/variants/descriptors.h"

namespace rl::variants {

VariantInfo unrollLastWarpSafe() {
    VariantInfo v;
    v.id = "unroll-last-warp-safe";
    v.title = "Unroll the last warp (with barriers: correct)";
    v.harrisStep = 5;
    v.lesson =
        "The unrolled tail of step 5 written so OpenCL guarantees it: at each of the six steps the first 32 "
        "work-items read into a register, everyone meets at a barrier, they write, and everyone meets again. That is "
        "exactly the read-then-write order a lockstep warp gives, so its stages equal the lockstep model on every "
        "device. The price is that the barriers are back, so little of Harris's saving remains beyond the unrolled "
        "loop; keeping a tail inside one warp without barriers needs sub-group functions (see the built-ins).";
    v.requirements = "power-of-two work-group size of at least 64";
    v.toggles.sequentialAddressing = true;
    v.toggles.compactBranching = true;
    v.toggles.firstAddDuringLoad = true;
    v.toggles.unrollLastWarp = true;
    v.defaultElementsPerItem = 2;
    v.minWorkGroup = 64;
    return v;
}

}  // namespace rl::variants
