// expect max_loading_groups: work-groups
// Runs of equal bins merged, but each work-item still counts one element: every work-group of the launch reads the
// input, and a run is never longer than one.
__kernel void histogram(__global const T *in, __global uint *bins, const uint n, const uint nbins,
                        __local uint *local_bins) {
    const uint lid = get_local_id(0), size = get_local_size(0), gid = get_global_id(0);
    for (uint c = lid; c < nbins; c += size) local_bins[c] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint run_bin = nbins, run_count = 0;
    if (gid < n) {
        const uint b = RL_BIN(in[gid]);
        if (b < nbins) run_bin = b, run_count = 1;
    }
    if (run_count > 0) atomic_add(&local_bins[run_bin], run_count);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint c = lid; c < nbins; c += size)
        if (local_bins[c] > 0) atomic_add(&bins[c], local_bins[c]);
}
