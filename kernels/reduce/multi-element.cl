// multi-element.cl: Harris step 7, many elements per work-item (algorithm cascading).
//
// Lesson: a tree spends log2(wg) barrier-separated stages to combine wg values, while a work-item can combine values
// in a register with no synchronisation at all. So each work-item first reduces RL_EPI elements on its own, reading
// grid-stride (in[gid], in[gid + global], in[gid + 2 * global], ...: at every step consecutive work-items read
// consecutive addresses, so loads stay coalesced), padding past n with the operation's identity; only then does the
// work-group run the tree of complete-unroll (work-group size fixed at build time, correct unrolled tail). With
// RL_EPI elements per work-item, a pass launches ceil(n / (wg * RL_EPI)) work-groups, so there are fewer groups,
// fewer partials and fewer passes, and the tree's fixed cost is spread over many more elements.
// Cost: fewer work-groups in flight: too large an RL_EPI leaves compute units idle on small inputs, and the
// accumulation order changes with RL_EPI, so float sums round differently (each order is exact to its own model).
// Requires: a power-of-two work-group size from 64 to 4096, known when the kernel is built; RL_EPI >= 1.

#ifndef RL_WG
#error "multi-element is built for one work-group size: pass -D RL_WG=<size>"
#endif
#if RL_WG < 64 || RL_WG > 4096 || (RL_WG & (RL_WG - 1)) != 0
#error "multi-element needs RL_WG to be a power of two from 64 to 4096"
#endif
#ifndef RL_EPI
#define RL_EPI 8
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

__kernel __attribute__((reqd_work_group_size(RL_WG, 1, 1))) void multi_element(__global const T *in,
                                                                              __global T *out, const uint n,
                                                                              __local T *scratch RL_TRACE_PARAMS) {
    RL_TRACE_BEGIN;
    const uint lid = get_local_id(0);
    const uint gid = get_global_id(0);
    const ulong gsize = get_global_size(0);

    // Grid-stride accumulation in a register, in a fixed order: acc = (((id op x0) op x1) op x2) ...
    if (gid < n) RL_OP(-1, -1, lid);
    T acc = RL_IDENTITY;
    for (uint k = 0; k < RL_EPI; ++k) {
        const ulong i = gid + k * gsize;
        acc = RL_APPLY(acc, i < n ? in[i] : RL_IDENTITY);
    }
    scratch[lid] = acc;
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
