// raking.cl: scan, step 4: raking, each work-item scanning a run of elements in registers.
//
// Lesson: the tree scans give every element a work-item and pay log2(wg) barriers for wg elements. Raking gives
// each work-item a run of RL_EPI consecutive elements instead and splits the work in three: each work-item scans
// its run serially in registers (no barrier, no local memory), the work-group scans only the runs' totals in local
// memory (Hillis-Steele over wg values: the load holds each run's total), then every cell is moved one place right
// so that each work-item finds the total of the runs before its own, its offset, and combines that offset into its
// run's scan as it writes it out. A tile is wg x RL_EPI elements, so the barriers and the local memory serve RL_EPI
// times more elements, and most operations are the cheapest there are, a loop over registers. This is the shape of
// the fast scans: CUB's block scans rake, and decoupled-look-back does the same inside each of its tiles. The price
// is in the loads: the work-items of a SIMD group read runs RL_EPI elements apart, so each load instruction touches
// RL_EPI times the cache lines it uses (decoupled-look-back passes its tile through local memory to fix that).
// Cost: RL_EPI - 1 operations per run to scan it, (wg - d) in each Hillis-Steele step over the totals, and one per
// element for its offset: about 2n + wg log2(wg) per tile level, against Hillis-Steele's n log2(n); local memory for
// two buffers of wg totals (not for the tile).
// Requires: a power-of-two work-group size.

__kernel void raking(__global const T *in, __global T *out, __global T *sums, const uint n,
                     __local T *scratch RL_TRACE_PARAMS) {
    RL_TRACE_BEGIN;
    const uint lid = get_local_id(0);
    const uint lsize = get_local_size(0);
    const size_t base = ((size_t)get_group_id(0) * lsize + lid) * RL_EPI;  // this work-item's run
    __local T *src = scratch;
    __local T *dst = scratch + lsize;

    // The run's inclusive scan in registers: run[k] = in[base] op ... op in[base + k], the identity past n.
    T run[RL_EPI];
    T acc = RL_IDENTITY;
    for (uint k = 0; k < RL_EPI; ++k) {
        acc = RL_APPLY(acc, base + k < n ? in[base + k] : RL_IDENTITY);
        run[k] = acc;
    }
    if (base < n) RL_OP(-1, -1, lid);
    src[lid] = acc;  // the run's total
    barrier(CLK_LOCAL_MEM_FENCE);
    RL_RECORD(src, -1);

    RL_TILE_SCAN(src, dst, lid, lsize, 1);  // Hillis-Steele over the runs' totals

    // Every work-item's offset, the runs before its own: the scanned totals moved one cell right.
    const T total = src[lsize - 1];
    if (lid > 0) RL_OP(lid - 1, -1, lid);
    dst[lid] = lid > 0 ? src[lid - 1] : RL_IDENTITY;
    barrier(CLK_LOCAL_MEM_FENCE);
    RL_RECORD(dst, RL_RUN_OFFSETS);
    const T offset = dst[lid];

    for (uint k = 0; k < RL_EPI && base + k < n; ++k) {
#if defined(RL_EXCLUSIVE)
        out[base + k] = k == 0 ? offset : RL_APPLY(offset, run[k - 1]);
#else
        out[base + k] = RL_APPLY(offset, run[k]);
#endif
    }
    if (lid == lsize - 1) sums[get_group_id(0)] = total;
}
