// hillis-steele.cl: scan, step 1: Hillis and Steele's scan (Kogge-Stone), double-buffered.
//
// Lesson: every prefix at once. In step d (d = 1, 2, 4, ... below the tile's size) every work-item lid >= d adds
// the cell d places to its left into its own: after step d each cell holds the sum of the 2d cells ending at it,
// so log2(wg) steps leave the inclusive scan. Each step reads one buffer and writes the other, then the two swap:
// a work-item never reads a cell another one is writing in the same step. The tile's last cell is its total, which
// the work-group writes to sums[group] for the scan of the tiles above it.
// Cost: wg - d operations in step d, n log2(n) - n + 1 in all against the n - 1 of a sequential loop: more work
// than the reduction it contains, which is why it is not work-efficient. Two buffers of local memory. Blelloch's
// tree does the same scan in about 2n operations next.
// Requires: a power-of-two work-group size.

__kernel void hillis_steele(__global const T *in, __global T *out, __global T *sums, const uint n,
                            __local T *scratch RL_TRACE_PARAMS) {
    RL_TRACE_BEGIN;
    const uint lid = get_local_id(0);
    const uint lsize = get_local_size(0);
    const uint gid = get_global_id(0);
    __local T *src = scratch;
    __local T *dst = scratch + lsize;

    if (gid < n) RL_OP(-1, -1, lid);
    src[lid] = gid < n ? in[gid] : RL_IDENTITY;
    barrier(CLK_LOCAL_MEM_FENCE);
    RL_RECORD(src, -1);

    for (uint d = 1; d < lsize; d <<= 1) {
        if (lid >= d) {
            RL_OP(lid - d, lid, lid);
            dst[lid] = RL_APPLY(src[lid - d], src[lid]);
        } else {
            dst[lid] = src[lid];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local T *t = src;
        src = dst;
        dst = t;
        RL_RECORD(src, RL_SCAN_STEP(d));
    }

    const T total = src[lsize - 1];
#if defined(RL_EXCLUSIVE)
    // The exclusive scan is the inclusive one moved one cell right, the identity first.
    if (lid > 0) RL_OP(lid - 1, -1, lid);
    dst[lid] = lid > 0 ? src[lid - 1] : RL_IDENTITY;
    barrier(CLK_LOCAL_MEM_FENCE);
    src = dst;
    RL_RECORD(src, RL_SHIFT_RIGHT);
#endif
    if (gid < n) out[gid] = src[lid];
    if (lid == lsize - 1) sums[get_group_id(0)] = total;
}
