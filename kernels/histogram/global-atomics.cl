// global-atomics.cl: histogram, step 1: one global atomic increment per element.
//
// Lesson: the histogram as a sequential loop writes it, spread over work-items: each work-item bins its element and
// increments that bin's counter in global memory with atomic_inc, so no two increments of one counter are lost. It
// is correct and short, and it is the lesson in contention: an atomic on one address is served one after another,
// so where many work-items hit the same bin (skewed data, or every element the same value) they wait in line at
// one counter, across the whole device, at the speed of the memory's atomic unit rather than of its bandwidth.
// Cost: one global atomic per element; on uniform data over many bins they rarely collide, on `constant` data every
// one of them queues on the same word.
// Requires: any work-group size.
//
// Trace: one stage, "step 0": which bin each work-item incremented, and the counts this work-group added to the global
// bins (the traced build counts them in local memory too: RL_TRACE_COUNT; the timed build keeps no local bins). The
// contention column names how many lanes of one SIMD group hit one bin.

__kernel void global_atomics(__global const T *in, __global uint *bins, const uint n, const uint nbins,
                             __local uint *local_bins RL_TRACE_PARAMS) {
    RL_TRACE_BEGIN;
    RL_TRACE_CLEAR(local_bins, nbins);
    const uint gid = get_global_id(0);
    if (gid < n) {
        const uint b = RL_BIN(in[gid]);
        if (b < nbins) {  // outside the range: counted nowhere
            RL_OP(b, -2, b);
            atomic_inc(&bins[b]);
            RL_TRACE_COUNT(local_bins, b);
        }
    }
    RL_RECORD_BINS(local_bins, nbins, RL_BINS_STEP(0));
}
