// sort-then-count.cl: histogram, step 9: the tile's bins sorted, then each run of equal bins counted with one atomic.
//
// Lesson: the course's third way, sort then reduce by key. Each work-item computes its element's bin, the tile's key,
// into local memory (nbins past n or outside the range: it sorts last and is counted nowhere). A bitonic sort puts the
// wg keys in order: in step (k, d) work-item lid compares its key with that of work-item lid ^ d and keeps the smaller
// or the larger, as its place in a sequence of k keys (ascending or descending) says; log2 wg merges of up to log2 wg
// steps each, a barrier between reading the keys and writing them. Sorted, equal keys sit together: the work-item at
// the start of a run (its key differs from its left neighbour's) finds the run's end by a binary search over the
// sorted keys (the scans' run offsets would give it too, for a scan's stages more) and adds the run's length to the
// bin with one atomic, straight into the global bins. Each bin then gets at most one update per tile: on constant
// data one atomic per work-group, where every other kernel queues a SIMD group on one counter; and the counts come
// from positions in a sorted order, not from atomics racing, so the work a tile does is the same on every run. The
// global bins, not local ones merged at the end, because the sorted runs already are the tile's histogram: a clear
// and a merge of nbins local counters would add two barriers and nbins counters of local memory to a kernel whose
// local memory is one key per work-item whatever the bins (65536 bins fit, which no local-bins kernel can hold).
// Cost: log2 wg x (log2 wg + 1) / 2 sort steps of two barriers each per tile of wg elements (36 steps at 256), one
// binary search per run, one global atomic per distinct bin per tile; the sort, not the atomics, is now the work.
// Requires: a power-of-two work-group size (the bitonic sort's tile); one key per work-item of local memory.
//
// Trace: "load" (each work-item's key), one stage per sort step ("k=8 d=2": the work-items that took their partner's
// key), "runs counted" (which bin each run's first work-item added to, and how many). The cells are the wg keys, then
// (the traced build only) the nbins counts the group added to the global bins.

__kernel void sort_then_count(__global const T *in, __global uint *bins, const uint n, const uint nbins,
                              __local uint *local_bins RL_TRACE_PARAMS) {
    RL_TRACE_BEGIN;
    const uint lid = get_local_id(0);
    const uint lsize = get_local_size(0);
    const uint gid = get_global_id(0);
    __local uint *keys = local_bins;  // the tile's keys, one per work-item
    RL_TRACE_CLEAR(local_bins + lsize, nbins);  // traced: the group's counts, after the keys

    if (gid < n) RL_OP(-1, -1, lid);
    keys[lid] = gid < n ? RL_BIN(in[gid]) : nbins;
    barrier(CLK_LOCAL_MEM_FENCE);
    RL_RECORD_BINS(local_bins, lsize + nbins, -1);

    // The bitonic sort: ascending sequences of k keys where lid & k is 0, descending where it is not (at k = lsize the
    // whole tile ascends). The lower of a pair keeps the smaller key in an ascending sequence, the larger in a
    // descending one.
    for (uint k = 2; k <= lsize; k <<= 1) {
        for (uint d = k >> 1; d > 0; d >>= 1) {
            const uint partner = lid ^ d;
            const uint mine = keys[lid], theirs = keys[partner];
            const bool keep_smaller = ((lid & k) == 0) == (lid < partner);
            barrier(CLK_LOCAL_MEM_FENCE);  // every key read before any is written
            if (keep_smaller ? theirs < mine : theirs > mine) {
                RL_OP(partner, -1, lid);
                keys[lid] = theirs;
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            RL_RECORD_BINS(local_bins, lsize + nbins, RL_BINS_SORT(k, d));
        }
    }

    // Each run of equal keys counted once, by the work-item at its start: its end is the first key past it.
    const uint key = keys[lid];
    if (key < nbins && (lid == 0 || keys[lid - 1] != key)) {
        uint lo = lid + 1, hi = lsize;  // keys[lo - 1] == key; the end lies in [lo, hi]
        while (lo < hi) {
            const uint mid = (lo + hi) / 2;
            if (keys[mid] == key) lo = mid + 1;
            else hi = mid;
        }
        RL_OP(lsize + key, -2, lsize + key);
        atomic_add(&bins[key], lo - lid);
        RL_TRACE_STORE(local_bins, lsize + key, lo - lid);  // the one run of this bin in the tile
    }
    RL_RECORD_BINS(local_bins, lsize + nbins, RL_BINS_RUNS_COUNTED);
}
