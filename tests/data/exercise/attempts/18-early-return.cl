// expect no_barrier_divergence: barrier
// The work-items past n leave at once, before the barriers the rest of their work-group waits at.
__kernel void histogram(__global const T *in, __global uint *bins, const uint n, const uint nbins,
                        __local uint *local_bins) {
    const uint lid = get_local_id(0), size = get_local_size(0), gid = get_global_id(0);
    if (gid >= n) return;
    for (uint c = lid; c < nbins; c += size) local_bins[c] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint b = RL_BIN(in[gid]);
    if (b < nbins) atomic_inc(&local_bins[b]);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint c = lid; c < nbins; c += size)
        if (local_bins[c] > 0) atomic_add(&bins[c], local_bins[c]);
}
