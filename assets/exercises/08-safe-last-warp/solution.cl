// Solution: the same unrolled tail, each step read / barrier / write / barrier, so no lockstep is assumed.
__kernel void reduce(__global const T *in, __global T *out, const uint n, __local T *scratch) {
    const uint lid = get_local_id(0);
    const uint lsize = get_local_size(0);
    const uint i = get_group_id(0) * (2 * lsize) + lid;
    const T a = i < n ? in[i] : RL_IDENTITY;
    const T b = i + lsize < n ? in[i + lsize] : RL_IDENTITY;
    scratch[lid] = RL_APPLY(a, b);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = lsize / 2; s > 32; s >>= 1) {
        if (lid < s) scratch[lid] = RL_APPLY(scratch[lid], scratch[lid + s]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    T x;
    x = lid < 32 ? RL_APPLY(scratch[lid], scratch[lid + 32]) : RL_IDENTITY;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < 32) scratch[lid] = x;
    barrier(CLK_LOCAL_MEM_FENCE);
    x = lid < 32 ? RL_APPLY(scratch[lid], scratch[lid + 16]) : RL_IDENTITY;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < 32) scratch[lid] = x;
    barrier(CLK_LOCAL_MEM_FENCE);
    x = lid < 32 ? RL_APPLY(scratch[lid], scratch[lid + 8]) : RL_IDENTITY;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < 32) scratch[lid] = x;
    barrier(CLK_LOCAL_MEM_FENCE);
    x = lid < 32 ? RL_APPLY(scratch[lid], scratch[lid + 4]) : RL_IDENTITY;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < 32) scratch[lid] = x;
    barrier(CLK_LOCAL_MEM_FENCE);
    x = lid < 32 ? RL_APPLY(scratch[lid], scratch[lid + 2]) : RL_IDENTITY;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < 32) scratch[lid] = x;
    barrier(CLK_LOCAL_MEM_FENCE);
    x = lid < 32 ? RL_APPLY(scratch[lid], scratch[lid + 1]) : RL_IDENTITY;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < 32) scratch[lid] = x;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0) out[get_group_id(0)] = scratch[0];
}
