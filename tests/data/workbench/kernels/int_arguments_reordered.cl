// int_arguments_reordered.cl: an int sum whose author put the local buffer first and the count, a signed int,
// last. ReduceLab matches each argument by what it is and builds it for int.
__kernel void sum_ints(__local int *tmp, __global int *result, __global const int *values, const int count) {
    const int lid = get_local_id(0);
    const int gid = get_global_id(0);
    tmp[lid] = gid < count ? values[gid] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s) tmp[lid] += tmp[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) result[get_group_id(0)] = tmp[0];
}
