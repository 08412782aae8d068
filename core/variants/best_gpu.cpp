// Descriptor of kernels/best-gpu.cl: ReduceLab's best kernel for GPUs.
#include "core/variants/descriptors.h"

namespace rl::variants {

VariantInfo bestGpu() {
    VariantInfo v;
    v.id = "best-gpu";
    v.title = "Best for GPUs: fixed grid, vector loads, grid-stride";
    v.lesson =
        "A reduction is limited by memory, not arithmetic, so the fastest GPU kernel is the one that keeps the most "
        "loads in flight with the least else: a fixed grid of a few work-groups per compute unit, each work-item "
        "walking the input grid-stride in 16-byte vectors (neighbouring work-items read neighbouring vectors, four "
        "independent loads per step), one tree per work-group at the very end, and a second launch with one "
        "work-group for the few hundred partials. It runs at the speed of a copy kernel's reads. On a CPU device the "
        "same walk is the worst possible: see best-cpu.";
    v.requirements = "power-of-two work-group size";
    v.toggles.sequentialAddressing = true;
    v.toggles.compactBranching = true;
    v.toggles.multiElement = true;
    v.toggles.vectorLoads = true;
    v.groupsPerComputeUnit = 4;
    v.defaultElementsPerItem = 4;  // at least one vector per work-item before the grid stops growing
    return v;
}

}  // namespace rl::variants
