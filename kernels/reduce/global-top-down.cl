// global-top-down.cl: Lawlor's top-down "monokernel": one launch that loops, with barrier(CLK_GLOBAL_MEM_FENCE).
//
// Lesson: while m > 1, work-item i adds arr[i + stride] into arr[i] (stride = ceil(m/2)), then m = stride. One launch
// instead of log2(n), which is why Lawlor measured it twice as fast as the bottom-up version. But it is only correct
// when ONE work-group covers the input (ceil(n/2) <= work-group size): barrier() synchronises the work-items of one
// work-group, never different work-groups, whatever memory fence it names. With several work-groups, a group can
// read arr[i + stride] before the group that owns that cell has added into it in the previous round (the groups
// run in any order, or at the same time), and the total is silently wrong. The GPU's answer is a launch per level
// (global-bottom-up) or one partial per work-group (the local-memory kernels).
// Requires: nothing to launch; correct only with a single work-group. NOT correct by design.
//
// Trace (traced builds only; no barrier is added, so the race is the same): after the load and after every barrier,
// each work-item copies the cells it owns into the stage's snapshot: cell c belongs to work-item c mod global size
// (work-item i is the only writer of arr[i]; cells >= global size are never written). So a snapshot cell is the
// value of that cell as its owner left it after the round, which is exact for the owner's own work. With one
// work-group the whole snapshot is one consistent moment. With several, the groups record their rounds at
// different times, and a cell's value may already be wrong because its owner read a stale partner in that round.

__kernel void global_top_down(__global T *arr, const uint n RL_GLOBAL_TRACE_PARAMS) {
    RL_GLOBAL_TRACE_BEGIN;
    const uint i = get_global_id(0);
    RL_RECORD_GLOBAL_CELLS(arr, -1);
    uint m = n;
    while (m > 1) {
        const uint stride = (m + 1) / 2;  // round up: the middle cell of an odd m stays for the next round
        if (i + stride < m) {
            RL_OP(i, i + stride, i);
            arr[i] = RL_APPLY(arr[i], arr[i + stride]);
        }
        barrier(CLK_GLOBAL_MEM_FENCE);  // subtle: synchronises this work-group only
        RL_RECORD_GLOBAL_CELLS(arr, (int)stride);
        m = stride;
    }
}
