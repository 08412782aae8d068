// unroll-last-warp-safe.cl: Harris step 5 with a tail that OpenCL guarantees.
//
// Lesson: the same unrolled tail as unroll-last-warp (the first 32 work-items, all active, steps s = 32 .. 1, the
// first add during the load before it), written so that it is correct on every device: each step reads into a
// private register, waits at a barrier until every lane has read, writes, and waits again before the next step
// reads. That is exactly the "all 32 lanes read, then all write" semantics the original assumes of a warp, so its
// stages equal the lockstep model on any device, CPU or GPU.
// Cost: the barriers are back (two per tail step), so what remains of the optimisation is only the unrolled loop
// control. On devices with sub-groups, sub_group_reduce_* (or shuffles) is the real way to keep a tail inside one
// warp without barriers: see the built-in variants.
// Requires: a power-of-two work-group size of at least 64.

// One tail step: lanes 0..31 read cells lid and lid + S, all read before any writes.
#define SAFE_TAIL_STEP(S)                                            \
    do {                                                             \
        T x = RL_IDENTITY;                                           \
        if (lid < 32) {                                              \
            RL_OP(lid, lid + (S), lid);                              \
            x = RL_APPLY(scratch[lid], scratch[lid + (S)]);          \
        }                                                            \
        barrier(CLK_LOCAL_MEM_FENCE);                                \
        if (lid < 32) scratch[lid] = x;                              \
        barrier(CLK_LOCAL_MEM_FENCE);                                \
        RL_RECORD(scratch, RL_TAIL_STEP(S));                         \
    } while (0)

__kernel void unroll_last_warp_safe(__global const T *in, __global T *out, const uint n,
                                    __local T *scratch RL_TRACE_PARAMS) {
    RL_TRACE_BEGIN;
    const uint lid = get_local_id(0);
    const uint lsize = get_local_size(0);
    const uint i = get_group_id(0) * (2 * lsize) + lid;

    if (i < n) RL_OP(-1, -1, lid);
    const T a = i < n ? in[i] : RL_IDENTITY;
    const T b = i + lsize < n ? in[i + lsize] : RL_IDENTITY;
    scratch[lid] = RL_APPLY(a, b);
    barrier(CLK_LOCAL_MEM_FENCE);
    RL_RECORD(scratch, -1);

    for (uint s = lsize / 2; s > 32; s >>= 1) {
        if (lid < s) {
            RL_OP(lid, lid + s, lid);
            scratch[lid] = RL_APPLY(scratch[lid], scratch[lid + s]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        RL_RECORD(scratch, (int)s);
    }

    SAFE_TAIL_STEP(32);
    SAFE_TAIL_STEP(16);
    SAFE_TAIL_STEP(8);
    SAFE_TAIL_STEP(4);
    SAFE_TAIL_STEP(2);
    SAFE_TAIL_STEP(1);

    if (lid == 0) out[get_group_id(0)] = scratch[0];
}
