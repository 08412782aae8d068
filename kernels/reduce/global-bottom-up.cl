// global-bottom-up.cl: Lawlor's bottom-up tree, one launch per level, in global memory only.
//
// Lesson: a reduction tree needs no local memory and no barrier if every level is its own launch: the end of a
// launch is a barrier for the whole device. Launch k (step = 2, 4, 8, ...) has ceil(n / step) work-items; work-item
// i adds arr[step*i + step/2] into arr[step*i] when that cell exists. After log2(n) launches arr[0] holds the result.
// The active work-items are contiguous (good for SIMD groups), but the cells they touch are `step` apart, so the
// loads of one SIMD group spread over ever more memory segments (poor coalescing), every level goes through global
// memory, and every launch pays the launch overhead. The host copies the input into a scratch array first: the
// kernel reduces in place.
// Requires: nothing (any work-group size; no local memory). Correct by design: launches are ordered on the queue.

__kernel void global_bottom_up(__global T *arr, const uint n, const ulong step RL_GLOBAL_TRACE_PARAMS) {
    RL_GLOBAL_TRACE_BEGIN;
    const ulong i = get_global_id(0);
    const ulong dst = step * i;
    const ulong src = dst + step / 2;
    if (src < n) {
        RL_OP(dst, src, dst);
        arr[dst] = RL_APPLY(arr[dst], arr[src]);
    }
    RL_RECORD_GLOBAL((int)step);
}
