// seed_three_arguments.cl: the first kernel of the write-ups, as students copy it: float only, the input not const,
// no element count, the arguments named a, r and b. ReduceLab matches them by what they are and launches whole
// work-groups over an input padded with 0, since the kernel cannot know where the array ends.
__kernel void reduce(__global float *a, __global float *r, __local float *b) {
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    b[lid] = a[gid];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s) b[lid] += b[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) r[get_group_id(0)] = b[0];
}
