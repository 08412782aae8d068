// Descriptor of kernels/sub-group-reduce.cl (sub_group_reduce_* then a local tree over the sub-group partials).
#include "core/variants/descriptors.h"

namespace rl::variants {

VariantInfo subGroupReduce() {
    VariantInfo v;
    v.id = "sub-group-reduce";
    v.title = "Built-in sub_group_reduce, then a tree over the partials";
    v.lesson =
        "A sub-group is the hardware's SIMD group (warp, wavefront) made visible to OpenCL: sub_group_reduce_add "
        "reduces it through registers with no local memory and no barrier, the safe form of Harris's unrolled last "
        "warp. Only one partial per sub-group goes to local memory, and the tree over those is log2(wg / sub-group "
        "size) stages instead of log2(wg). The sub-group size is the device's choice, so the number of partials "
        "changes from device to device.";
    v.requirements = "sub-group functions (cl_khr_subgroups, or OpenCL C 3.0 with __opencl_c_subgroups); any "
                     "work-group size";
    v.kind = VariantKind::BuiltinSubGroup;
    v.needsPow2WorkGroup = false;
    v.needsSubGroups = true;
    return v;
}

}  // namespace rl::variants
