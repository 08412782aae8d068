// Solution: each work-item counts a run of EPI consecutive elements, keeping the bin it is counting and how many it
// has seen in registers, and adds a whole run of equal bins with one local atomic_add. A work-group covers EPI * wg
// elements, so only the first ceil(n / (EPI * wg)) work-groups find input: the others leave at once, the whole group
// together (no barrier is then half-reached). The clear and the merge are paid once per EPI * wg elements.
#define EPI 8
__kernel void histogram(__global const T *in, __global uint *bins, const uint n, const uint nbins,
                        __local uint *local_bins) {
    const uint lid = get_local_id(0);
    const uint size = get_local_size(0);
    const ulong base = (ulong)get_group_id(0) * size * EPI;
    if (base >= n) return;  // the whole work-group: its chunk starts past the end

    for (uint c = lid; c < nbins; c += size) local_bins[c] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);

    const ulong first = base + (ulong)lid * EPI;  // this work-item's run: elements first .. first + EPI - 1
    uint run_bin = 0, run_count = 0;              // the bin being counted, and how many so far
    for (uint k = 0; k < EPI; ++k) {
        const ulong i = first + k;
        if (i >= n) break;
        const uint b = RL_BIN(in[i]);
        if (b >= nbins) continue;  // outside the range: counted nowhere
        if (b != run_bin) {        // a new bin: the finished run costs one atomic
            if (run_count > 0) atomic_add(&local_bins[run_bin], run_count);
            run_bin = b;
            run_count = 0;
        }
        run_count++;
    }
    if (run_count > 0) atomic_add(&local_bins[run_bin], run_count);
    barrier(CLK_LOCAL_MEM_FENCE);

    for (uint c = lid; c < nbins; c += size) {
        const uint count = local_bins[c];
        if (count > 0) atomic_add(&bins[c], count);
    }
}
