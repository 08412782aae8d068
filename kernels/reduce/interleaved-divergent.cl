// interleaved-divergent.cl: Harris step 1, interleaved addressing with a divergent branch (seed "Parallel Patterns,
// Part 3").
//
// Lesson: the first tree anyone writes. At stride s = 1, 2, 4, ... work-item `lid` is active when lid % (2*s) == 0
// and adds cell lid + s into cell lid, so the partial sums gather at the multiples of 2*s and cell 0 ends with the
// whole work-group's value. Inputs past n are padded with the operation's identity.
// Cost: the active work-items are scattered (every 2nd, then every 4th, ...), so from the very first stage every
// SIMD group (warp) holds both active and idle lanes: it is divergent and runs at the speed of its busiest lane,
// while `%` is itself a slow instruction on GPUs. The work-items that do work are spread over all the warps, so no
// warp ever retires early.
// Requires: a power-of-two work-group size (so that cell lid + s always exists).

__kernel void interleaved_divergent(__global const T *in, __global T *out, const uint n,
                                    __local T *scratch RL_TRACE_PARAMS) {
    RL_TRACE_BEGIN;
    const uint lid = get_local_id(0);
    const uint gid = get_global_id(0);
    // Read once, not in the loop condition: PoCL 3.1 (LLVM 15) miscompiles this loop when get_local_size(0) is
    // called in its condition (the timed build then skips the tree).
    const uint lsize = get_local_size(0);

    if (gid < n) RL_OP(-1, -1, lid);
    scratch[lid] = gid < n ? in[gid] : RL_IDENTITY;
    barrier(CLK_LOCAL_MEM_FENCE);
    RL_RECORD(scratch, -1);

    for (uint s = 1; s < lsize; s *= 2) {
        if (lid % (2 * s) == 0) {
            RL_OP(lid, lid + s, lid);
            scratch[lid] = RL_APPLY(scratch[lid], scratch[lid + s]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        RL_RECORD(scratch, (int)s);
    }

    if (lid == 0) out[get_group_id(0)] = scratch[0];
}
