// typo.cl: a kernel that does not build (a misspelt name on line 6).
__kernel void reduce(__global const T *in, __global T *out, const uint n, __local T *scratch) {
    const uint lid = get_local_id(0);
    scratch[lid] = get_global_id(0) < n ? in[get_global_id(0)] : RL_IDENTITY;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0) out[get_group_id(0)] = scrach[0];
}
