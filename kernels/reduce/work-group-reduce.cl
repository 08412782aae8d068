// work-group-reduce.cl: the OpenCL C 2.0 built-in work_group_reduce_{add,min,max}.
//
// Lesson: since OpenCL C 2.0 the whole work-group tree is one library call. The driver picks the fastest tree for
// the hardware (sub-group shuffles, then a little local memory), so the kernel has no local array, no barrier and
// no stride loop of its own: each work-item passes its value and every work-item gets the group's result.
// Cost: the devices that offer it (OpenCL C 2.0, or 3.0 with __opencl_c_work_group_collective_functions) are fewer
// than those that run the hand-written trees, and what it does inside is hidden: the trace shows only the values
// going in and the result coming out.
// Requires: work-group collective functions (OpenCL C 2.0, built with -cl-std=CL2.0); any work-group size.
//
// Trace: there is no local memory to record, so each stage records every work-item's private value in its own
// cell: "load" (the element it loaded, the identity past N), then the built-in's stage (the result, in every cell).

#if defined(RL_OP_MIN)
#define RL_WG_REDUCE(x) work_group_reduce_min(x)
#elif defined(RL_OP_MAX)
#define RL_WG_REDUCE(x) work_group_reduce_max(x)
#else
#define RL_WG_REDUCE(x) work_group_reduce_add(x)
#endif

__kernel void work_group_reduce(__global const T *in, __global T *out, const uint n, __local T *scratch RL_TRACE_PARAMS) {
    RL_TRACE_BEGIN;
    const uint lid = get_local_id(0);
    const uint gid = get_global_id(0);
    (void)scratch;  // the built-in brings its own; the argument keeps the launch the same as the tree kernels'

    if (gid < n) RL_OP(-1, -1, lid);
    const T x = gid < n ? in[gid] : RL_IDENTITY;
    RL_RECORD_VALUE(x, -1);

    RL_OP(lid, -1, lid);  // every work-item gives its value and receives the group's result
    const T total = RL_WG_REDUCE(x);
    RL_RECORD_VALUE(total, RL_BUILTIN_STAGE(get_local_size(0)));

    if (lid == 0) out[get_group_id(0)] = total;
}
