// A student's conflict-free scan: Blelloch's two sweeps with GPU Gems 3's padding, one spare word after every 32
// cells, written without the recording macros. Each work-group scans its tile into out and writes its total to sums.
#define PAD(i) ((i) + ((i) >> 5))

__kernel void scan(__global const T *in, __global T *out, __global T *sums, const uint n, __local T *scratch) {
    const uint lid = get_local_id(0);
    const uint size = get_local_size(0);
    const uint gid = get_global_id(0);
    const T mine = gid < n ? in[gid] : RL_IDENTITY;
    scratch[PAD(lid)] = mine;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint d = 1; d < size; d <<= 1) {
        const uint left = (2 * lid + 1) * d - 1, right = (2 * lid + 2) * d - 1;
        if (right < size) scratch[PAD(right)] = RL_APPLY(scratch[PAD(left)], scratch[PAD(right)]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    T total = RL_IDENTITY;
    if (lid == size - 1) {
        total = scratch[PAD(lid)];
        scratch[PAD(lid)] = RL_IDENTITY;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint d = size / 2; d >= 1; d >>= 1) {
        const uint left = (2 * lid + 1) * d - 1, right = (2 * lid + 2) * d - 1;
        if (right < size) {
            const T l = scratch[PAD(left)];
            scratch[PAD(left)] = scratch[PAD(right)];
            scratch[PAD(right)] = RL_APPLY(scratch[PAD(right)], l);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
#if !defined(RL_EXCLUSIVE)
    scratch[PAD(lid)] = RL_APPLY(scratch[PAD(lid)], mine);
    barrier(CLK_LOCAL_MEM_FENCE);
#endif
    if (gid < n) out[gid] = scratch[PAD(lid)];
    if (lid == size - 1) sums[get_group_id(0)] = total;
}
