// unroll-last-warp.cl: Harris step 5, unrolling the last warp, exactly as published. NOT CORRECT IN OPENCL.
//
// Lesson: once at most 32 work-items are active, they all sit in one SIMD group (warp), and on the GPUs Harris
// wrote for the 32 lanes of a warp executed each instruction together. So the last six stages (s = 32 .. 1) drop
// the `if (lid < s)` test and the barrier: the first 32 work-items run the whole tail straight through on a
// `volatile` pointer (so every step really re-reads local memory), with all 32 lanes active at every step (lanes
// past s compute values nobody reads). That saves the loop and five barriers per work-group. The stages above the
// tail and the load are those of first-add.
// Cost: it is a bet on the hardware, not a program OpenCL defines. Nothing orders one work-item's write against
// another's read without a barrier, so the tail is a data race: on a device that does not run 32 work-items in
// lockstep (PoCL on a CPU runs a work-group's items one after another; GPUs with independent thread scheduling need
// not keep a warp converged) a work-item reads a neighbour's cell before the neighbour has written it, and the
// result is wrong. ReduceLab runs it to show that; unroll-last-warp-safe is the correct tail.
// Requires: a power-of-two work-group size of at least 64 (the tail reads cells up to 63).

__kernel void unroll_last_warp(__global const T *in, __global T *out, const uint n,
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

    // The warp-synchronous tail: no barriers below this line (each RL_RECORD_NOSYNC only copies the lane's own cell).
    if (lid < 32) {
        volatile __local T *v = scratch;
        RL_OP(lid, lid + 32, lid);
        v[lid] = RL_APPLY(v[lid], v[lid + 32]);
        RL_RECORD_NOSYNC(v, RL_TAIL_STEP(32));
        RL_OP(lid, lid + 16, lid);
        v[lid] = RL_APPLY(v[lid], v[lid + 16]);
        RL_RECORD_NOSYNC(v, RL_TAIL_STEP(16));
        RL_OP(lid, lid + 8, lid);
        v[lid] = RL_APPLY(v[lid], v[lid + 8]);
        RL_RECORD_NOSYNC(v, RL_TAIL_STEP(8));
        RL_OP(lid, lid + 4, lid);
        v[lid] = RL_APPLY(v[lid], v[lid + 4]);
        RL_RECORD_NOSYNC(v, RL_TAIL_STEP(4));
        RL_OP(lid, lid + 2, lid);
        v[lid] = RL_APPLY(v[lid], v[lid + 2]);
        RL_RECORD_NOSYNC(v, RL_TAIL_STEP(2));
        RL_OP(lid, lid + 1, lid);
        v[lid] = RL_APPLY(v[lid], v[lid + 1]);
        RL_RECORD_NOSYNC(v, RL_TAIL_STEP(1));
    } else {
        // Work-items outside the tail record their (unchanged) cells once per tail step, so every stage is whole.
        for (uint s = 32; s > 0; s >>= 1) RL_RECORD_NOSYNC(scratch, RL_TAIL_STEP(s));
    }

    if (lid == 0) out[get_group_id(0)] = scratch[0];
}
