// expect no_out_of_bounds: outside the buffer
// The load is guarded, the store is not: the last tile's work-items past n write past the end of out.
__kernel void scan(__global const T *in, __global T *out, __global T *sums, const uint n, __local T *scratch) {
    const uint lid = get_local_id(0);
    const uint gid = get_global_id(0);
    const uint size = get_local_size(0);
    __local T *src = scratch;
    __local T *dst = scratch + size;
    src[lid] = gid < n ? in[gid] : RL_IDENTITY;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint d = 1; d < size; d *= 2) {
        dst[lid] = lid >= d ? RL_APPLY(src[lid - d], src[lid]) : src[lid];
        barrier(CLK_LOCAL_MEM_FENCE);
        __local T *t = src;
        src = dst;
        dst = t;
    }
    out[gid] = src[lid];
    if (lid == size - 1) sums[get_group_id(0)] = src[lid];
}
