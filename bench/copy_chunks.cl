// copy_chunks.cl: a second copy ceiling for CPU devices. kernels/copy.cl moves one float4 per work-item, so a CPU
// OpenCL runtime pays its per-work-item and per-work-group costs for every 16 bytes; here each work-item copies one
// contiguous chunk of 16-float vectors and there are only a few work-groups per core (best-cpu.cl's pattern). The
// bench takes the faster of the two as the ceiling.
__kernel void copy_chunks(__global const float16 *in, __global float16 *out, const uint n16) {
    const uint items = get_global_size(0);
    const uint chunk = (n16 + items - 1) / items;
    const uint begin = min(n16, (uint)get_global_id(0) * chunk);
    const uint end = min(n16, begin + chunk);
    for (uint i = begin; i < end; ++i) out[i] = in[i];
}
