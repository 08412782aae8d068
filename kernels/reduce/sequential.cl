// sequential.cl: Harris step 3, sequential addressing.
//
// Lesson: instead of doubling the stride (interleaved addressing), start with half the work-group and halve it each
// stage: work-item `lid` adds cell `lid + s` into cell `lid`. The active work-items are always the contiguous
// range [0, s), so whole SIMD groups go idle together (no divergence until fewer than SIMD-width work-items remain)
// and consecutive work-items touch consecutive words (no bank conflicts).
// Cost: half the work-items are idle from the very first stage, right after the load. That is what "first add
// during load" fixes next.
// Requires: a power-of-two work-group size.

__kernel void sequential(__global const T *in, __global T *out, const uint n, __local T *scratch RL_TRACE_PARAMS) {
    RL_TRACE_BEGIN;
    const uint lid = get_local_id(0);
    const uint gid = get_global_id(0);

    if (gid < n) RL_OP(-1, -1, lid);
    scratch[lid] = gid < n ? in[gid] : RL_IDENTITY;
    barrier(CLK_LOCAL_MEM_FENCE);
    RL_RECORD(scratch, -1);

    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s) {
            RL_OP(lid, lid + s, lid);
            scratch[lid] = RL_APPLY(scratch[lid], scratch[lid + s]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        RL_RECORD(scratch, (int)s);
    }

    if (lid == 0) out[get_group_id(0)] = scratch[0];
}
