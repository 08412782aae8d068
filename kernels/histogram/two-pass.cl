// two-pass.cl: histogram, step 7: per-group histograms written out, then summed: no global atomics, deterministic.
//
// Lesson: the histogram as a reduction. Each work-group counts its tile of wg x RL_EPI elements into local bins, as
// coarsened does, but instead of adding them into the global bins with atomics it writes its whole histogram to a
// row of its own, partial[group][0 .. nbins). A second launch (two_pass_sum) then adds the rows column by column:
// work-item b sums bin b over every group. No two work-items ever write the same global word, so the result is the
// same on every run and every device, and the order of the additions is fixed: the property that matters once the
// counts are weights (a weighted histogram in floats would round the same way each time). It pays with memory:
// groups x nbins counters written and read again.
// Cost: one local atomic per element, a row of nbins counters written per group, and a second launch that reads
// them all; worth it where the rows are few (a fixed grid) or determinism is required.
// Requires: any work-group size; nbins counters of local memory.
//
// Trace: "cleared", one stage per counting step, "merged" (the group's row written; the sum's launch is not traced).

__kernel void two_pass(__global const T *in, __global uint *partial, const uint n, const uint nbins,
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
        const size_t i = start + (size_t)k * lsize + lid;
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
    __global uint *row = partial + (size_t)get_group_id(0) * nbins;
    for (uint c = lid; c < nbins; c += lsize) row[c] = local_bins[c];  // every bin, empty ones too: no clear needed
    RL_RECORD_BINS(local_bins, nbins, RL_BINS_MERGED);
}

// The second launch: bin b of the result is the sum of bin b over the `rows` rows, added in row order.
__kernel void two_pass_sum(__global const uint *partial, __global uint *bins, const uint rows, const uint nbins) {
    const uint b = get_global_id(0);
    if (b >= nbins) return;
    uint sum = 0;
    for (uint r = 0; r < rows; ++r) sum += partial[(size_t)r * nbins + b];
    bins[b] = sum;
}
