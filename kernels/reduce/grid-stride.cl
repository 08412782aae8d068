// grid-stride.cl: a fixed grid, 16-byte vector loads, grid-stride, two launches (best-gpu.cl makes it one launch).
//
// Lesson: a reduction reads every byte once and does almost no arithmetic, so on a GPU the only goal is to keep
// enough loads in flight to saturate memory. Launch a fixed grid of a few work-groups per compute unit (enough to
// fill every unit, few enough that the tree below runs once per group, not once per 256 elements), and let each
// work-item walk the input grid-stride in 16-byte vectors: at every step neighbouring work-items read neighbouring
// vectors (coalesced), and each iteration issues four independent loads before it needs any of them. The partials
// of the whole grid (a few hundred) are reduced by a second launch of the same kernel with one work-group. At
// small N that second launch is most of the time (a launch costs microseconds on a GPU): best-gpu.cl removes it.
// Cost: the grid-stride walk is what a CPU device handles worst (see best-cpu.cl): a CPU runs one work-item's loop
// to completion before the next, so every cache line is fetched again by each of the 16 work-items that share it.
// The accumulation order is fixed (lane-wise in a vector, then (x op y) op (z op w)), so floats are reproducible.
// Requires: a power-of-two work-group size; the input buffer aligned to 16 bytes (every OpenCL buffer is).

#if defined(RL_TYPE_INT) && defined(RL_OP_SUM)
#define GS_APPLY4(a, b) as_int4(as_uint4(a) + as_uint4(b))  // wraps like RL_APPLY
#elif defined(RL_TYPE_LONG) && defined(RL_OP_SUM)
#define GS_APPLY4(a, b) as_long4(as_ulong4(a) + as_ulong4(b))
#elif defined(RL_OP_MIN)
#define GS_APPLY4(a, b) select((a), (b), (b) < (a))
#elif defined(RL_OP_MAX)
#define GS_APPLY4(a, b) select((a), (b), (b) > (a))
#else
#define GS_APPLY4(a, b) ((a) + (b))
#endif

// `restrict`: the input and the partials never overlap, so the compiler may use the read-only load path.
__kernel void grid_stride(__global const T *restrict in, __global T *restrict out, const uint n,
                       __local T *scratch RL_TRACE_PARAMS) {
    RL_TRACE_BEGIN;
    const uint lid = get_local_id(0);
    const uint gid = get_global_id(0);
    const ulong grid = get_global_size(0);
    const ulong n4 = n / 4;
    __global const T4 *in4 = (__global const T4 *)in;

    // Grid-stride over whole vectors, four loads in flight per iteration, then the vectors that remain.
    T4 acc = (T4)(RL_IDENTITY);
    ulong i = gid;
    for (; i + 3 * grid < n4; i += 4 * grid) {
        const T4 v0 = in4[i], v1 = in4[i + grid], v2 = in4[i + 2 * grid], v3 = in4[i + 3 * grid];
        acc = GS_APPLY4(acc, GS_APPLY4(GS_APPLY4(v0, v1), GS_APPLY4(v2, v3)));
    }
    for (; i < n4; i += grid) acc = GS_APPLY4(acc, in4[i]);
    T a = RL_APPLY(RL_APPLY(acc.x, acc.y), RL_APPLY(acc.z, acc.w));
    // The last n % 4 elements, one each for the first work-items.
    const ulong tail = n4 * 4 + gid;
    if (tail < n) a = RL_APPLY(a, in[tail]);
    if (gid < n4 || tail < n) RL_OP(-1, -1, lid);

    scratch[lid] = a;
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
