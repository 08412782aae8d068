// replicated.cl: histogram, step 6: RL_COPIES copies of the bins per work-group, against contention.
//
// Lesson: replication. Privatization moved the queue at a hot bin from global to local memory; on `constant` data
// the whole work-group still queues at one local counter. Here the work-group keeps RL_COPIES copies of its bins,
// and work-item lid counts into copy lid % RL_COPIES: neighbouring work-items, which run together in one SIMD group,
// increment different words even when they hit the same bin, so at most wg / RL_COPIES of them share a counter. The
// copies are interleaved, bin b's copy r at word b x RL_COPIES + r, so the copies of one bin fall in neighbouring
// banks and the lanes that hit one bin are spread over banks too. Before the merge each bin's copies are summed.
// The host chooses RL_COPIES from the bins (as many as fit a budget of local memory, at most 8).
// Cost: RL_COPIES times the local memory, a clear and a sum of every copy per tile; interleaved reads as coarsened.
// Requires: any work-group size; nbins x RL_COPIES counters of local memory.
//
// Trace: "cleared" (every copy), one stage per counting step, "copies summed" (each bin's copies added into its
// copy 0), "merged". The cells are the words: bin b's copies are cells b x RL_COPIES .. b x RL_COPIES + RL_COPIES - 1.

__kernel void replicated(__global const T *in, __global uint *bins, const uint n, const uint nbins,
                         __local uint *local_bins RL_TRACE_PARAMS) {
    RL_TRACE_BEGIN;
    const uint lid = get_local_id(0);
    const uint lsize = get_local_size(0);
    const uint words = nbins * RL_COPIES;
    const uint copy = lid % RL_COPIES;
    const size_t start = (size_t)get_group_id(0) * lsize * RL_EPI;

    if (lid < words) RL_OP(-1, -1, lid);
    for (uint c = lid; c < words; c += lsize) local_bins[c] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    RL_RECORD_BINS(local_bins, words, RL_BINS_CLEARED);

    for (uint k = 0; k < RL_EPI; ++k) {
        const size_t i = start + (size_t)k * lsize + lid;
        if (i < n) {
            const uint b = RL_BIN(in[i]);
            if (b < nbins) {
                RL_OP(b * RL_COPIES + copy, -2, b * RL_COPIES + copy);
                atomic_inc(&local_bins[b * RL_COPIES + copy]);
            }
        }
        RL_RECORD_BINS(local_bins, words, RL_BINS_STEP(k));
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    // Each bin's copies summed into its copy 0: work-item lid sums bins lid, lid + wg, ... (no two touch one word).
    if (lid < nbins) RL_OP(lid * RL_COPIES, -1, lid * RL_COPIES);
    for (uint c = lid; c < nbins; c += lsize) {
        uint sum = 0;
        for (uint r = 0; r < RL_COPIES; ++r) sum += local_bins[c * RL_COPIES + r];
        local_bins[c * RL_COPIES] = sum;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    RL_RECORD_BINS(local_bins, words, RL_BINS_COPIES_SUMMED);

    if (lid < nbins) RL_OP(lid * RL_COPIES, -1, -1);
    for (uint c = lid; c < nbins; c += lsize) {
        const uint count = local_bins[c * RL_COPIES];
        if (count > 0) atomic_add(&bins[c], count);
    }
    RL_RECORD_BINS(local_bins, words, RL_BINS_MERGED);
}
