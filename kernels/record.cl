// record.cl: prepended by the host after common.cl to every kernel of every pattern (it is not a variant itself).
// The recording macros that turn a timed kernel into a traced one: with -D RL_TRACE they write what local memory holds
// after each stage, and each work-item's operation in it, into debug buffers the host reads back
// (core/cl/trace_buffers.h decodes them); the single-pass scans' log of tickets, publications and reads. In timed
// builds (no -D RL_TRACE) every macro here compiles to nothing, so the traced kernel and the timed kernel are the same
// source.

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
