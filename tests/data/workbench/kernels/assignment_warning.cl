// assignment_warning.cl: a right reduce that builds with a warning on line 12 (an assignment used as a condition;
// clang asks for parentheses to show it is meant).
__kernel void reduce(__global const T *in, __global T *out, const uint n, __local T *scratch) {
    const uint lid = get_local_id(0);
    const uint gid = get_global_id(0);
    scratch[lid] = gid < n ? in[gid] : RL_IDENTITY;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint s = get_local_size(0) / 2;
    while (s > 0) {
        if (lid < s) scratch[lid] = RL_APPLY(scratch[lid], scratch[lid + s]);
        barrier(CLK_LOCAL_MEM_FENCE);
        if (s = s / 2) continue;
    }
    if (lid == 0) out[get_group_id(0)] = scratch[0];
}
