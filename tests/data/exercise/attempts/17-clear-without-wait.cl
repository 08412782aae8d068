// expect no_races: data race
// The bins are cleared and the merge waits, but nothing waits for the clear: a work-item may count into a bin that
// another has not cleared yet, and the clear then wipes the count.
__kernel void histogram(__global const T *in, __global uint *bins, const uint n, const uint nbins,
                        __local uint *local_bins) {
    const uint lid = get_local_id(0), size = get_local_size(0), gid = get_global_id(0);
    for (uint c = lid; c < nbins; c += size) local_bins[c] = 0;
    if (gid < n) {
        const uint b = RL_BIN(in[gid]);
        if (b < nbins) atomic_inc(&local_bins[b]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint c = lid; c < nbins; c += size)
        if (local_bins[c] > 0) atomic_add(&bins[c], local_bins[c]);
}
