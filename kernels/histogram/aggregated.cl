// aggregated.cl: histogram, step 5: each work-item counts a run of equal bins with one atomic.
//
// Lesson: aggregation. Each work-item walks a run of RL_EPI consecutive elements (coarsened-contiguous's order) and
// keeps the bin it is counting and how many it has seen in registers. Only when the bin changes does it add that
// count to the local bin, with one atomic_add, and start counting the new bin; at the end it adds the last count.
// On uniform data over many bins the bin changes at almost every element and nothing is saved. On skewed data
// (zipf), and above all on `constant` data, the runs are long: a work-item's RL_EPI elements cost one atomic, and
// the contention that serialises every other kernel disappears.
// Cost: a compare per element, one local atomic per run of equal bins; strided reads as coarsened-contiguous's.
// Requires: any work-group size; nbins counters of local memory.
//
// Trace: "cleared", one stage per step ("step k": the work-items that added a finished run, into which bin),
// "flushed" (each work-item's last run added), "merged".

__kernel void aggregated(__global const T *in, __global uint *bins, const uint n, const uint nbins,
                         __local uint *local_bins RL_TRACE_PARAMS) {
    RL_TRACE_BEGIN;
    const uint lid = get_local_id(0);
    const uint lsize = get_local_size(0);
    const size_t run = (size_t)get_group_id(0) * lsize * RL_EPI + (size_t)lid * RL_EPI;

    if (lid < nbins) RL_OP(-1, -1, lid);
    for (uint c = lid; c < nbins; c += lsize) local_bins[c] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    RL_RECORD_BINS(local_bins, nbins, RL_BINS_CLEARED);

    uint run_bin = nbins, run_count = 0;  // the bin being counted, and its count so far
    for (uint k = 0; k < RL_EPI; ++k) {
        const size_t i = run + k;
        const uint b = i < n ? RL_BIN(in[i]) : nbins;
        if (b != run_bin) {  // the run ends: one atomic for all of it
            if (run_count > 0) {
                RL_OP(run_bin, -2, run_bin);
                atomic_add(&local_bins[run_bin], run_count);
            }
            run_bin = b;
            run_count = 0;
        }
        if (b < nbins) run_count++;
        RL_RECORD_BINS(local_bins, nbins, RL_BINS_STEP(k));
    }
    if (run_count > 0) {
        RL_OP(run_bin, -2, run_bin);
        atomic_add(&local_bins[run_bin], run_count);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    RL_RECORD_BINS(local_bins, nbins, RL_BINS_FLUSHED);

    if (lid < nbins) RL_OP(lid, -1, -1);
    for (uint c = lid; c < nbins; c += lsize) {
        const uint count = local_bins[c];
        if (count > 0) atomic_add(&bins[c], count);
    }
    RL_RECORD_BINS(local_bins, nbins, RL_BINS_MERGED);
}
