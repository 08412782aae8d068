// complete-unroll.cl: Harris step 6, the work-group size fixed at build time and the tree completely unrolled.
//
// Lesson: the host builds this kernel for one work-group size (-D RL_WG=<size>), so the number of tree stages is a
// compile-time constant: every stage is written out in an `#if RL_WG >= ...` block, and the compiler drops the
// blocks a smaller size does not need, together with the loop counter, its test and its shift. The load adds two
// elements per work-item (first-add) and the last six stages are the unrolled tail, kept correct with barriers as
// in unroll-last-warp-safe (the lockstep-warp version is not valid OpenCL).
// Cost: one program per work-group size (built on demand and cached), and a kernel that only accepts that size
// (reqd_work_group_size). What is saved is instruction overhead, not memory traffic.
// Requires: a power-of-two work-group size from 64 to 4096, known when the kernel is built.

#ifndef RL_WG
#error "complete-unroll is built for one work-group size: pass -D RL_WG=<size>"
#endif
#if RL_WG < 64 || RL_WG > 4096 || (RL_WG & (RL_WG - 1)) != 0
#error "complete-unroll needs RL_WG to be a power of two from 64 to 4096"
#endif

// One barrier-separated tree stage: work-items below S add cell lid + S into cell lid.
#define TREE_STAGE(S)                                                \
    do {                                                             \
        if (lid < (S)) {                                             \
            RL_OP(lid, lid + (S), lid);                              \
            scratch[lid] = RL_APPLY(scratch[lid], scratch[lid + (S)]); \
        }                                                            \
        barrier(CLK_LOCAL_MEM_FENCE);                                \
        RL_RECORD(scratch, (S));                                     \
    } while (0)

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

__kernel __attribute__((reqd_work_group_size(RL_WG, 1, 1))) void complete_unroll(__global const T *in,
                                                                                __global T *out, const uint n,
                                                                                __local T *scratch RL_TRACE_PARAMS) {
    RL_TRACE_BEGIN;
    const uint lid = get_local_id(0);
    const uint i = get_group_id(0) * (2 * RL_WG) + lid;

    if (i < n) RL_OP(-1, -1, lid);
    const T a = i < n ? in[i] : RL_IDENTITY;
    const T b = i + RL_WG < n ? in[i + RL_WG] : RL_IDENTITY;
    scratch[lid] = RL_APPLY(a, b);
    barrier(CLK_LOCAL_MEM_FENCE);
    RL_RECORD(scratch, -1);

#if RL_WG >= 4096
    TREE_STAGE(2048);
#endif
#if RL_WG >= 2048
    TREE_STAGE(1024);
#endif
#if RL_WG >= 1024
    TREE_STAGE(512);
#endif
#if RL_WG >= 512
    TREE_STAGE(256);
#endif
#if RL_WG >= 256
    TREE_STAGE(128);
#endif
#if RL_WG >= 128
    TREE_STAGE(64);
#endif
    SAFE_TAIL_STEP(32);
    SAFE_TAIL_STEP(16);
    SAFE_TAIL_STEP(8);
    SAFE_TAIL_STEP(4);
    SAFE_TAIL_STEP(2);
    SAFE_TAIL_STEP(1);

    if (lid == 0) out[get_group_id(0)] = scratch[0];
}
