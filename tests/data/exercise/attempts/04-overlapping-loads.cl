// expect reads_each_input_once: read more than once
// reads_twice.cl: first add during the load, but the second load overlaps the next work-group's first: every
// element past the first work-group is read twice, and the sum counts it twice.
__kernel void reduce(__global const T *in, __global T *out, const uint n, __local T *scratch) {
    const uint lid = get_local_id(0);
    const uint lsize = get_local_size(0);
    const uint i = get_group_id(0) * lsize + lid;
    const T a = i < n ? in[i] : RL_IDENTITY;
    const T b = i + lsize < n ? in[i + lsize] : RL_IDENTITY;
    scratch[lid] = RL_APPLY(a, b);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = lsize / 2; s > 0; s >>= 1) {
        if (lid < s) scratch[lid] = RL_APPLY(scratch[lid], scratch[lid + s]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) out[get_group_id(0)] = scratch[0];
}
