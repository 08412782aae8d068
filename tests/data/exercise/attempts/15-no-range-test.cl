// expect no_out_of_bounds: past the end
// Atomic, but every element counted: where RL_BIN(x) is nbins (x outside the range) the increment lands past the
// last bin.
__kernel void histogram(__global const T *in, __global uint *bins, const uint n, const uint nbins,
                        __local uint *local_bins) {
    const uint gid = get_global_id(0);
    if (gid < n) atomic_inc(&bins[RL_BIN(in[gid])]);
}
