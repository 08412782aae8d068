// vector4.cl: vector loads (the CSCI376 seed's float4 kernel), then sequential addressing.
//
// Lesson: each work-item loads four consecutive elements with one 16-byte vector load (vload4: in[4*gid .. 4*gid+3])
// and combines the four components in registers, pairwise: (x op y) op (z op w). Fewer, wider loads use the memory
// system better, a work-group covers four times its size (ceil(n / (4 * wg)) groups), and the local-memory tree
// (sequential addressing) only sees one value per work-item. The last, partial vector of the input is loaded one
// element at a time and padded with the operation's identity, as are work-items past the end.
// Cost: unlike the seed, which keeps float4s in local memory and sums the components with dot() at the very end (an
// order OpenCL leaves to the implementation), the components are combined right after the load in a fixed order,
// so the result can be checked bit for bit. The tree still idles half its work-items from the first stage.
// Requires: a power-of-two work-group size.

__kernel void vector4(__global const T *in, __global T *out, const uint n, __local T *scratch RL_TRACE_PARAMS) {
    RL_TRACE_BEGIN;
    const uint lid = get_local_id(0);
    const uint gid = get_global_id(0);
    const ulong first = (ulong)gid * 4;

    T4 v;
    if (first + 4 <= n) {
        v = vload4(gid, in);
    } else {
        v.s0 = first + 0 < n ? in[first + 0] : RL_IDENTITY;
        v.s1 = first + 1 < n ? in[first + 1] : RL_IDENTITY;
        v.s2 = first + 2 < n ? in[first + 2] : RL_IDENTITY;
        v.s3 = RL_IDENTITY;
    }
    if (first < n) RL_OP(-1, -1, lid);
    scratch[lid] = RL_APPLY(RL_APPLY(v.s0, v.s1), RL_APPLY(v.s2, v.s3));
    barrier(CLK_LOCAL_MEM_FENCE);
    RL_RECORD(scratch, -1);

    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s) {
            RL_OP(lid, lid + s, lid);
            scratch[lid] = RL_APPLY(scratch[lid], scratch[lid + s]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        RL_RECORD(scratch, (int)s);
    }

    if (lid == 0) out[get_group_id(0)] = scratch[0];
}
