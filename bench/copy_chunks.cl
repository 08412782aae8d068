// copy_chunks.cl: the copy ceiling for CPU devices. kernels/copy.cl walks the input grid-stride, which a CPU
// OpenCL runtime runs one work-item at a time (the collapse best-cpu.cl avoids), so on PoCL it measures the
// runtime's weakness rather than the memory. Here each work-item copies one contiguous chunk of 16-float vectors.
__kernel void copy_chunks(__global const float16 *in, __global float16 *out, const uint n16) {
    const uint items = get_global_size(0);
    const uint chunk = (n16 + items - 1) / items;
    const uint begin = min(n16, (uint)get_global_id(0) * chunk);
    const uint end = min(n16, begin + chunk);
    for (uint i = begin; i < end; ++i) out[i] = in[i];
}
