// best-cpu.cl: ReduceLab's fastest kernel for CPU devices (PoCL): one contiguous chunk per work-item, wide vectors.
//
// Lesson: a CPU OpenCL runtime runs a work-group as a loop over its work-items, each one's code to the next barrier
// before the next work-item starts. A GPU-style grid-stride loop then walks the whole input once per work-item, one
// element per cache line, and every line is fetched again by each work-item that shares it: memory traffic grows
// sixteen-fold and the kernel collapses. So here each work-item owns one contiguous chunk of the input (chunks of
// consecutive work-items are adjacent, so the group streams through memory front to back, as the prefetcher
// likes), reads it in 64-byte vectors (vload16: one AVX-512 register, or two AVX2 ones) into one accumulator (the loop
// waits on memory, not on its adds: two or four accumulators break a chain of adds that does not hold it back, and
// streamed slower under PoCL), and a grid of only a few work-groups per core keeps the scheduling cost negligible. The
// partials are reduced by a second launch with one work-group.
// Cost: on a GPU the same pattern is uncoalesced (neighbouring work-items read addresses a chunk apart), which is
// why best-gpu.cl walks grid-stride instead. The accumulation order is fixed, so floats are reproducible.
// Requires: a power-of-two work-group size.

__kernel void best_cpu(__global const T *restrict in, __global T *restrict out, const uint n,
                       __local T *scratch RL_TRACE_PARAMS) {
    RL_TRACE_BEGIN;
    const uint lid = get_local_id(0);
    const ulong gid = get_global_id(0);
    const ulong items = get_global_size(0);

    // This work-item's chunk: a whole number of 16-element vectors, so every chunk starts 64-byte aligned.
    const ulong chunk = ((n + items - 1) / items + 15) / 16 * 16;
    const ulong begin = min((ulong)n, gid * chunk);
    const ulong end = min((ulong)n, begin + chunk);

    T16 acc = (T16)(RL_IDENTITY);
    ulong i = begin;
    for (; i + 16 <= end; i += 16) acc = RL_APPLYV(acc, vload16(0, in + i), 16);
    T a = rl_total16(acc);
    for (; i < end; ++i) a = RL_APPLY(a, in[i]);
    if (begin < end) RL_OP(-1, -1, lid);

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
