// per-work-item.cl: histogram, step 8: bins of its own for every work-item, counted without atomics.
//
// Lesson: the course's second way, per-thread histograms reduced afterwards. Every atomic so far was there because
// two work-items could increment one counter at once. Give each work-item a copy of the bins that no other touches
// and the increment becomes a plain `+= 1`: no atomic, no queue at a hot bin, whatever the data. Work-item lid
// counts a run of RL_EPI consecutive elements (contiguous: on a CPU one core walks a work-item's run, and reads it
// in order) into copy lid, in every tile of wg x RL_EPI elements its group takes; after a barrier each bin's wg
// copies are summed and merged into the global bins as the privatized kernels merge. The grid is fixed (a few
// work-groups per compute unit, group g taking tiles g, g + groups, ...), so that each group clears and merges its
// wg x nbins counters once, however long the input. The copies are interleaved, bin b's copy r at word b x wg + r,
// so the sum of a bin reads consecutive words; the host defines RL_COPIES as the work-group size (a build per
// size, as replicated's copies). The bins of 16 consecutive elements are computed at once in a vector (RL_BIN16),
// then counted one by one. On a CPU, where a work-group's work-items run one after another on one core, this is
// the host's own loop (a thread's bins, merged) with its arithmetic in vectors, and the best of the ladder; on a GPU
// wg copies fill local memory fast (256 bins x 256 work-items would take 256 KiB), and the runs are uncoalesced.
// Cost: wg x nbins counters to clear and sum per work-group, once; no atomic while counting.
// Requires: wg x nbins counters of local memory.
//
// Trace: "cleared" (every copy), one stage per counting step (every tile's in turn), "copies summed" (each bin's
// copies added into its copy 0), "merged". The cells are the words: bin b's copies are cells b x wg to
// b x wg + wg - 1.

#if RL_EPI % 16 == 0
#define RL_PWI_BLOCK 16
#else
#define RL_PWI_BLOCK 1
#endif

__kernel void per_work_item(__global const T *in, __global uint *bins, const uint n, const uint nbins,
                            __local uint *local_bins RL_TRACE_PARAMS) {
    RL_TRACE_BEGIN;
    const uint lid = get_local_id(0);
    const uint lsize = get_local_size(0);
    const uint words = nbins * RL_COPIES;
    const size_t tile = (size_t)lsize * RL_EPI, tiles = (n + tile - 1) / tile;

    if (lid < words) RL_OP(-1, -1, lid);
    for (uint c = lid; c < words; c += lsize) local_bins[c] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    RL_RECORD_BINS(local_bins, words, RL_BINS_CLEARED);

    // The group's tiles: group, group + groups, ...; in each, this work-item's run of RL_EPI consecutive elements.
    int step = 0;
    for (size_t t = get_group_id(0); t < tiles; t += get_num_groups(0)) {
        const size_t start = t * tile + (size_t)lid * RL_EPI;
        // The run in blocks of 16 elements (of 1 where RL_EPI is not a multiple of 16): a block's bins at once in
        // a vector where all 16 lie before n, else one by one; then counted one by one.
        for (uint k0 = 0; k0 < RL_EPI; k0 += RL_PWI_BLOCK) {
            const size_t i0 = start + k0;
            uint bin[RL_PWI_BLOCK];
#if RL_PWI_BLOCK == 16
            if (i0 + 16 <= n) {
                vstore16(RL_BIN16(vload16(0, in + i0)), 0, bin);
            } else
#endif
            {
                for (uint j = 0; j < RL_PWI_BLOCK; ++j) bin[j] = i0 + j < n ? RL_BIN(in[i0 + j]) : nbins;
            }
            for (uint j = 0; j < RL_PWI_BLOCK; ++j) {
                const uint b = bin[j];
                if (b < nbins) {
                    RL_OP(b * RL_COPIES + lid, -2, b * RL_COPIES + lid);
                    local_bins[b * RL_COPIES + lid] += 1;  // copy lid is this work-item's alone
                }
                RL_RECORD_BINS(local_bins, words, RL_BINS_STEP(step++));
            }
        }
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
