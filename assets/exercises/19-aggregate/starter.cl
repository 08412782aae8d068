// Private bins in local memory, one element per work-item: a clear and a merge of nbins counters for every wg
// elements, and one local atomic per element.
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
