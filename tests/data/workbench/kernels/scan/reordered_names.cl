// The contract's arguments in another order and with other names: the totals told apart by their name.
__kernel void prefix(__local int *tmp, const uint count, __global int *block_sums, __global int *dst,
                     __global const int *src) {
    const uint lid = get_local_id(0);
    const uint size = get_local_size(0);
    const uint gid = get_global_id(0);
    __local int *a = tmp;
    __local int *b = tmp + size;
    a[lid] = gid < count ? src[gid] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint d = 1; d < size; d *= 2) {
        b[lid] = lid >= d ? a[lid - d] + a[lid] : a[lid];
        barrier(CLK_LOCAL_MEM_FENCE);
        __local int *t = a;
        a = b;
        b = t;
    }
    if (gid < count) dst[gid] = a[lid];
    if (lid == size - 1) block_sums[get_group_id(0)] = a[lid];
}
