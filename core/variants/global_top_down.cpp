// Descriptor of kernels/global-top-down.cl (Lawlor's one-launch top-down loop): wrong past one work-group.
#include "core/variants/descriptors.h"

namespace rl::variants {

VariantInfo globalTopDown() {
    VariantInfo v;
    v.id = "global-top-down";
    v.title = "Global memory, top-down, one launch with barrier(CLK_GLOBAL_MEM_FENCE)";
    v.lesson =
        "One launch that loops: while m > 1, work-item i adds arr[i + ceil(m/2)] into arr[i], then a barrier, then "
        "m = ceil(m/2). Saving the log2(n) launches made it twice as fast in Lawlor's lecture, but a barrier only "
        "waits for the work-items of one work-group, whatever fence it names: there is no barrier between "
        "work-groups in OpenCL. So it is right only while a single work-group covers the input, and silently wrong "
        "past that.";
    v.requirements = "any work-group size; correct only when N <= 2 x work-group size (one work-group)";
    v.kind = VariantKind::GlobalTopDown;
    v.needsPow2WorkGroup = false;
    v.correctByDesign = false;
    v.wrongReason =
        "barrier() only synchronises the work-items of one work-group, so with more than one work-group (N > 2 x "
        "work-group size, as ceil(N/2) work-items run) a group can read a cell that another group has not updated "
        "yet in the previous round; it is correct only when one work-group covers the input";
    return v;
}

}  // namespace rl::variants
