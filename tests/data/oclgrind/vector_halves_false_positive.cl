// Oclgrind 21.10 reproducer: every value here is initialized, yet `oclgrind-kernel --uninitialized` reports an
// uninitialized value written to `out` (adding the .lo/.hi halves of a splatted vector; Oclgrind issue #126,
// "False positive uninitialized memory with primitive vector types"). oclgrind_test.cpp uses it as evidence for
// tolerating uninitialized-value reports, never races, in the kernels that reduce wide vectors by halves.
__kernel void halves(__global int *out) {
    const int16 acc = (int16)(1);
    const int8 h = as_int8(as_uint8(acc.lo) + as_uint8(acc.hi));
    const int4 q = h.lo + h.hi;
    const int2 d = q.lo + q.hi;
    out[get_global_id(0)] = d.x + d.y;
}
