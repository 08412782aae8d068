// wrong_signature.cl: the input is not const and n is a signed int: the launch contract names both.
__kernel void reduce(__global T *in, __global T *out, const int n, __local T *scratch) {
    out[0] = in[0];
}
