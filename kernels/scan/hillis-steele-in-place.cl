// hillis-steele-in-place.cl: scan, wrong by design: Hillis-Steele with one buffer.
//
// Lesson: the same steps as hillis-steele, but each work-item adds the cell d to its left into its own cell in the
// one buffer. Work-item lid reads cell lid - d while work-item lid - d writes it in the same step: a race. Where the
// reader runs after the writer it adds a cell that already holds the step's new value, and the scan is wrong;
// where all reads of a step happen before its writes (lanes of one SIMD group in lockstep) it is right, so the
// result depends on the device, the work-group size and the timing. The trace shows the stage where the cells leave
// the model, and Oclgrind names the line of the race.
// Cost: what it saves (the second buffer) it pays for with wrong answers: a barrier between the reads and the
// writes of each step, or the second buffer, is the fix.
// Requires: a power-of-two work-group size.

__kernel void hillis_steele_in_place(__global const T *in, __global T *out, __global T *sums, const uint n,
                                     __local T *scratch RL_TRACE_PARAMS) {
    RL_TRACE_BEGIN;
    const uint lid = get_local_id(0);
    const uint lsize = get_local_size(0);
    const uint gid = get_global_id(0);

    if (gid < n) RL_OP(-1, -1, lid);
    scratch[lid] = gid < n ? in[gid] : RL_IDENTITY;
    barrier(CLK_LOCAL_MEM_FENCE);
    RL_RECORD(scratch, -1);

    for (uint d = 1; d < lsize; d <<= 1) {
        if (lid >= d) {
            RL_OP(lid - d, lid, lid);
            scratch[lid] = RL_APPLY(scratch[lid - d], scratch[lid]);  // the race: lid - d may have written already
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        RL_RECORD(scratch, RL_SCAN_STEP(d));
    }

    const T total = scratch[lsize - 1];
#if defined(RL_EXCLUSIVE)
    if (lid > 0) RL_OP(lid - 1, -1, lid);
    const T before = lid > 0 ? scratch[lid - 1] : RL_IDENTITY;
    barrier(CLK_LOCAL_MEM_FENCE);
    scratch[lid] = before;
    barrier(CLK_LOCAL_MEM_FENCE);
    RL_RECORD(scratch, RL_SHIFT_RIGHT);
#endif
    if (gid < n) out[gid] = scratch[lid];
    if (lid == lsize - 1) sums[get_group_id(0)] = total;
}
