// divides_by_zero.cl: divides every element by an integer that is 0 at run time. OpenCL leaves the result
// undefined (no trap on NVIDIA or PoCL: inf, NaN or 0): the check reports the sizes wrong, or a crash of its own
// step on a device that traps.
__kernel void reduce(__global const T *in, __global T *out, const uint n, __local T *scratch) {
    const uint lid = get_local_id(0);
    const uint gid = get_global_id(0);
    const int zero = (int)(n - n);
    scratch[lid] = gid < n ? in[gid] / (T)zero + (T)(1 / zero) : RL_IDENTITY;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s) scratch[lid] = RL_APPLY(scratch[lid], scratch[lid + s]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) out[get_group_id(0)] = scratch[0];
}
