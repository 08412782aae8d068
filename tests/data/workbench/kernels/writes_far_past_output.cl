// writes_far_past_output.cl: each work-group's partial is written at an index scaled by a huge stride, far past the
// end of `out`. On a CPU device this takes the process running it down (a segmentation fault); the check reports a
// crash of the step, not a crash of ReduceLab, and Oclgrind shows the line of the write.
__kernel void reduce(__global const T *in, __global T *out, const uint n, __local T *scratch) {
    const uint lid = get_local_id(0);
    const uint gid = get_global_id(0);
    scratch[lid] = gid < n ? in[gid] : RL_IDENTITY;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s) scratch[lid] = RL_APPLY(scratch[lid], scratch[lid + s]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) out[(ulong)get_group_id(0) * 0x40000000ul + 0x40000000ul] = scratch[0];
}
