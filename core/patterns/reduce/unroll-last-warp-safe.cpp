// unroll-last-warp-safe: the descriptor (Harris step 5 with a tail OpenCL guarantees) and the CPU model of
// kernels/reduce/unroll-last-warp-safe.cl.
// Lesson, cost and requirements are read from the kernel's banner; the model is what device traces are tested against.
#include "core/patterns/reduce/variants.h"

namespace rl::variants {

VariantInfo unroll_last_warp_safe() {
    VariantInfo v;
    v.id = "unroll-last-warp-safe";
    v.title = "Unroll the last warp (with barriers: correct)";
    v.harrisStep = 5;
    v.toggles.sequentialAddressing = true;
    v.toggles.compactBranching = true;
    v.toggles.firstAddDuringLoad = true;
    v.toggles.unrollLastWarp = true;
    v.defaultElementsPerItem = 2;
    v.minWorkGroup = 64;
    v.model = unroll_last_warp().model;  // the same stages
    return v;
}

}  // namespace rl::variants
