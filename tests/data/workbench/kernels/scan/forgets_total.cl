// A tile scan that never writes its tile's total: every tile is right on its own, and every tile after the
// first misses the tiles before it.
__kernel void scan(__global const T *in, __global T *out, __global T *sums, const uint n, __local T *scratch) {
    const uint lid = get_local_id(0);
    const uint size = get_local_size(0);
    const uint gid = get_global_id(0);
    __local T *a = scratch;
    __local T *b = scratch + size;
    a[lid] = gid < n ? in[gid] : RL_IDENTITY;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint d = 1; d < size; d *= 2) {
        b[lid] = lid >= d ? RL_APPLY(a[lid - d], a[lid]) : a[lid];
        barrier(CLK_LOCAL_MEM_FENCE);
        __local T *t = a;
        a = b;
        b = t;
    }
    if (gid < n) out[gid] = a[lid];
    if (lid == size - 1) sums[get_group_id(0)] = RL_IDENTITY;
}
