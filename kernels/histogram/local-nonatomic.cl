// local-nonatomic.cl: histogram, step 2: bins in local memory, incremented with a plain += (wrong by design).
//
// Lesson: the first idea for less contention: each work-group counts into its own copy of the bins in local memory
// (fast, and private to the group), then adds that copy into the global bins once. But `local_bins[b] += 1` is a
// read, an add and a write: two work-items that hit the same bin together both read the old count, both add one,
// and both write the same result, so one increment is lost. The trace shows the counts each bin lost. It is the
// race the next kernel fixes with atomic_inc on local memory.
// Cost: a clear of the local bins, one plain increment per element, one global atomic per non-empty bin; wrong
// wherever work-items of one group hit a bin at the same time.
// Requires: any work-group size; nbins counters of local memory.
//
// Trace: "cleared" (work-item lid clears bins lid, lid + wg, ...), "step 0" (which bin each work-item incremented),
// "merged" (each work-item added its bins into the global ones).

__kernel void local_nonatomic(__global const T *in, __global uint *bins, const uint n, const uint nbins,
                              __local uint *local_bins RL_TRACE_PARAMS) {
    RL_TRACE_BEGIN;
    const uint lid = get_local_id(0);
    const uint lsize = get_local_size(0);
    const uint gid = get_global_id(0);

    if (lid < nbins) RL_OP(-1, -1, lid);
    for (uint c = lid; c < nbins; c += lsize) local_bins[c] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    RL_RECORD_BINS(local_bins, nbins, RL_BINS_CLEARED);

    if (gid < n) {
        const uint b = RL_BIN(in[gid]);
        if (b < nbins) {
            RL_OP(b, -2, b);
            local_bins[b] += 1;  // the race: read, add, write, while others do the same
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    RL_RECORD_BINS(local_bins, nbins, RL_BINS_STEP(0));

    if (lid < nbins) RL_OP(lid, -1, -1);
    for (uint c = lid; c < nbins; c += lsize) {
        const uint count = local_bins[c];
        if (count > 0) atomic_add(&bins[c], count);
    }
    RL_RECORD_BINS(local_bins, nbins, RL_BINS_MERGED);
}
