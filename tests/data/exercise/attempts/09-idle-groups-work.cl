// expect speedup_over_starter: the exercise asks for
// Many elements per work-item, but the work-groups past the end run the whole tree over identities.
#define EPI 32
__kernel void reduce(__global const T *in, __global T *out, const uint n, __local T *scratch) {
    const uint lid = get_local_id(0);
    const uint lsize = get_local_size(0);
    const ulong base = (ulong)get_group_id(0) * lsize * EPI;
    T acc = RL_IDENTITY;
    if (base < n) {
        for (uint k = 0; k < EPI; ++k) {
            const ulong i = base + (ulong)k * lsize + lid;
            if (i < n) acc = RL_APPLY(acc, in[i]);
        }
    }
    scratch[lid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s) scratch[lid] = RL_APPLY(scratch[lid], scratch[lid + s]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) out[get_group_id(0)] = scratch[0];
}
