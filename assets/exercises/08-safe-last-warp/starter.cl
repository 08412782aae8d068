// Harris's step 5 as published: the last six steps without barriers, assuming 32 work-items in lockstep.
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
    if (lid < 32) {
        volatile __local T *v = scratch;
        v[lid] = RL_APPLY(v[lid], v[lid + 32]);
        v[lid] = RL_APPLY(v[lid], v[lid + 16]);
        v[lid] = RL_APPLY(v[lid], v[lid + 8]);
        v[lid] = RL_APPLY(v[lid], v[lid + 4]);
        v[lid] = RL_APPLY(v[lid], v[lid + 2]);
        v[lid] = RL_APPLY(v[lid], v[lid + 1]);
    }
    if (lid == 0) out[get_group_id(0)] = scratch[0];
}
