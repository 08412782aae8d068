// Descriptor of kernels/best-gpu.cl: ReduceLab's best kernel for GPUs, one launch.
#include "core/variants/descriptors.h"

namespace rl::variants {

VariantInfo bestGpu() {
    VariantInfo v;
    v.id = "best-gpu";
    v.title = "Best for GPUs: grid-stride, one launch, last group finishes";
    v.lesson =
        "A reduction is limited by memory, not arithmetic: a fixed grid of a few work-groups per compute unit, each "
        "work-item walking the input grid-stride in 16-byte vectors, runs at the speed of a copy kernel's reads "
        "(see grid-stride). What is left is the cost of launching: a second launch for the few hundred partials "
        "costs microseconds, as much as reading megabytes. So the last work-group to finish reduces them in the "
        "same launch: each group publishes its partial as one 64-bit atomic word tagged with the launch, then draws "
        "a ticket from a global counter; the group that draws the last ticket reads every partial atomically and "
        "runs one more tree. Only atomics cross between work-groups, because OpenCL 1.2 promises nothing else "
        "about what one work-group sees of another's writes.";
    v.requirements = "power-of-two work-group size; 64-bit atomics (cl_khr_int64_base_atomics)";
    v.kind = VariantKind::LastGroup;
    v.toggles.sequentialAddressing = true;
    v.toggles.compactBranching = true;
    v.toggles.multiElement = true;
    v.toggles.vectorLoads = true;
    v.groupsPerComputeUnit = 4;
    v.defaultElementsPerItem = 4;  // at least one vector per work-item before the grid stops growing
    v.needsInt64Atomics = true;
    return v;
}

}  // namespace rl::variants
