// Descriptor of kernels/work-group-reduce.cl (OpenCL C 2.0 built-in work_group_reduce_*).
#include "core/variants/descriptors.h"

namespace rl::variants {

VariantInfo workGroupReduce() {
    VariantInfo v;
    v.id = "work-group-reduce";
    v.title = "Built-in work_group_reduce (OpenCL C 2.0)";
    v.lesson =
        "The whole work-group tree is one call: each work-item passes its value to work_group_reduce_add/min/max and "
        "every work-item receives the group's result. The driver chooses the tree (usually sub-group shuffles, then "
        "a little local memory), so the kernel has no local array, no barrier and no stride loop. What happens "
        "inside is the driver's: the trace shows only the values going in and the result coming out, and for float "
        "sums the order of the additions (so the last bits) is the driver's too.";
    v.requirements = "work-group collective functions (OpenCL C 2.0, or 3.0 with "
                     "__opencl_c_work_group_collective_functions); any work-group size";
    v.kind = VariantKind::BuiltinWorkGroup;
    v.needsPow2WorkGroup = false;
    v.needsOpenCL20 = true;
    return v;
}

}  // namespace rl::variants
