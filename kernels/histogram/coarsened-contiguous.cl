// coarsened-contiguous.cl: histogram, step 4, the other order: each work-item counts a run of RL_EPI elements.
//
// Lesson: the same tile of wg x RL_EPI elements as coarsened, the same counts, read in the other order: work-item
// lid counts elements lid x RL_EPI .. lid x RL_EPI + RL_EPI - 1 of the tile, one per step. In one step the
// work-items' reads lie RL_EPI elements apart, so on a GPU a SIMD group's step touches RL_EPI times as many memory
// segments as coarsened's coalesced step. On a CPU the order turns round: one core walks a work-item's run, and a
// run of consecutive elements is what its cache lines and prefetcher want. The aggregated kernel builds on this
// order: a run of equal values within one work-item's elements can be counted with one atomic.
// Cost: as coarsened; its reads are strided by RL_EPI elements across a SIMD group.
// Requires: any work-group size; nbins counters of local memory.
//
// Trace: "cleared", one stage per counting step ("step k": work-item lid's k-th element), "merged".

__kernel void coarsened_contiguous(__global const T *in, __global uint *bins, const uint n, const uint nbins,
                                   __local uint *local_bins RL_TRACE_PARAMS) {
    RL_TRACE_BEGIN;
    const uint lid = get_local_id(0);
    const uint lsize = get_local_size(0);
    const size_t run = (size_t)get_group_id(0) * lsize * RL_EPI + (size_t)lid * RL_EPI;

    if (lid < nbins) RL_OP(-1, -1, lid);
    for (uint c = lid; c < nbins; c += lsize) local_bins[c] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    RL_RECORD_BINS(local_bins, nbins, RL_BINS_CLEARED);

    for (uint k = 0; k < RL_EPI; ++k) {
        const size_t i = run + k;  // step k: element k of this work-item's run
        if (i < n) {
            const uint b = RL_BIN(in[i]);
            if (b < nbins) {
                RL_OP(b, -2, b);
                atomic_inc(&local_bins[b]);
            }
        }
        RL_RECORD_BINS(local_bins, nbins, RL_BINS_STEP(k));
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    if (lid < nbins) RL_OP(lid, -1, -1);
    for (uint c = lid; c < nbins; c += lsize) {
        const uint count = local_bins[c];
        if (count > 0) atomic_add(&bins[c], count);
    }
    RL_RECORD_BINS(local_bins, nbins, RL_BINS_MERGED);
}
