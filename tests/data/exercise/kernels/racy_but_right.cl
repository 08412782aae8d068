// racy_but_right.cl: the barrier after the load is missing. The tree gathers into the last cell, so each read is of
// a cell a lower work-item loaded: where work-items run in order of their id (a CPU runtime, Oclgrind), the sum
// comes out right. It is still a data race (on a GPU the load may not have happened yet), and the grade says so.
__kernel void reduce(__global const T *in, __global T *out, const uint n, __local T *scratch) {
    const uint lid = get_local_id(0);
    const uint gid = get_global_id(0);
    const uint lsize = get_local_size(0);
    scratch[lid] = gid < n ? in[gid] : RL_IDENTITY;
    for (uint s = lsize / 2; s > 0; s >>= 1) {
        if (lid >= lsize - s) scratch[lid] = RL_APPLY(scratch[lid], scratch[lid - s]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == lsize - 1) out[get_group_id(0)] = scratch[lsize - 1];
}
