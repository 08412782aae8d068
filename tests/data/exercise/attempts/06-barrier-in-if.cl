// expect no_barrier_divergence: a barrier not reached by every work-item
// The barrier put back, but inside the if: only the active work-items reach it.
__kernel void reduce(__global const T *in, __global T *out, const uint n, __local T *scratch) {
    const uint lid = get_local_id(0);
    const uint gid = get_global_id(0);
    scratch[lid] = gid < n ? in[gid] : RL_IDENTITY;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s) {
            scratch[lid] = RL_APPLY(scratch[lid], scratch[lid + s]);
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    }
    if (lid == 0) out[get_group_id(0)] = scratch[0];
}
