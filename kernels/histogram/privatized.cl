// privatized.cl: histogram, step 3: private bins per work-group in local memory, with local atomics, merged once.
//
// Lesson: privatization. Each work-group clears its own copy of the bins in local memory, waits, counts its elements
// into that copy with atomic_inc on local memory, waits again, and adds each non-empty bin into the global bins with
// one global atomic. The work-items that collide now queue at a local counter, served by the compute unit itself
// in a few cycles, instead of at a global one; and the global bins see one atomic per bin per work-group instead of
// one per element. Both barriers matter: without the first a work-item may count into a bin another has not cleared
// yet, and without the second a bin may be merged before every increment is in.
// Cost: a clear and a merge of nbins counters per work-group, one local atomic per element; with one element per
// work-item the clear and the merge cost about as much as the counting, which the coarsened kernel amortises next.
// Requires: any work-group size; nbins counters of local memory.
//
// Trace: "cleared", "step 0" (which bin each work-item incremented), "merged".

__kernel void privatized(__global const T *in, __global uint *bins, const uint n, const uint nbins,
                         __local uint *local_bins RL_TRACE_PARAMS) {
    RL_TRACE_BEGIN;
    const uint lid = get_local_id(0);
    const uint lsize = get_local_size(0);
    const uint gid = get_global_id(0);

    if (lid < nbins) RL_OP(-1, -1, lid);
    for (uint c = lid; c < nbins; c += lsize) local_bins[c] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);  // every bin cleared before anyone counts
    RL_RECORD_BINS(local_bins, nbins, RL_BINS_CLEARED);

    if (gid < n) {
        const uint b = RL_BIN(in[gid]);
        if (b < nbins) {
            RL_OP(b, -2, b);
            atomic_inc(&local_bins[b]);
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);  // every count in before anyone merges
    RL_RECORD_BINS(local_bins, nbins, RL_BINS_STEP(0));

    if (lid < nbins) RL_OP(lid, -1, -1);
    for (uint c = lid; c < nbins; c += lsize) {
        const uint count = local_bins[c];
        if (count > 0) atomic_add(&bins[c], count);
    }
    RL_RECORD_BINS(local_bins, nbins, RL_BINS_MERGED);
}
