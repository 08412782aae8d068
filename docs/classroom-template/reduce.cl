// Your first reduction: combine the work-group's values in scratch into scratch[0].
__kernel void reduce(__global const T *in, __global T *out, const uint n, __local T *scratch) {
    const uint lid = get_local_id(0);
    const uint gid = get_global_id(0);
    scratch[lid] = gid < n ? in[gid] : RL_IDENTITY;
    barrier(CLK_LOCAL_MEM_FENCE);

    // TODO: combine the values scratch[0 .. get_local_size(0) - 1] into scratch[0].

    if (lid == 0) out[get_group_id(0)] = scratch[0];
}
