// Descriptor of kernels/best-cpu.cl: ReduceLab's best kernel for CPU devices.
#include "core/variants/descriptors.h"

namespace rl::variants {

VariantInfo bestCpu() {
    VariantInfo v;
    v.id = "best-cpu";
    v.title = "Best for CPUs: one contiguous chunk per work-item, 64-byte vectors";
    v.lesson =
        "A CPU OpenCL runtime runs each work-item's code to the next barrier before starting the next work-item, so "
        "a GPU-style grid-stride loop walks the whole input once per work-item and fetches every cache line again "
        "for each of the work-items that share it. Here each work-item owns one contiguous chunk instead (neighbours' "
        "chunks adjacent, so each group streams front to back), reads it in 16-element vectors into two "
        "accumulators (SIMD registers), and the grid is a few work-groups per core, so scheduling costs nothing. "
        "On a GPU the same pattern is uncoalesced: see best-gpu.";
    v.requirements = "power-of-two work-group size";
    v.toggles.sequentialAddressing = true;
    v.toggles.compactBranching = true;
    v.toggles.multiElement = true;
    v.toggles.vectorLoads = true;
    v.groupsPerComputeUnit = 2;
    v.defaultElementsPerItem = 16;  // at least one 16-element vector per work-item
    return v;
}

}  // namespace rl::variants
