// huge_local.cl: declares 16 MiB of __local memory, far more than a GPU has (tens to hundreds of KiB per compute
// unit). NVIDIA's assembler refuses it with a message that names no line, which the check still shows; PoCL runs it.
__kernel void reduce(__global const T *in, __global T *out, const uint n, __local T *scratch) {
    __local T big[1 << 22];
    const uint lid = get_local_id(0);
    const uint gid = get_global_id(0);
    big[lid * 1024] = gid < n ? in[gid] : RL_IDENTITY;
    scratch[lid] = big[lid * 1024];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s) scratch[lid] = RL_APPLY(scratch[lid], scratch[lid + s]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) out[get_group_id(0)] = scratch[0];
}
