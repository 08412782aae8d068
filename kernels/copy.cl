// copy.cl: the bandwidth ceiling. A plain copy moves every byte once in and once out with no arithmetic, so a
// reduction's effective bandwidth (bytes read / time) is judged against this kernel's (bytes read + written / time)
// on the same device and size. Each work-item moves 16-byte vectors, grid-stride, so any launch size covers n4.

__kernel void copy_ceiling(__global const float4 *in, __global float4 *out, const uint n4) {
    for (uint i = get_global_id(0); i < n4; i += get_global_size(0)) out[i] = in[i];
}
