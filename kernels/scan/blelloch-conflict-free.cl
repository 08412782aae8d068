// blelloch-conflict-free.cl: scan, step 3: Blelloch's scan with padded local memory (GPU Gems 3, chapter 39).
//
// Lesson: the same two sweeps as blelloch, but cell i is stored at word i + i / 32 (RL_PAD): one spare word after
// every 32 cells. At distance d the work-items of a SIMD group touch every 2d-th cell; without padding those words
// fall into 32 / 2d banks and each bank serves several of them one after another. The spare words shift each run of
// 32 cells by one bank, so the same accesses spread over every bank: the conflicts that the analysis shows for
// blelloch are gone, with the same operations and the same results.
// Cost: 1/32 more local memory and an add and a shift per index. With 32 banks of 4 bytes the padding spreads every
// access of both sweeps at every work-group size up to 1024: the analysis shows 1-way in every stage.
// Requires: a power-of-two work-group size.

#define RL_PAD(i) ((i) + ((i) >> 5))

__kernel void blelloch_conflict_free(__global const T *in, __global T *out, __global T *sums, const uint n,
                                     __local T *scratch RL_TRACE_PARAMS) {
    RL_TRACE_BEGIN;
    const uint lid = get_local_id(0);
    const uint lsize = get_local_size(0);
    const uint gid = get_global_id(0);

    if (gid < n) RL_OP(-1, -1, lid);
    const T own = gid < n ? in[gid] : RL_IDENTITY;
    scratch[RL_PAD(lid)] = own;
    barrier(CLK_LOCAL_MEM_FENCE);
    RL_RECORD_AT(scratch, RL_PAD(lid), -1);

    for (uint d = 1; d < lsize; d <<= 1) {  // up-sweep
        const uint ai = (2 * lid + 1) * d - 1, bi = (2 * lid + 2) * d - 1;
        if (bi < lsize) {
            RL_OP(ai, bi, bi);
            scratch[RL_PAD(bi)] = RL_APPLY(scratch[RL_PAD(ai)], scratch[RL_PAD(bi)]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        RL_RECORD_AT(scratch, RL_PAD(lid), RL_UP_SWEEP(d));
    }

    T total = RL_IDENTITY;
    if (lid == lsize - 1) {
        total = scratch[RL_PAD(lid)];
        RL_OP(-1, -1, lid);
        scratch[RL_PAD(lid)] = RL_IDENTITY;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    RL_RECORD_AT(scratch, RL_PAD(lid), RL_ROOT_CLEARED);

    for (uint d = lsize / 2; d >= 1; d >>= 1) {  // down-sweep
        const uint ai = (2 * lid + 1) * d - 1, bi = (2 * lid + 2) * d - 1;
        if (bi < lsize) {
            RL_OP(bi, -1, ai);
            RL_OP2(ai, bi, bi);
            const T left = scratch[RL_PAD(ai)];
            scratch[RL_PAD(ai)] = scratch[RL_PAD(bi)];
            scratch[RL_PAD(bi)] = RL_APPLY(scratch[RL_PAD(bi)], left);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        RL_RECORD_AT(scratch, RL_PAD(lid), RL_DOWN_SWEEP(d));
    }

#if !defined(RL_EXCLUSIVE)
    RL_OP(lid, -2, lid);  // -2: the other operand is in a register (the work-item's input)
    scratch[RL_PAD(lid)] = RL_APPLY(scratch[RL_PAD(lid)], own);
    barrier(CLK_LOCAL_MEM_FENCE);
    RL_RECORD_AT(scratch, RL_PAD(lid), RL_ADD_OWN);
#endif
    if (gid < n) out[gid] = scratch[RL_PAD(lid)];
    if (lid == lsize - 1) sums[get_group_id(0)] = total;
}
