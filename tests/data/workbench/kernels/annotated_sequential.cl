// annotated_sequential.cl: a student's sequential reduce that records its own stages with ReduceLab's macros
// (docs/kernels.md): its trace must equal the built-in sequential model cell for cell.
__kernel void reduce(__global const T *in, __global T *out, const uint n, __local T *scratch RL_TRACE_PARAMS) {
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
