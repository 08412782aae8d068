// A student's work-efficient scan as the textbooks write it (GPU Gems 3, chapter 39), with no recording macros: the
// up-sweep in place, the tile's total read by every work-item before the root is cleared, the down-sweep, and each
// element's own value added in a register as the result is stored (inclusive), or left out (exclusive).
__kernel void scan(__global const T *in, __global T *out, __global T *sums, const uint n, __local T *temp) {
    const uint lid = get_local_id(0);
    const uint size = get_local_size(0);
    const uint gid = get_global_id(0);
    const T mine = gid < n ? in[gid] : RL_IDENTITY;
    temp[lid] = mine;
    uint offset = 1;
    for (uint d = size >> 1; d > 0; d >>= 1) {  // up-sweep: the sums built in place up the tree
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < d) {
            const uint ai = offset * (2 * lid + 1) - 1;
            const uint bi = offset * (2 * lid + 2) - 1;
            temp[bi] = RL_APPLY(temp[ai], temp[bi]);
        }
        offset *= 2;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    const T total = temp[size - 1];  // the tile's total, read before the root is cleared
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0) temp[size - 1] = RL_IDENTITY;  // clear the root
    for (uint d = 1; d < size; d *= 2) {  // down-sweep
        offset >>= 1;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < d) {
            const uint ai = offset * (2 * lid + 1) - 1;
            const uint bi = offset * (2 * lid + 2) - 1;
            const T t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] = RL_APPLY(temp[bi], t);
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
#if defined(RL_EXCLUSIVE)
    if (gid < n) out[gid] = temp[lid];
#else
    if (gid < n) out[gid] = RL_APPLY(temp[lid], mine);  // the element's own value, in a register
#endif
    if (lid == size - 1) sums[get_group_id(0)] = total;
}
