// starter.cl: my reduction, sequential addressing.
// Ctrl+Enter saves, builds, checks and traces it. T is int or
// float, RL_APPLY(a, b) the operation, RL_IDENTITY its identity
// (docs/kernels.md has the whole contract).
__kernel void reduce(__global const T *in, __global T *out,
                     const uint n, __local T *scratch) {
    const uint lid = get_local_id(0);
    const uint gid = get_global_id(0);
    // One element each; past the end of the input, the identity.
    scratch[lid] = gid < n ? in[gid] : RL_IDENTITY;
    barrier(CLK_LOCAL_MEM_FENCE);
    // The stride halves: work-item lid adds cell lid + s into
    // cell lid, so the active work-items stay side by side.
    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s) scratch[lid] = RL_APPLY(scratch[lid], scratch[lid + s]);
        barrier(CLK_LOCAL_MEM_FENCE);  // this step's writes, seen
    }
    if (lid == 0) out[get_group_id(0)] = scratch[0];  // the partial
}
