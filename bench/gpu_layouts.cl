// gpu_layouts.cl: experiments for best-gpu.cl (bench --layouts), built after kernels/common.cl and kernels/record.cl.
// LAYOUT 0: grid-stride as best-gpu.cl, UNROLL independent 16-byte loads per step, `grid` vectors apart.
// RESTRICT: the pointers declared restrict (the read-only load path).
// LAYOUT 1: each work-group owns a contiguous run of tiles (a tile = UNROLL x wg vectors, read block-stride so
//           neighbours read neighbours), as CUB's even-share reduce does: each SM streams its own region.
#ifndef UNROLL
#define UNROLL 4
#endif
#if defined(RL_TYPE_INT)
#define APPLY4(a, b) as_int4(as_uint4(a) + as_uint4(b))
#else
#define APPLY4(a, b) ((a) + (b))
#endif

#ifdef RESTRICT
#define RQ restrict
#else
#define RQ
#endif

__kernel void layout_reduce(__global const T *RQ in, __global T *RQ out, const uint n, __local T *scratch) {
    const uint lid = get_local_id(0), wg = get_local_size(0);
    const ulong gid = get_global_id(0), grid = get_global_size(0);
    const ulong n4 = n / 4;
    __global const T4 *in4 = (__global const T4 *)in;
    T4 acc = (T4)(RL_IDENTITY);
#if LAYOUT == 0
    ulong i = gid;
    for (; i + (UNROLL - 1) * grid < n4; i += UNROLL * grid) {
        T4 v[UNROLL];
#pragma unroll
        for (int k = 0; k < UNROLL; ++k) v[k] = in4[i + k * grid];
#pragma unroll
        for (int k = 0; k < UNROLL; ++k) acc = APPLY4(acc, v[k]);
    }
    for (; i < n4; i += grid) acc = APPLY4(acc, in4[i]);
#else
    const ulong tile = (ulong)UNROLL * wg, tiles = (n4 + tile - 1) / tile;
    const ulong g = get_group_id(0), groups = get_num_groups(0);
    const ulong t0 = tiles * g / groups, t1 = tiles * (g + 1) / groups;
    for (ulong t = t0; t < t1; ++t) {
        const ulong base = t * tile + lid;
        if ((t + 1) * tile <= n4) {
            T4 v[UNROLL];
#pragma unroll
            for (int k = 0; k < UNROLL; ++k) v[k] = in4[base + k * wg];
#pragma unroll
            for (int k = 0; k < UNROLL; ++k) acc = APPLY4(acc, v[k]);
        } else {
            for (int k = 0; k < UNROLL; ++k)
                if (base + k * wg < n4) acc = APPLY4(acc, in4[base + k * wg]);
        }
    }
#endif
    T a = RL_APPLY(RL_APPLY(acc.x, acc.y), RL_APPLY(acc.z, acc.w));
    const ulong tail = n4 * 4 + gid;
    if (tail < n) a = RL_APPLY(a, in[tail]);
    scratch[lid] = a;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = wg / 2; s > 0; s >>= 1) {
        if (lid < s) scratch[lid] = RL_APPLY(scratch[lid], scratch[lid + s]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) out[get_group_id(0)] = scratch[0];
}

// One launch instead of two: each group adds its partial into the result with a compare-and-swap loop (OpenCL 1.1
// atomics, coherent on one address, so correct by design in any order), and group 0 resets the other result slot
// to zero for the next run (launches on one in-order queue do not overlap). Float sums then depend on the order in
// which groups finish: not reproducible bit for bit, unlike the two-launch kernels.
__kernel void atomic_reduce(__global const float *in, __global int *slots, const uint n, __local float *scratch,
                            const uint parity) {
    const uint lid = get_local_id(0), wg = get_local_size(0);
    const ulong gid = get_global_id(0), grid = get_global_size(0);
    const ulong n4 = n / 4;
    __global const float4 *in4 = (__global const float4 *)in;
    float4 acc = (float4)(0.0f);
    ulong i = gid;
    for (; i + 3 * grid < n4; i += 4 * grid)
        acc += (in4[i] + in4[i + grid]) + (in4[i + 2 * grid] + in4[i + 3 * grid]);
    for (; i < n4; i += grid) acc += in4[i];
    float a = (acc.x + acc.y) + (acc.z + acc.w);
    const ulong tail = n4 * 4 + gid;
    if (tail < n) a += in[tail];
    scratch[lid] = a;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = wg / 2; s > 0; s >>= 1) {
        if (lid < s) scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) {
        __global int *slot = slots + (parity & 1);
        int old = *slot, seen;
        while ((seen = atomic_cmpxchg(slot, old, as_int(as_float(old) + scratch[0]))) != old) old = seen;
        if (get_group_id(0) == 0) slots[(parity + 1) & 1] = 0;
    }
}
