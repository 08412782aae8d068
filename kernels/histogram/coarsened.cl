// coarsened.cl: histogram, step 4: privatized, with RL_EPI elements per work-item, interleaved (coalesced).
//
// Lesson: thread coarsening. A work-group now counts a tile of wg x RL_EPI elements into its local bins before it
// merges, so the clear and the merge, which cost the same whatever the tile, are paid once per RL_EPI elements. In
// step k the work-group reads the k-th run of wg consecutive elements, one per work-item: neighbouring work-items
// read neighbouring addresses, so each step is one coalesced sweep of memory. coarsened-contiguous gives each
// work-item a run of RL_EPI consecutive elements instead: the same counts, but the work-items' reads of one step lie
// RL_EPI elements apart (uncoalesced on a GPU; on a CPU, where one core walks a work-item's run, the better order).
// Cost: a clear and a merge per tile of wg x RL_EPI elements, one local atomic per element.
// Requires: any work-group size; nbins counters of local memory.
//
// Trace: "cleared", one stage per counting step ("step k": which bin each work-item incremented), "merged".

__kernel void coarsened(__global const T *in, __global uint *bins, const uint n, const uint nbins,
                        __local uint *local_bins RL_TRACE_PARAMS) {
    RL_TRACE_BEGIN;
    const uint lid = get_local_id(0);
    const uint lsize = get_local_size(0);
    const size_t start = (size_t)get_group_id(0) * lsize * RL_EPI;

    if (lid < nbins) RL_OP(-1, -1, lid);
    for (uint c = lid; c < nbins; c += lsize) local_bins[c] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    RL_RECORD_BINS(local_bins, nbins, RL_BINS_CLEARED);

    for (uint k = 0; k < RL_EPI; ++k) {
        const size_t i = start + (size_t)k * lsize + lid;  // step k: the k-th run of wg consecutive elements
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
