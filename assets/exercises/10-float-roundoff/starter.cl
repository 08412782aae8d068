// The natural loop: work-item 0 adds every element, one after another. Other work-groups write the identity.
__kernel void reduce(__global const T *in, __global T *out, const uint n, __local T *scratch) {
    if (get_global_id(0) == 0) {
        T acc = RL_IDENTITY;
        for (uint i = 0; i < n; ++i) acc = RL_APPLY(acc, in[i]);
        out[0] = acc;
    } else if (get_local_id(0) == 0) {
        out[get_group_id(0)] = RL_IDENTITY;
    }
}
