// Descriptor of kernels/grid-stride.cl: the fixed grid and grid-stride vector loads of best-gpu, in two launches.
#include "core/variants/descriptors.h"

namespace rl::variants {

VariantInfo gridStride() {
    VariantInfo v;
    v.id = "grid-stride";
    v.title = "Grid-stride vector loads on a fixed grid, two launches";
    v.lesson =
        "A reduction is limited by memory, not arithmetic, so the fastest GPU kernel is the one that keeps the most "
        "loads in flight with the least else: a fixed grid of a few work-groups per compute unit, each work-item "
        "walking the input grid-stride in 16-byte vectors (neighbouring work-items read neighbouring vectors, four "
        "independent loads per step), one tree per work-group at the very end, and a second launch with one "
        "work-group for the few hundred partials. At large N it runs at the speed of a copy kernel's reads; at small "
        "N the second launch costs about as much as the first (a launch costs microseconds on a GPU), which is what "
        "best-gpu removes. On a CPU device the same walk is the worst possible: see best-cpu.";
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
