// A student's first scan: Hillis and Steele's steps over a double buffer, without the recording macros.
// Each work-group scans its tile into out and writes the tile's total to sums.
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
#if defined(RL_EXCLUSIVE)
    if (gid < n) out[gid] = lid > 0 ? a[lid - 1] : RL_IDENTITY;
#else
    if (gid < n) out[gid] = a[lid];
#endif
    if (lid == size - 1) sums[get_group_id(0)] = a[lid];
}
