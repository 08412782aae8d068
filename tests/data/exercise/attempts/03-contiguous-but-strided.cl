// expect bank_conflict_degree: bank conflicts
// The active work-items chosen contiguously (lid < lsize / (2 * s)), as the last exercise taught, but each still
// works on cell 2 * s * lid: neighbouring lanes 2 * s cells apart, so in the same banks.
__kernel void reduce(__global const T *in, __global T *out, const uint n, __local T *scratch) {
    const uint lid = get_local_id(0);
    const uint gid = get_global_id(0);
    const uint lsize = get_local_size(0);
    scratch[lid] = gid < n ? in[gid] : RL_IDENTITY;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = 1; s < lsize; s *= 2) {
        if (lid < lsize / (2 * s)) {
            const uint index = 2 * s * lid;
            scratch[index] = RL_APPLY(scratch[index], scratch[index + s]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) out[get_group_id(0)] = scratch[0];
}
