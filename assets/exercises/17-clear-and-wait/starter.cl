// Private bins in local memory, counted with local atomics and merged into the global bins. Two things are missing.
__kernel void histogram(__global const T *in, __global uint *bins, const uint n, const uint nbins,
                        __local uint *local_bins) {
    const uint lid = get_local_id(0);
    const uint gid = get_global_id(0);
    const uint size = get_local_size(0);
    // Count this group's elements into its own bins.
    if (gid < n) {
        const uint b = RL_BIN(in[gid]);
        if (b < nbins) atomic_inc(&local_bins[b]);
    }
    // Add this group's bins into the global ones.
    for (uint c = lid; c < nbins; c += size) {
        const uint count = local_bins[c];
        if (count > 0) atomic_add(&bins[c], count);
    }
}
