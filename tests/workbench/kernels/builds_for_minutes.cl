// builds_for_minutes.cl: asks the compiler to unroll a loop of a million iterations, each with a division, so the
// build itself takes minutes (or runs out of memory). The check's time limit stops it like a kernel that never ends.
__kernel void reduce(__global const T *in, __global T *out, const uint n, __local T *scratch) {
    const uint lid = get_local_id(0);
    const uint gid = get_global_id(0);
    T acc = RL_IDENTITY;
    #pragma unroll
    for (int i = 0; i < 1000000; ++i) acc = RL_APPLY(acc, in[(gid + (uint)i * 7u) % n] / (T)(i % 5 + 1));
    scratch[lid] = gid < n ? acc : RL_IDENTITY;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s) scratch[lid] = RL_APPLY(scratch[lid], scratch[lid + s]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) out[get_group_id(0)] = scratch[0];
}
