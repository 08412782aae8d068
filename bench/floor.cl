// floor.cl: kernels of reducelab_bench --floor (bench/floor.cpp), which asks where an OpenCL kernel's profiling
// interval (CL_PROFILING_COMMAND_START to _END) lies against the work the kernel does. NVIDIA only: the GPU's
// %globaltimer (nanoseconds) is read with inline PTX at a work-group's first instruction and after its last store,
// and the earliest start and latest end over the grid are kept with 64-bit atomics.
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable

inline ulong now_ns(void) {
    ulong t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

__kernel void nop(__global ulong *stamps) {}

// stamps[0] = earliest start (host sets ~0), stamps[1] = latest end (host sets 0).
__kernel void stamp_empty(__global ulong *stamps) {
    const ulong t0 = now_ns();
    barrier(CLK_LOCAL_MEM_FENCE);
    const ulong t1 = now_ns();
    if (get_local_id(0) == 0) {
        atom_min(&stamps[0], t0);
        atom_max(&stamps[1], t1);
    }
}

// A float sum in best-gpu's load shape (grid-stride float4, four in flight), one partial per group, stamped.
__kernel void stamp_sum(__global const float4 *in, __global float *out, const uint n4, __local float *scratch,
                        __global ulong *stamps) {
    const ulong t0 = now_ns();
    const uint lid = get_local_id(0);
    const ulong grid = get_global_size(0);
    float4 acc = (float4)(0.0f);
    ulong i = get_global_id(0);
    for (; i + 3 * grid < n4; i += 4 * grid)
        acc += (in[i] + in[i + grid]) + (in[i + 2 * grid] + in[i + 3 * grid]);
    for (; i < n4; i += grid) acc += in[i];
    scratch[lid] = (acc.x + acc.y) + (acc.z + acc.w);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s) scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) {
        out[get_group_id(0)] = scratch[0];
        atom_min(&stamps[0], t0);
        atom_max(&stamps[1], now_ns());
    }
}

// Keeps the GPU busy for `ns` nanoseconds, so that the next command is queued before the GPU reaches it.
__kernel void spin(const ulong ns) {
    const ulong t0 = now_ns();
    while (now_ns() - t0 < ns) {
    }
}
