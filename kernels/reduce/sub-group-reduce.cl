// sub-group-reduce.cl: sub_group_reduce_{add,min,max} per sub-group, then a small local tree over the partials.
//
// Lesson: a sub-group is the hardware's SIMD group (an NVIDIA warp, an AMD wavefront, an Intel SIMD8/16/32 thread)
// made visible to OpenCL. Its lanes exchange values through registers, so one built-in call reduces a whole SIMD
// group without local memory and without a barrier: the safe way to do what Harris's unrolled last warp did with
// `volatile` and lockstep assumptions. Only the sub-group partials (wg / sub-group size of them) go through local
// memory, and the tree over them is log2(wg / sub-group size) stages instead of log2(wg).
// Cost: needs sub-groups (cl_khr_subgroups, or OpenCL C 3.0 with __opencl_c_subgroups); the sub-group size is the
// device's choice, so the number of partials varies from device to device.
// Requires: sub-group functions; any work-group size.
//
// Trace: "load" is local memory after each work-item stored its element; the sub-group stage is local memory after
// each sub-group's first lane stored the sub-group's result in cell <sub-group id> (cells past the number of
// sub-groups keep their loaded values); then the tree stages over the partials. The stage parameter of the
// sub-group stage carries the device's sub-group size. Sub-groups are assumed to be runs of consecutive local ids
// (what every implementation does for 1-D work-groups; the trace test would show otherwise).

#if defined(cl_khr_subgroups)
#pragma OPENCL EXTENSION cl_khr_subgroups : enable
#endif

#if defined(RL_OP_MIN)
#define RL_SG_REDUCE(x) sub_group_reduce_min(x)
#elif defined(RL_OP_MAX)
#define RL_SG_REDUCE(x) sub_group_reduce_max(x)
#else
#define RL_SG_REDUCE(x) sub_group_reduce_add(x)
#endif

__kernel void sub_group_reduce(__global const T *in, __global T *out, const uint n, __local T *scratch RL_TRACE_PARAMS) {
    RL_TRACE_BEGIN;
    const uint lid = get_local_id(0);
    const uint gid = get_global_id(0);

    if (gid < n) RL_OP(-1, -1, lid);
    const T x = gid < n ? in[gid] : RL_IDENTITY;
    scratch[lid] = x;
    barrier(CLK_LOCAL_MEM_FENCE);  // every load is in before a partial overwrites a cell
    RL_RECORD(scratch, -1);

    const T partial = RL_SG_REDUCE(x);
    const uint sg = get_sub_group_id();
    const uint partials = get_num_sub_groups();
    if (get_sub_group_local_id() == 0) {
        RL_OP(lid, lid + get_sub_group_size() - 1, sg);  // reads its sub-group's lanes [lid, lid + size), writes sg
        scratch[sg] = partial;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    RL_RECORD(scratch, RL_BUILTIN_STAGE(get_max_sub_group_size()));

    // Sequential addressing over the partials; `partials` need not be a power of two.
    uint width = 1;
    while (width < partials) width <<= 1;
    for (uint s = width / 2; s > 0; s >>= 1) {
        if (lid < s && lid + s < partials) {
            RL_OP(lid, lid + s, lid);
            scratch[lid] = RL_APPLY(scratch[lid], scratch[lid + s]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        RL_RECORD(scratch, (int)s);
    }

    if (lid == 0) out[get_group_id(0)] = scratch[0];
}
