// seed_vector4.cl: the tutorial's vector reduction, float4 elements in and in local memory. The launch passes
// scalar elements and cannot know how many a float4 pointer covers, so ReduceLab refuses it and says why.
__kernel void reduction_vector(__global float4* data, __local float4* partial_sums, __global float* output) {
    int lid = get_local_id(0);
    int group_size = get_local_size(0);
    partial_sums[lid] = data[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = group_size / 2; i > 0; i >>= 1) {
        if (lid < i) partial_sums[lid] += partial_sums[lid + i];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) output[get_group_id(0)] = dot(partial_sums[0], (float4)(1.0f));
}
