// starter.cl: my scan, Hillis and Steele's steps.
// Ctrl+Enter saves, builds, checks and traces it. Scan one tile
// into out and its total into sums; ReduceLab scans the totals
// and adds each tile's offset (docs/kernels.md: "A scan kernel").
__kernel void scan(__global const T *in, __global T *out,
                   __global T *sums, const uint n,
                   __local T *scratch) {
    const uint lid = get_local_id(0);
    const uint size = get_local_size(0);
    const uint gid = get_global_id(0);
    // Two buffers: each step reads one and writes the other.
    __local T *src = scratch;
    __local T *dst = scratch + size;
    src[lid] = gid < n ? in[gid] : RL_IDENTITY;
    barrier(CLK_LOCAL_MEM_FENCE);
    // Step d: every cell takes in the cell d places to its left.
    for (uint d = 1; d < size; d *= 2) {
        dst[lid] = lid >= d ? RL_APPLY(src[lid - d], src[lid]) : src[lid];
        barrier(CLK_LOCAL_MEM_FENCE);  // this step's writes, seen
        __local T *t = src;
        src = dst;
        dst = t;
    }
#if defined(RL_EXCLUSIVE)
    if (gid < n) out[gid] = lid > 0 ? src[lid - 1] : RL_IDENTITY;
#else
    if (gid < n) out[gid] = src[lid];
#endif
    if (lid == size - 1) sums[get_group_id(0)] = src[lid];  // the total
}
