// reads_null.cl: reads through a null pointer made at run time. On NVIDIA this is an illegal address (the queue
// fails with CL_OUT_OF_RESOURCES); PoCL's compiler makes the read give 0. Neither takes ReduceLab down, and
// Oclgrind names the line.
__kernel void reduce(__global const T *in, __global T *out, const uint n, __local T *scratch) {
    const uint lid = get_local_id(0);
    const uint gid = get_global_id(0);
    __global const T *nowhere = (__global const T *)((ulong)in * (ulong)(n - n));
    scratch[lid] = gid < n ? nowhere[gid] : RL_IDENTITY;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s) scratch[lid] = RL_APPLY(scratch[lid], scratch[lid + s]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) out[get_group_id(0)] = scratch[0];
}
