// One work-item per element, each adding one to its element's bin with a plain +=. Some counts are lost.
__kernel void histogram(__global const T *in, __global uint *bins, const uint n, const uint nbins,
                        __local uint *local_bins) {
    const uint gid = get_global_id(0);
    if (gid < n) {
        const uint b = RL_BIN(in[gid]);
        bins[b] += 1;
    }
}
