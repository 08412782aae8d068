// Global atomics: correct, one atomic on the global bins per element.
__kernel void histogram(__global const T *in, __global uint *bins, const uint n, const uint nbins,
                        __local uint *local_bins) {
    const uint gid = get_global_id(0);
    if (gid < n) {
        const uint b = RL_BIN(in[gid]);
        if (b < nbins) atomic_inc(&bins[b]);
    }
}
