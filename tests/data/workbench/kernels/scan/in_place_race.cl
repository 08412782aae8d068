// Hillis and Steele's steps in one buffer: a work-item reads the cell d to its left while that cell's own
// work-item may already have written this step's value into it. A data race.
__kernel void scan(__global const T *in, __global T *out, __global T *sums, const uint n, __local T *scratch) {
    const uint lid = get_local_id(0);
    const uint size = get_local_size(0);
    const uint gid = get_global_id(0);
    scratch[lid] = gid < n ? in[gid] : RL_IDENTITY;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint d = 1; d < size; d *= 2) {
        if (lid >= d) scratch[lid] = RL_APPLY(scratch[lid - d], scratch[lid]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (gid < n) out[gid] = scratch[lid];
    if (lid == size - 1) sums[get_group_id(0)] = scratch[lid];
}
