// Solution: privatization. The work-group clears its own copy of the bins in local memory, counts its elements
// into it with local atomics, and adds each non-empty bin into the global bins with one global atomic. Work-item lid
// clears and merges bins lid, lid + wg, ..., so any number of bins works; the barriers are outside every branch.
__kernel void histogram(__global const T *in, __global uint *bins, const uint n, const uint nbins,
                        __local uint *local_bins) {
    const uint lid = get_local_id(0);
    const uint gid = get_global_id(0);
    const uint size = get_local_size(0);

    for (uint c = lid; c < nbins; c += size) local_bins[c] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);  // every bin cleared before anyone counts

    if (gid < n) {
        const uint b = RL_BIN(in[gid]);
        if (b < nbins) atomic_inc(&local_bins[b]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);  // every count in before anyone merges

    for (uint c = lid; c < nbins; c += size) {
        const uint count = local_bins[c];
        if (count > 0) atomic_add(&bins[c], count);
    }
}
