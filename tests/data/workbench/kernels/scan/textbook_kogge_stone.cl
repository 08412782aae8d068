// A student's scan as Programming Massively Parallel Processors writes Kogge-Stone's, with no recording macros: in
// place, each step's sum held in a register between two barriers (one interval only reads, the next writes), so that
// no work-item overwrites a cell another still has to read. Inclusive, or shifted one right for exclusive.
__kernel void scan(__global const T *in, __global T *out, __global T *sums, const uint n, __local T *xy) {
    const uint lid = get_local_id(0);
    const uint size = get_local_size(0);
    const uint gid = get_global_id(0);
    xy[lid] = gid < n ? in[gid] : RL_IDENTITY;
    for (uint stride = 1; stride < size; stride *= 2) {
        barrier(CLK_LOCAL_MEM_FENCE);
        T sum = RL_IDENTITY;
        if (lid >= stride) sum = RL_APPLY(xy[lid - stride], xy[lid]);
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid >= stride) xy[lid] = sum;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
#if defined(RL_EXCLUSIVE)
    if (gid < n) out[gid] = lid > 0 ? xy[lid - 1] : RL_IDENTITY;
#else
    if (gid < n) out[gid] = xy[lid];
#endif
    if (lid == size - 1) sums[get_group_id(0)] = xy[lid];
}
