// chunked.cl: scan, step 7: ReduceLab's scan for CPU devices (PoCL): one contiguous chunk per work-item.
//
// Lesson: a CPU OpenCL runtime runs a work-group as a loop over its work-items, each one's code up to the next
// barrier before the next starts, so every barrier of a tree scan costs a pass over the whole group, and the tiled
// scans pay log2(wg) of them for every wg elements. A CPU wants what its own parallel scans do: a few long serial
// loops. So a fixed grid of a few work-groups per core splits the array into one contiguous chunk per work-item
// (the chunks of neighbouring work-items adjacent, so each thread streams through memory front to back). The first
// launch reduces each chunk to its total, in a plain loop. The second gives each work-item the total of every chunk
// before its own (the groups before: their totals reduced by the group, a few hundred values; its own group's: a
// Hillis-Steele scan of wg totals, the only barriers) and rescans its chunk from there, one element after the other,
// writing as it goes. Two barrier-free loops carry all the work: the tree stages it records are wg cells long,
// however large the array.
// Cost: the array is read twice and written once, like reduce-then-scan; on a GPU the same pattern is uncoalesced
// (the work-items of a SIMD group read addresses a chunk apart), which is why the GPU scans rake in tiles instead.
// The order of every operation is fixed, so float sums are the same on every run.
// Requires: a power-of-two work-group size.

// totals[i] = chunk i reduced in its order, i = group * wg + lid; a chunk is `chunk / wg` elements (`chunk`: the
// group's share).
__kernel void chunked_totals(__global const T *restrict in, __global T *restrict totals, const uint n,
                             __local T *scratch, const uint chunk RL_TRACE_PARAMS) {
    RL_TRACE_BEGIN;
    const uint lid = get_local_id(0);
    const size_t item = get_global_id(0);
    const size_t per = chunk / get_local_size(0);
    const size_t start = min((size_t)n, item * per);
    const size_t end = min((size_t)n, start + per);
    T acc = RL_IDENTITY;
    for (size_t i = start; i < end; ++i) acc = RL_APPLY(acc, in[i]);
    totals[item] = acc;
#if defined(RL_TRACE)
    if (start < end) RL_OP(-1, -1, lid);
    scratch[lid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    RL_RECORD(scratch, -1);
#endif
}

// Every chunk scanned from the totals of the chunks before it.
__kernel void chunked(__global const T *restrict in, __global T *restrict out, const uint n, __local T *scratch,
                      const uint chunk, __global const T *restrict totals RL_TRACE_PARAMS) {
    RL_TRACE_BEGIN;
    const uint lid = get_local_id(0);
    const uint lsize = get_local_size(0);
    const size_t item = get_global_id(0);
    const size_t per = chunk / lsize;
    const size_t start = min((size_t)n, item * per);
    const size_t end = min((size_t)n, start + per);
    __local T *src = scratch;
    __local T *dst = scratch + lsize;

    // The carry: the chunks of the groups before this one, work-item lid taking totals lid, lid + lsize, ..., then
    // a tree.
    T before = RL_IDENTITY;
    for (size_t j = lid; j < get_group_id(0) * lsize; j += lsize) before = RL_APPLY(before, totals[j]);
    src[lid] = before;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = lsize / 2; s > 0; s >>= 1) {
        if (lid < s) src[lid] = RL_APPLY(src[lid], src[lid + s]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    const T carry = src[0];
    barrier(CLK_LOCAL_MEM_FENCE);

    // The group's own chunks: their totals scanned (Hillis-Steele).
    if (start < end) RL_OP(-1, -1, lid);
    src[lid] = totals[item];
    barrier(CLK_LOCAL_MEM_FENCE);
    RL_RECORD(src, -1);
    RL_TILE_SCAN(src, dst, lid, lsize, 1);

    // Each work-item's offset: the carry and the chunks before its own in the group; then its chunk, in order.
    if (lid > 0) RL_OP(lid - 1, -1, lid);
    dst[lid] = RL_APPLY(carry, lid > 0 ? src[lid - 1] : RL_IDENTITY);
    barrier(CLK_LOCAL_MEM_FENCE);
    RL_RECORD(dst, RL_CARRIED);
    T acc = dst[lid];
    for (size_t i = start; i < end; ++i) {
#if defined(RL_EXCLUSIVE)
        out[i] = acc;
        acc = RL_APPLY(acc, in[i]);
#else
        acc = RL_APPLY(acc, in[i]);
        out[i] = acc;
#endif
    }
}
