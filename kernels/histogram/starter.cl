// starter.cl: my histogram, privatized.
// Ctrl+Enter saves, builds, checks and traces it. Count each
// element's bin RL_BIN(x) (nbins or more: outside the range,
// skip it) into bins; the host zeroes bins before the launch
// (docs/kernels.md: "A histogram kernel").
__kernel void histogram(__global const T *in, __global uint *bins,
                        const uint n, const uint nbins,
                        __local uint *local_bins) {
    const uint lid = get_local_id(0);
    const uint size = get_local_size(0);
    const uint gid = get_global_id(0);
    // This group's own bins, cleared before anyone counts.
    for (uint c = lid; c < nbins; c += size) local_bins[c] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (gid < n) {
        const uint b = RL_BIN(in[gid]);
        if (b < nbins) atomic_inc(&local_bins[b]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);  // every count in
    // Add this group's bins into the global ones.
    for (uint c = lid; c < nbins; c += size)
        if (local_bins[c] > 0) atomic_add(&bins[c], local_bins[c]);
}
