// Solution: Blelloch's scan with cell i kept at word i + i / 32; 2(wg - 1) operations, as without the padding.
#define PAD(i) ((i) + ((i) >> 5))

__kernel void scan(__global const T *in, __global T *out, __global T *sums, const uint n, __local T *scratch) {
    const uint lid = get_local_id(0);
    const uint gid = get_global_id(0);
    const uint size = get_local_size(0);
    const T own = gid < n ? in[gid] : RL_IDENTITY;
    scratch[PAD(lid)] = own;
    barrier(CLK_LOCAL_MEM_FENCE);

    // Up-sweep: the same cells as without padding; only the words that hold them move, one word every 32 cells.
    for (uint d = 1; d < size; d *= 2) {
        const uint ai = (2 * lid + 1) * d - 1;
        const uint bi = (2 * lid + 2) * d - 1;
        if (bi < size) scratch[PAD(bi)] = RL_APPLY(scratch[PAD(ai)], scratch[PAD(bi)]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (lid == size - 1) {
        sums[get_group_id(0)] = scratch[PAD(lid)];
        scratch[PAD(lid)] = RL_IDENTITY;
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    // Down-sweep
    for (uint d = size / 2; d > 0; d /= 2) {
        const uint ai = (2 * lid + 1) * d - 1;
        const uint bi = (2 * lid + 2) * d - 1;
        if (bi < size) {
            const T left = scratch[PAD(ai)];
            scratch[PAD(ai)] = scratch[PAD(bi)];
            scratch[PAD(bi)] = RL_APPLY(scratch[PAD(bi)], left);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (gid < n) out[gid] = RL_APPLY(scratch[PAD(lid)], own);
}
