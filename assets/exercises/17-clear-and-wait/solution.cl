// Solution: the local bins are cleared before anyone counts (local memory starts with whatever was there), and a
// barrier after the clear and another after the counting order the three steps for the whole work-group. Both
// barriers sit outside every branch, so every work-item reaches them, past n too.
__kernel void histogram(__global const T *in, __global uint *bins, const uint n, const uint nbins,
                        __local uint *local_bins) {
    const uint lid = get_local_id(0);
    const uint gid = get_global_id(0);
    const uint size = get_local_size(0);
    // Clear this group's bins: work-item lid clears bins lid, lid + size, ...
    for (uint c = lid; c < nbins; c += size) local_bins[c] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    // Count this group's elements into its own bins.
    if (gid < n) {
        const uint b = RL_BIN(in[gid]);
        if (b < nbins) atomic_inc(&local_bins[b]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    // Add this group's bins into the global ones.
    for (uint c = lid; c < nbins; c += size) {
        const uint count = local_bins[c];
        if (count > 0) atomic_add(&bins[c], count);
    }
}
