// copy.cl: the bandwidth ceiling. A plain copy moves every byte once in and once out with no arithmetic, so a
// reduction's effective bandwidth (bytes read / time) is judged against this kernel's (bytes read + written / time)
// on the same device and size. One 16-byte vector per work-item and no loop: a grid-stride loop would be slow on
// CPU devices (PoCL runs each work-item's loop to the end before the next work-item starts).

__kernel void copy_ceiling(__global const float4 *in, __global float4 *out, const uint n4) {
    const uint i = get_global_id(0);
    if (i < n4) out[i] = in[i];
}
