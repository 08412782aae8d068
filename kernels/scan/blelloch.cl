// blelloch.cl: scan, step 2: Blelloch's work-efficient scan (Brent-Kung).
//
// Lesson: two trees instead of log2(n) full steps. The up-sweep is a reduction tree: at distance d = 1, 2, 4, ...
// work-item k adds cell (2k + 1)d - 1 into cell (2k + 2)d - 1, so the last cell ends as the tile's total and the
// cells at the tree's nodes hold the sums of their subtrees. The root is then cleared (the identity: nothing comes
// before the tile), and the down-sweep walks back down, d = wg/2, ..., 1: each node gives its left child its own
// value (the prefix before the left subtree) and its right child that value combined with the left subtree's sum.
// That leaves the exclusive scan; adding each cell's own input makes it inclusive.
// Cost: about 2n operations (n - 1 up, n - 1 down) against Hillis-Steele's n log2(n), but 2 log2(n) steps and
// barriers instead of log2(n), and strided local-memory accesses: at distance d the work-items touch every 2d-th
// word, so a SIMD group's accesses pile into few banks (2-way, 4-way, ... conflicts). Padding fixes that next.
// Requires: a power-of-two work-group size.

__kernel void blelloch(__global const T *in, __global T *out, __global T *sums, const uint n,
                       __local T *scratch RL_TRACE_PARAMS) {
    RL_TRACE_BEGIN;
    const uint lid = get_local_id(0);
    const uint lsize = get_local_size(0);
    const uint gid = get_global_id(0);

    if (gid < n) RL_OP(-1, -1, lid);
    const T own = gid < n ? in[gid] : RL_IDENTITY;
    scratch[lid] = own;
    barrier(CLK_LOCAL_MEM_FENCE);
    RL_RECORD(scratch, -1);

    for (uint d = 1; d < lsize; d <<= 1) {  // up-sweep: the reduction tree
        const uint ai = (2 * lid + 1) * d - 1, bi = (2 * lid + 2) * d - 1;
        if (bi < lsize) {
            RL_OP(ai, bi, bi);
            scratch[bi] = RL_APPLY(scratch[ai], scratch[bi]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        RL_RECORD(scratch, RL_UP_SWEEP(d));
    }

    T total = RL_IDENTITY;
    if (lid == lsize - 1) {
        total = scratch[lid];
        RL_OP(-1, -1, lid);
        scratch[lid] = RL_IDENTITY;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    RL_RECORD(scratch, RL_ROOT_CLEARED);

    for (uint d = lsize / 2; d >= 1; d >>= 1) {  // down-sweep
        const uint ai = (2 * lid + 1) * d - 1, bi = (2 * lid + 2) * d - 1;
        if (bi < lsize) {
            RL_OP(bi, -1, ai);      // the left child takes the node's prefix
            RL_OP2(ai, bi, bi);     // the right child: that prefix and the left subtree's sum
            const T left = scratch[ai];
            scratch[ai] = scratch[bi];
            scratch[bi] = RL_APPLY(scratch[bi], left);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        RL_RECORD(scratch, RL_DOWN_SWEEP(d));
    }

#if !defined(RL_EXCLUSIVE)
    RL_OP(lid, -2, lid);  // -2: the other operand is in a register (the work-item's input)
    scratch[lid] = RL_APPLY(scratch[lid], own);
    barrier(CLK_LOCAL_MEM_FENCE);
    RL_RECORD(scratch, RL_ADD_OWN);
#endif
    if (gid < n) out[gid] = scratch[lid];
    if (lid == lsize - 1) sums[get_group_id(0)] = total;
}
