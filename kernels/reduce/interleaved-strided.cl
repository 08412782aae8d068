// interleaved-strided.cl: Harris step 2, interleaved addressing with a strided index.
//
// Lesson: keep the same pairs as step 1 but hand them to the first work-items: at stride s, work-item `lid` works
// on index = 2*s*lid (while index < work-group size) and adds cell index + s into cell index. The active work-items
// are now the contiguous range at the front, so whole SIMD groups are either busy or idle: no divergence (until
// fewer than SIMD-width work-items remain), and no `%`.
// Cost: consecutive work-items now touch cells 2*s apart. In local memory with 32 banks of 4 bytes, a SIMD group
// reading cells 0, 2s, 4s, ... hits the same bank 2s times over: a 2-way bank conflict at s = 1, 4-way at s = 2,
// doubling with the stride, and each conflict serialises the access. Sequential addressing (step 3) fixes that.
// Requires: a power-of-two work-group size.

__kernel void interleaved_strided(__global const T *in, __global T *out, const uint n,
                                  __local T *scratch RL_TRACE_PARAMS) {
    RL_TRACE_BEGIN;
    const uint lid = get_local_id(0);
    const uint gid = get_global_id(0);
    const uint lsize = get_local_size(0);

    if (gid < n) RL_OP(-1, -1, lid);
    scratch[lid] = gid < n ? in[gid] : RL_IDENTITY;
    barrier(CLK_LOCAL_MEM_FENCE);
    RL_RECORD(scratch, -1);

    for (uint s = 1; s < lsize; s *= 2) {
        const uint index = 2 * s * lid;
        if (index < lsize) {
            RL_OP(index, index + s, index);
            scratch[index] = RL_APPLY(scratch[index], scratch[index + s]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        RL_RECORD(scratch, (int)s);
    }

    if (lid == 0) out[get_group_id(0)] = scratch[0];
}
