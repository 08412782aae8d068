// first-add.cl: Harris step 4, first add during the global load.
//
// Lesson: in sequential addressing half the work-items go idle right after the load. Give them work instead: each
// work-group covers twice its size, and work-item `lid` loads in[i] and in[i + wg] (i = group * 2 * wg + lid) and
// combines them before storing to local memory. The same tree then reduces twice the data, so half as many
// work-groups are launched (ceil(n / (2 * wg))). Elements past n are padded with the operation's identity.
// Cost: nothing new; each work-item still does only one operation before the tree, so the instruction overhead of
// the tree (loop, index arithmetic, barriers) still dominates. Unrolling attacks that next.
// Requires: a power-of-two work-group size.

__kernel void first_add(__global const T *in, __global T *out, const uint n, __local T *scratch RL_TRACE_PARAMS) {
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

    for (uint s = lsize / 2; s > 0; s >>= 1) {
        if (lid < s) {
            RL_OP(lid, lid + s, lid);
            scratch[lid] = RL_APPLY(scratch[lid], scratch[lid + s]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        RL_RECORD(scratch, (int)s);
    }

    if (lid == 0) out[get_group_id(0)] = scratch[0];
}
