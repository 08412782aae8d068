// wrong_signature.cl: the element count is a float. Arguments are matched by what they are, in any order, but a
// count must be a whole number: the message names the argument and the signature ReduceLab launches.
__kernel void reduce(__global const T *in, __global T *out, const float n, __local T *scratch) {
    out[0] = in[0];
}
