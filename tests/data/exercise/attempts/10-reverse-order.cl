// expect float_error: FLT_EPSILON
// The serial loop run backwards, hoping the order helps: still one long chain of additions.
__kernel void reduce(__global const T *in, __global T *out, const uint n, __local T *scratch) {
    if (get_global_id(0) == 0) {
        T acc = RL_IDENTITY;
        for (uint i = n; i > 0; --i) acc = RL_APPLY(acc, in[i - 1]);
        out[0] = acc;
    } else if (get_local_id(0) == 0) {
        out[get_group_id(0)] = RL_IDENTITY;
    }
}
