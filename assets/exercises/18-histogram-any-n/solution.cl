// Solution: a work-item past n counts nothing, and an element outside the range (bin nbins or more) is counted
// nowhere; every work-item, past n too, still clears its bins, reaches both barriers and merges its bins.
__kernel void histogram(__global const T *in, __global uint *bins, const uint n, const uint nbins,
                        __local uint *local_bins) {
    const uint lid = get_local_id(0);
    const uint gid = get_global_id(0);
    const uint size = get_local_size(0);
    for (uint c = lid; c < nbins; c += size) local_bins[c] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (gid < n) {
        const uint b = RL_BIN(in[gid]);
        if (b < nbins) atomic_inc(&local_bins[b]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint c = lid; c < nbins; c += size) {
        const uint count = local_bins[c];
        if (count > 0) atomic_add(&bins[c], count);
    }
}
