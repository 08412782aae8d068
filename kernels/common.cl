// common.cl: prepended by the host to every kernel of every pattern (it is not a variant itself).
// It defines the element type T, the operation RL_APPLY and its identity RL_IDENTITY from -D options, the building
// blocks the kernels share (RL_TILE_SCAN), and the recording macros that turn a timed kernel into a traced one. In timed builds (no -D RL_TRACE) every RL_ macro
// below compiles to nothing, so the traced kernel and the timed kernel are the same source.
//
// Build options the host passes:  -D RL_TYPE_INT | RL_TYPE_FLOAT | RL_TYPE_LONG | RL_TYPE_DOUBLE (double needs the
// device's cl_khr_fp64; the host checks it first),  -D RL_OP_SUM | RL_OP_MIN | RL_OP_MAX,
// optionally -D RL_TRACE, -D RL_WG=<work-group size> (complete unroll), -D RL_EPI=<elements per work-item>.

// T and its vectors (T2 .. T16: the CPU kernels' 64-byte loads, one AVX-512 register or two AVX2 ones).
#if defined(RL_TYPE_INT)
typedef int T;
typedef int2 T2;
typedef int4 T4;
typedef int8 T8;
typedef int16 T16;
#elif defined(RL_TYPE_LONG)
typedef long T;
typedef long2 T2;
typedef long4 T4;
typedef long8 T8;
typedef long16 T16;
#elif defined(RL_TYPE_DOUBLE)
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef double T;
typedef double2 T2;
typedef double4 T4;
typedef double8 T8;
typedef double16 T16;
#else
typedef float T;
typedef float2 T2;
typedef float4 T4;
typedef float8 T8;
typedef float16 T16;
#endif

#if defined(RL_OP_MIN)
#define RL_APPLY(a, b) ((b) < (a) ? (b) : (a))
#if defined(RL_TYPE_INT)
#define RL_IDENTITY INT_MAX
#elif defined(RL_TYPE_LONG)
#define RL_IDENTITY LONG_MAX
#elif defined(RL_TYPE_DOUBLE)
#define RL_IDENTITY ((double)INFINITY)
#else
#define RL_IDENTITY INFINITY
#endif
#elif defined(RL_OP_MAX)
#define RL_APPLY(a, b) ((b) > (a) ? (b) : (a))
#if defined(RL_TYPE_INT)
#define RL_IDENTITY INT_MIN
#elif defined(RL_TYPE_LONG)
#define RL_IDENTITY LONG_MIN
#elif defined(RL_TYPE_DOUBLE)
#define RL_IDENTITY (-(double)INFINITY)
#else
#define RL_IDENTITY (-INFINITY)
#endif
#else
#if defined(RL_TYPE_INT)
// Through uint so that overflow wraps (two's complement) instead of being undefined.
#define RL_APPLY(a, b) ((int)((uint)(a) + (uint)(b)))
#elif defined(RL_TYPE_LONG)
#define RL_APPLY(a, b) ((long)((ulong)(a) + (ulong)(b)))
#else
#define RL_APPLY(a, b) ((a) + (b))
#endif
#define RL_IDENTITY ((T)0)
#endif

// RL_APPLY lane by lane on vectors of N elements (N = 2, 4, 8 or 16), with the same results: integer sums wrap,
// min and max pick as RL_APPLY does (b where b < a, else a, NaNs included).
#if defined(RL_OP_MIN)
#define RL_APPLYV(a, b, N) select((a), (b), (b) < (a))
#elif defined(RL_OP_MAX)
#define RL_APPLYV(a, b, N) select((a), (b), (b) > (a))
#elif defined(RL_TYPE_INT)
#define RL_APPLYV(a, b, N) as_int##N(as_uint##N(a) + as_uint##N(b))
#elif defined(RL_TYPE_LONG)
#define RL_APPLYV(a, b, N) as_long##N(as_ulong##N(a) + as_ulong##N(b))
#else
#define RL_APPLYV(a, b, N) ((a) + (b))
#endif

// A 16-element vector's lanes combined by halves (lane l with lane l + 8, then + 4, + 2, + 1): the CPU kernels'
// order for a vector accumulator's total (core/model/model_scan.h's runTotal follows it).
inline T rl_total16(const T16 v) {
    const T8 h = RL_APPLYV(v.lo, v.hi, 8);
    const T4 q = RL_APPLYV(h.lo, h.hi, 4);
    const T2 d = RL_APPLYV(q.lo, q.hi, 2);
    return RL_APPLY(d.x, d.y);
}

// The parameters scan kernels record for their stages (core/trace.h's kScan... constants are the same numbers):
// a Hillis-Steele step adding the cell d to the left, Blelloch's up-sweep and down-sweep at distance d, the root
// cleared, each cell combined with its own input (exclusive to inclusive), every cell moved one right (inclusive to
// exclusive).
#define RL_SCAN_STEP(d) ((int)(0x100000 | (int)(d)))
#define RL_UP_SWEEP(d) ((int)(0x200000 | (int)(d)))
#define RL_DOWN_SWEEP(d) ((int)(0x400000 | (int)(d)))
#define RL_ROOT_CLEARED 0x800000
#define RL_ADD_OWN 0x1000000
#define RL_SHIFT_RIGHT 0x2000000
#define RL_LOOK_BACK(depth) ((int)(0x4000000 | (int)(depth)))  // the tile's prefix, after looking back `depth` tiles
#define RL_CARRIED 0x8000000  // every run given the prefix of the chunks before its group's and of its group's runs
#define RL_RUN_OFFSETS 0x10000000  // every run given the total of the runs before it in the tile (raking)

// The tile scan every production scan shares (CUB's BlockScan, written once): an inclusive Hillis-Steele scan of the
// work-group's lsize cells of `src`, through the second buffer `dst`. Each step adds the cell d to the left, then the
// two buffers swap, so `src` holds the scan at the end. `recorded` says whether the work-group records its stages:
// 1 where every traced group does, a condition the same for the whole work-group where only some tiles record (the
// barriers in RL_RECORD are then still reached by all of it). The lessons (hillis-steele.cl, hillis-steele-in-place.cl)
// spell the loop out on the page.
#define RL_TILE_SCAN(src, dst, lid, lsize, recorded)             \
    for (uint rl_d = 1; rl_d < (lsize); rl_d <<= 1) {            \
        if ((lid) >= rl_d) {                                      \
            if (recorded) {                                       \
                RL_OP((lid) - rl_d, (lid), (lid));                \
            }                                                     \
            (dst)[lid] = RL_APPLY((src)[(lid) - rl_d], (src)[lid]); \
        } else {                                                  \
            (dst)[lid] = (src)[lid];                              \
        }                                                         \
        barrier(CLK_LOCAL_MEM_FENCE);                             \
        {                                                         \
            __local T *rl_swap = (src);                           \
            (src) = (dst);                                        \
            (dst) = rl_swap;                                      \
        }                                                         \
        if (recorded) {                                           \
            RL_RECORD((src), RL_SCAN_STEP(rl_d));                 \
        }                                                         \
    }
// The built-in work_group_scan_inclusive_* / work_group_scan_exclusive_* over a work-group of `size` work-items.
#define RL_WORK_GROUP_SCAN(size) ((int)(0x20000000 | (int)(size)))
#define RL_WORK_GROUP_SCAN_EXCLUSIVE(size) ((int)(0x40000000 | (int)(size)))

// Histograms. The host defines RL_NBINS (the bins) and the range they cover: RL_BIN(x) is the bin of element x, a
// uint, or RL_NBINS where x falls outside the range (or is a NaN), so that the kernel skips it. The rule is numpy's:
// equal widths over [RL_BIN_LO, RL_BIN_HI], the last bin closed, computed as min((x - lo) * (nbins / (hi - lo)),
// nbins - 1) in float (the host's reference does the same operations, so the two agree bit for bit).
// RL_BIN16(v): the bins of the 16 elements of a T16 at once (a uint16), by the same operations lane by lane: a CPU
// computes them in one vector register each step, where RL_BIN takes one element at a time.
#if defined(RL_NBINS)
#if defined(RL_TYPE_INT)
#define RL_BIN(x) \
    ((x) < RL_BIN_LO || (x) > RL_BIN_HI ? (uint)RL_NBINS \
                                        : min((uint)((float)((long)(x) - (long)RL_BIN_LO) * RL_BIN_SCALE), (uint)RL_NBINS - 1u))
#define RL_BIN16(v)                                                                                                 \
    select(min(convert_uint16(convert_float16(convert_long16(v) - (long)RL_BIN_LO) * RL_BIN_SCALE),                \
               (uint16)(RL_NBINS - 1u)),                                                                             \
           (uint16)RL_NBINS, ((v) < (int16)RL_BIN_LO) | ((v) > (int16)RL_BIN_HI))
#else
#define RL_BIN(x) \
    ((x) >= RL_BIN_LO && (x) <= RL_BIN_HI ? min((uint)(((x) - RL_BIN_LO) * RL_BIN_SCALE), (uint)RL_NBINS - 1u) \
                                          : (uint)RL_NBINS)
#define RL_BIN16(v)                                                                                                 \
    select((uint16)RL_NBINS, min(convert_uint16(((v) - (float16)RL_BIN_LO) * RL_BIN_SCALE), (uint16)(RL_NBINS - 1u)), \
           ((v) >= (float16)RL_BIN_LO) & ((v) <= (float16)RL_BIN_HI))
#endif
#endif
// The stages histogram kernels record (core/trace.h's kBins... constants are the same numbers): the local bins
// cleared, after counting step k (one element per work-item), after a work-item's last run was flushed, the copies
// of the bins summed into the first, and after the local bins were added into the global ones.
#define RL_BINS_CLEARED ((int)0x60100000)
#define RL_BINS_MERGED ((int)0x60200000)
#define RL_BINS_STEP(k) ((int)(0x60400000 | (int)(k)))
#define RL_BINS_FLUSHED ((int)0x60800000)
#define RL_BINS_COPIES_SUMMED ((int)0x61000000)
// sort-then-count: after a step of the bitonic sort of the tile's keys (merging sequences of k keys, comparing keys d
// apart; k and d powers of two), and after the runs of equal keys were counted.
#define RL_BINS_SORT(k, d) ((int)(0x62000000 | (int)((31u - clz((uint)(k))) << 5) | (int)(31u - clz((uint)(d)))))
#define RL_BINS_RUNS_COUNTED ((int)0x68000000)

#if defined(RL_TRACE)
// The group a stage is recorded for: the work-group, unless the kernel redefines RL_TRACE_GROUP (#undef, then
// #define) before it records (decoupled-look-back records each tile by the ticket it drew, not its group id).
#if !defined(RL_TRACE_GROUP)
#define RL_TRACE_GROUP get_group_id(0)
#endif
// Debug buffers, per traced group `slot` (group - rl_first_group), stage and local index:
//   rl_values[(slot * rl_max_stages + stage) * lsize + cell]  local memory after the stage
//   rl_ops   [2 * ((slot * rl_max_stages + stage) * lsize + lid)]      (active, read a, read b, written w) of
//                                                                        work-item lid
//   rl_ops   [2 * ((slot * rl_max_stages + stage) * lsize + lid) + 1]  (1, a, b, w) of its second operation in the
//                                                                        stage, or (0, -1, -1, -1)
//   rl_params[slot * (rl_max_stages + 1)]                     number of stages recorded
//   rl_params[slot * (rl_max_stages + 1) + 1 + stage]         the stride (or step) of the stage, -1 for the load
// A kernel that finishes the reduction inside the same launch (best-gpu: the last work-group to start reduces the
// partials) calls RL_TRACE_FINAL_BEGIN(k) before each tree it runs after the groups' own (k = 0 for a single final
// tree; best-gpu's two-level finish numbers its blocks' trees 0, 1, ... and the top one last); its stages then go to
// slot rl_group_count + k, past the traced groups (the host allocates those slots), whichever group ran the tree.
#define RL_TRACE_PARAMS                                                                                      \
    , __global T *rl_values, __global int4 *rl_ops, __global int *rl_params, const uint rl_first_group, \
        const uint rl_group_count, const uint rl_max_stages
#define RL_TRACE_BEGIN   \
    int rl_stage = 0;    \
    int rl_final = 0;    \
    int4 rl_op = (int4)(0, -1, -1, -1); \
    int4 rl_op2 = (int4)(0, -1, -1, -1)
#define RL_TRACE_FINAL_BEGIN(k) \
    do {                     \
        rl_stage = 0;        \
        rl_final = 1 + (int)(k); \
        rl_op = (int4)(0, -1, -1, -1); \
        rl_op2 = (int4)(0, -1, -1, -1); \
    } while (0)
// Marks this work-item as doing an operation in the current stage: reads cells a and b, writes cell w.
#define RL_OP(a, b, w) (rl_op = (int4)(1, (int)(a), (int)(b), (int)(w)))
// A second operation of the same work-item in the same stage (best-gpu's fused stages: one work-item adds two
// pairs of cells between two barriers). Local-memory kinds only.
#define RL_OP2(a, b, w) (rl_op2 = (int4)(1, (int)(a), (int)(b), (int)(w)))
// Traced builds only: stores x, which the kernel keeps in a register, into the cell where a tree of one stage to a
// barrier would hold it, so that the next RL_RECORD shows that stage (best-gpu's fused stages). The cell must be one
// no other work-item reads or writes before the next barrier.
#define RL_TRACE_STORE(mem, cell, x) ((mem)[cell] = (x))

inline void rl_record_cell(__local const volatile T *mem, const uint at, const uint g, const int param,
                           const int stage, const int4 op, const int4 op2, const int final, __global T *values,
                           __global int4 *ops, __global int *params, const uint first, const uint count,
                           const uint max_stages) {
    if (!final && (g < first || g - first >= count)) return;
    if (stage >= (int)max_stages) return;
    const uint slot = final ? count + (uint)(final - 1) : g - first, lid = get_local_id(0), lsize = get_local_size(0);
    const size_t base = ((size_t)slot * max_stages + (size_t)stage) * lsize;
    values[base + lid] = mem[at];
    ops[2 * (base + lid)] = op;  // two int4 stores, not one int8: Oclgrind 21.10 crashes on the int8 store
    ops[2 * (base + lid) + 1] = op2;
    if (lid == 0) {
        params[slot * (max_stages + 1) + 1 + stage] = param;
        params[slot * (max_stages + 1)] = stage + 1;
    }
}

// After a barrier-separated stage: every work-item copies its own cell. The barriers around the copy make the
// snapshot exact (nobody writes the next stage before everyone has copied) and change nothing for a correct kernel.
#define RL_RECORD(mem, param)                                                                              \
    do {                                                                                                   \
        barrier(CLK_LOCAL_MEM_FENCE);                                                                      \
        rl_record_cell((mem), get_local_id(0), RL_TRACE_GROUP, (param), rl_stage, rl_op, rl_op2, rl_final, \
                       rl_values, rl_ops, rl_params, rl_first_group, rl_group_count, rl_max_stages);       \
        rl_stage++;                                                                                        \
        rl_op = (int4)(0, -1, -1, -1);                                                                     \
        rl_op2 = (int4)(0, -1, -1, -1);                                                                    \
        barrier(CLK_LOCAL_MEM_FENCE);                                                                      \
    } while (0)

// The same for a kernel whose cells do not sit at their own index (blelloch-conflict-free pads its array so that
// cell i lives at word RL_PAD(i)): work-item lid records the word `at` as cell lid, so the trace shows the cells in
// their logical order; RL_OP takes logical cells too, and the analysis maps them to words with the variant's padding.
#define RL_RECORD_AT(mem, at, param)                                                                       \
    do {                                                                                                   \
        barrier(CLK_LOCAL_MEM_FENCE);                                                                      \
        rl_record_cell((mem), (at), RL_TRACE_GROUP, (param), rl_stage, rl_op, rl_op2, rl_final, rl_values, \
                       rl_ops, rl_params, rl_first_group, rl_group_count, rl_max_stages);                  \
        rl_stage++;                                                                                        \
        rl_op = (int4)(0, -1, -1, -1);                                                                     \
        rl_op2 = (int4)(0, -1, -1, -1);                                                                    \
        barrier(CLK_LOCAL_MEM_FENCE);                                                                      \
    } while (0)

// Inside a warp-synchronous tail, where a barrier would change the kernel: each work-item records only the cell it
// owns (in such tails the owner is the only writer of its cell). Work-items outside the tail call it too, once per
// tail step, so their unchanged cells appear in every tail stage.
#define RL_RECORD_NOSYNC(mem, param)                                                                       \
    do {                                                                                                   \
        rl_record_cell((mem), get_local_id(0), RL_TRACE_GROUP, (param), rl_stage, rl_op, rl_op2, rl_final, \
                       rl_values, rl_ops, rl_params, rl_first_group, rl_group_count, rl_max_stages);       \
        rl_stage++;                                                                                        \
        rl_op = (int4)(0, -1, -1, -1);                                                                     \
        rl_op2 = (int4)(0, -1, -1, -1);                                                                    \
    } while (0)

// For kernels whose stage result is private, not in local memory (work-group-reduce): each work-item records its
// own value `x` as cell lid. Same layout as RL_RECORD; no barrier, so nothing about the kernel changes.
inline void rl_record_value(const T x, const int param, const int stage, const int4 op, __global T *values,
                            __global int4 *ops, __global int *params, const uint first, const uint count,
                            const uint max_stages) {
    const uint g = get_group_id(0);
    if (g < first || g - first >= count || stage >= (int)max_stages) return;
    const uint slot = g - first, lid = get_local_id(0), lsize = get_local_size(0);
    const size_t base = ((size_t)slot * max_stages + (size_t)stage) * lsize;
    values[base + lid] = x;
    ops[2 * (base + lid)] = op;
    ops[2 * (base + lid) + 1] = (int4)(0, -1, -1, -1);
    if (lid == 0) {
        params[slot * (max_stages + 1) + 1 + stage] = param;
        params[slot * (max_stages + 1)] = stage + 1;
    }
}
#define RL_RECORD_VALUE(x, param)                                                                                 \
    do {                                                                                                          \
        rl_record_value((x), (param), rl_stage, rl_op, rl_values, rl_ops, rl_params, rl_first_group, rl_group_count, \
                        rl_max_stages);                                                                           \
        rl_stage++;                                                                                               \
        rl_op = (int4)(0, -1, -1, -1);                                                                            \
    } while (0)

// Histograms: local memory holds `cells` counters (uint), not a cell per work-item. After a stage every work-item
// copies counters lid, lid + lsize, ... below `cells`, and its own operation (an increment of bin b: RL_OP(b, -2, b),
// the counter and a one held in a register). A trace's rows are then max(lsize, cells) wide; `cells` 0 records the
// operations alone (a kernel whose bins are global).
inline void rl_record_bins(__local const volatile uint *mem, const uint cells, const int param, const int stage,
                           const int4 op, __global T *values, __global int4 *ops, __global int *params,
                           const uint first, const uint count, const uint max_stages) {
    const uint g = get_group_id(0);
    if (g < first || g - first >= count || stage >= (int)max_stages) return;
    const uint slot = g - first, lid = get_local_id(0), lsize = get_local_size(0);
    const size_t base = ((size_t)slot * max_stages + (size_t)stage) * max(lsize, cells);
    for (uint c = lid; c < cells; c += lsize) values[base + c] = (T)mem[c];
    ops[2 * (base + lid)] = op;
    ops[2 * (base + lid) + 1] = (int4)(0, -1, -1, -1);
    if (lid == 0) {
        params[slot * (max_stages + 1) + 1 + stage] = param;
        params[slot * (max_stages + 1)] = stage + 1;
    }
}
// Traced builds of a kernel whose bins are global (global-atomics): its work-group's own increments counted in local
// memory as well, so that its stages show what the group added to the global bins. RL_TRACE_CLEAR clears `cells`
// counters of `mem` (and waits); RL_TRACE_COUNT adds one to counter b. Timed builds: nothing.
#define RL_TRACE_CLEAR(mem, cells)                                                    \
    do {                                                                              \
        for (uint rl_c = get_local_id(0); rl_c < (cells); rl_c += get_local_size(0)) \
            (mem)[rl_c] = 0;                                                          \
        barrier(CLK_LOCAL_MEM_FENCE);                                                 \
    } while (0)
#define RL_TRACE_COUNT(mem, b) atomic_inc(&(mem)[b])
#define RL_RECORD_BINS(mem, cells, param)                                                                          \
    do {                                                                                                           \
        barrier(CLK_LOCAL_MEM_FENCE);                                                                              \
        rl_record_bins((mem), (cells), (param), rl_stage, rl_op, rl_values, rl_ops, rl_params, rl_first_group,     \
                       rl_group_count, rl_max_stages);                                                             \
        rl_stage++;                                                                                                \
        rl_op = (int4)(0, -1, -1, -1);                                                                             \
        barrier(CLK_LOCAL_MEM_FENCE);                                                                              \
    } while (0)

// Global-memory kinds (global-bottom-up, global-top-down) reduce one array in place in global memory, so their
// trace is the whole array as one "group" (use RL_GLOBAL_TRACE_PARAMS / RL_GLOBAL_TRACE_BEGIN instead of the two
// above; RL_OP takes GLOBAL indices there):
//   rl_values[stage * rl_cells + cell]  the array after the stage (rl_cells = n)
//   rl_ops   [stage * rl_items + gid]   (active, read a, read b, written w) of work-item gid, global indices
//   rl_params[0]                        number of stages recorded;  rl_params[1 + stage]: the stage's step or stride
// rl_stage0 is the stage the launch records first: global-bottom-up records one stage per launch (the host copies
// the array into rl_values with clEnqueueCopyBuffer once the launch is done), global-top-down records all its
// stages in its one launch, from 0.
#define RL_GLOBAL_TRACE_PARAMS                                                                                      \
    , __global T *rl_values, __global int4 *rl_ops, __global int *rl_params, const uint rl_stage0, const uint rl_cells, \
        const uint rl_items, const uint rl_max_stages
#define RL_GLOBAL_TRACE_BEGIN     \
    int rl_stage = (int)rl_stage0; \
    int4 rl_op = (int4)(0, -1, -1, -1)

inline void rl_record_global_op(const int param, const int stage, const int4 op, __global int4 *ops,
                                __global int *params, const uint items, const uint max_stages) {
    const size_t gid = get_global_id(0);
    if (stage >= (int)max_stages || gid >= items) return;
    ops[(size_t)stage * items + gid] = op;
    if (gid == 0) {
        params[1 + stage] = param;
        params[0] = stage + 1;
    }
}

// Copies the cells this work-item owns (gid, gid + global size, ...) of the array into the stage's snapshot.
inline void rl_record_global_cells(__global const volatile T *arr, const int stage, __global T *values,
                                   const uint cells, const uint max_stages) {
    if (stage >= (int)max_stages) return;
    for (size_t c = get_global_id(0); c < cells; c += get_global_size(0)) values[(size_t)stage * cells + c] = arr[c];
}

// Records this work-item's operation of the stage (and, from work-item 0, the stage parameter). No barrier.
#define RL_RECORD_GLOBAL(param)                                                                          \
    do {                                                                                                 \
        rl_record_global_op((param), rl_stage, rl_op, rl_ops, rl_params, rl_items, rl_max_stages);     \
        rl_stage++;                                                                                      \
        rl_op = (int4)(0, -1, -1, -1);                                                                   \
    } while (0)

// The same, and first copies the array cells this work-item owns into the stage's snapshot (no barrier: a cell's
// snapshot is its value as its owner sees it at this point; see global-top-down.cl for what that means).
#define RL_RECORD_GLOBAL_CELLS(arr, param)                                                    \
    do {                                                                                      \
        rl_record_global_cells((arr), rl_stage, rl_values, rl_cells, rl_max_stages);          \
        RL_RECORD_GLOBAL(param);                                                              \
    } while (0)
#else
#define RL_TRACE_PARAMS
#define RL_TRACE_BEGIN
#define RL_TRACE_FINAL_BEGIN(k)
#define RL_OP(a, b, w)
#define RL_OP2(a, b, w)
#define RL_TRACE_STORE(mem, cell, x)
#define RL_RECORD(mem, param)
#define RL_RECORD_AT(mem, at, param)
#define RL_RECORD_NOSYNC(mem, param)
#define RL_RECORD_VALUE(x, param)
#define RL_RECORD_BINS(mem, cells, param)
#define RL_TRACE_CLEAR(mem, cells)
#define RL_TRACE_COUNT(mem, b)
#define RL_GLOBAL_TRACE_PARAMS
#define RL_GLOBAL_TRACE_BEGIN
#define RL_RECORD_GLOBAL(param)
#define RL_RECORD_GLOBAL_CELLS(arr, param)
#endif

#if defined(RL_TRACE)
// The single-pass scans' log (decoupled-look-back, chunked-look-back), for the explorer's Tiles tab: every ticket
// drawn, status published and predecessor's status read, numbered by one counter that every work-group draws from. A
// publication draws its number before its word is written and a read draws its number after its word was read, so a
// read that saw a status always comes after the publication of that status. Each entry: (what, tile, the other tile or
// the work-group's id, the times the word read as X before this read) and the value published or read.
#define LB_EVENT_TICKET 0
#define LB_EVENT_AGGREGATE 1
#define LB_EVENT_PREFIX 2
#define LB_EVENT_READ_A 3
#define LB_EVENT_READ_P 4
#define LB_TRACE_PARAMS \
    , __global int4 *lb_events, __global T *lb_values, __global uint *lb_count, const uint lb_max
inline void lb_log(__global int4 *events, __global T *values, __global uint *count, const uint max, const int what,
                   const uint tile, const uint other, const uint polls, const T value) {
    const uint seq = atomic_inc(count);
    if (seq < max) {
        events[seq] = (int4)(what, (int)tile, (int)other, (int)polls);
        values[seq] = value;
    }
    mem_fence(CLK_GLOBAL_MEM_FENCE);
}
#define LB_LOG(what, tile, other, polls, value) \
    lb_log(lb_events, lb_values, lb_count, lb_max, (what), (tile), (other), (polls), (value))
#else
#define LB_TRACE_PARAMS
#define LB_LOG(what, tile, other, polls, value)
#endif

// The single passes' status words (decoupled-look-back, chunked-look-back; macros and a function of plain loads, so
// that only the kernels that publish need cl_khr_int64_base_atomics). A tile's status is published in 64-bit words
// written whole by one atomic each, each carrying the tag (launch epoch, P) in its upper half, so that words of an
// older launch read as X (no clearing between launches). A 32-bit value rides in the lower half of the tile's one
// word: flag and value are written and read together. A 64-bit value is split over two such words, its low and high
// halves, and a read counts only when both carry the same tag of this launch: both halves then come from the same
// publication, whatever order the two writes became visible in. (A value in a word of its own behind a flag, with
// mem_fence between, is not enough: OpenCL 1.2's fences order a work-item's accesses for its own work-group, and on
// NVIDIA a tile read such a flag's P with the value word still 0.)
//   RL_LB_PUBLISH(status, tile, epoch, p, x)  publish x as A (p = 0) or P (p = 1)
//   rl_lb_try(words, tile, epoch, &w, &x)     one read of a tile's status: true when it holds A or P of this launch
//                                             (w: its tag word, x: the value); words: volatile
//   RL_LB_IS_P(w)                             the P flag of a tag word
#define RL_LB_TAG(epoch, p) ((ulong)(((epoch) << 1) | (p)) << 32)
#define RL_LB_EPOCH(w) ((uint)((w) >> 33))
#define RL_LB_IS_P(w) ((uint)((w) >> 32) & 1u)
#if defined(RL_TYPE_LONG) || defined(RL_TYPE_DOUBLE)
#if defined(RL_TYPE_LONG)
#define RL_LB_FROM_BITS(u) as_long(u)
#else
#define RL_LB_FROM_BITS(u) as_double(u)
#endif
#define RL_LB_PUBLISH(status, tile, epoch, p, x)                                                             \
    do {                                                                                                      \
        const ulong rl_bits = as_ulong(x);                                                                    \
        atom_xchg(&(status)[2 * (size_t)(tile)], RL_LB_TAG(epoch, p) | (rl_bits & 0xFFFFFFFFul));           \
        atom_xchg(&(status)[2 * (size_t)(tile) + 1], RL_LB_TAG(epoch, p) | (rl_bits >> 32));                 \
    } while (0)
inline bool rl_lb_try(volatile __global ulong *words, const uint tile, const uint epoch, ulong *w, T *x) {
    const ulong lo = words[2 * (size_t)tile], hi = words[2 * (size_t)tile + 1];
    *w = lo;
    *x = RL_LB_FROM_BITS((hi << 32) | (lo & 0xFFFFFFFFul));
    return RL_LB_EPOCH(lo) == epoch && (lo >> 32) == (hi >> 32);
}
#else
#if defined(RL_TYPE_INT)
#define RL_LB_FROM_BITS(u) as_int(u)
#else
#define RL_LB_FROM_BITS(u) as_float(u)
#endif
#define RL_LB_PUBLISH(status, tile, epoch, p, x) atom_xchg(&(status)[tile], RL_LB_TAG(epoch, p) | (ulong)as_uint(x))
inline bool rl_lb_try(volatile __global ulong *words, const uint tile, const uint epoch, ulong *w, T *x) {
    *w = words[tile];
    *x = RL_LB_FROM_BITS((uint)*w);
    return RL_LB_EPOCH(*w) == epoch;
}
#endif

// rl_lb_tile(ticket, tiles): the tile a single pass's work-group scans, asked once by its work-item 0. A tile waits for
// tiles numbered below it, so those must have started. A ticket drawn from one counter makes sure of that on any device
// that keeps running the work-groups it started: tickets follow the order in which work-groups start. The price: an
// atomic's round trip before the tile's first load, and every work-group queueing on one counter. Where the device
// starts work-groups in the order of their numbers, as NVIDIA's GPUs do (CUB's single-pass scan relies on it), the host
// builds timed runs with RL_GROUP_ORDER and the tile is the work-group's own number, which saves most where the array
// sits in the L2 cache (BENCHMARKS.md). Traced builds keep the ticket, the protocol the lesson shows.
inline uint rl_lb_tile(__global uint *ticket, const uint tiles) {
#if defined(RL_GROUP_ORDER)
    return (uint)get_group_id(0);
#else
    const uint t = atomic_inc(ticket);
    if (t == tiles - 1) atomic_xchg(ticket, 0);  // every other tile has drawn: ready for the next launch
    return t;
#endif
}

// Stage parameters (the `param` of RL_RECORD): -1 for the load, the stride s for a tree stage, and
// RL_TAIL_STEP(s) for a step of a warp-synchronous tail (no barrier before it).
#define RL_TAIL_STEP(s) ((int)(s) | 0x10000)
// RL_BUILTIN_STAGE(size) marks the stage right after a built-in collective (work_group_reduce_*: size = the
// work-group size; sub_group_reduce_*: size = the sub-group size the device chose).
#define RL_BUILTIN_STAGE(size) ((int)(size) | 0x20000)
