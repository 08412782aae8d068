// A chain of dependent integer multiply-adds in one work-item: its time grows with `iters` on any device. It keeps
// a device busy ahead of each device-timed call (bench/busy_device.h).
__kernel void busy_spin(__global uint *sink, const uint iters) {
    uint x = get_global_id(0) + 1u;
    for (uint i = 0; i < iters; ++i) x = x * 1664525u + 1013904223u;
    if (x == 0u) sink[0] = x;  /* keeps the loop: x is almost never 0 */
}
