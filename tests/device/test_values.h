// Small helpers shared by the device tests: a run configuration, an input as the model's values, a float's bits.
#pragma once
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "core/input.h"
#include "core/run_config.h"

namespace rl::test {

inline RunConfig makeConfig(const std::string& variant, size_t n, size_t wg, Op op, ElemType type, uint64_t seed) {
    RunConfig c;
    c.variant = variant;
    c.n = n;
    c.wg = wg;
    c.op = op;
    c.type = type;
    c.seed = seed;
    return c;
}

// The input as the CPU model takes it (every int32 and float is exact as a double).
inline std::vector<double> valuesOf(const HostArray& a) {
    std::vector<double> v(a.size());
    for (size_t i = 0; i < a.size(); ++i) v[i] = a.at(i);
    return v;
}

// The bit pattern of a value rounded to float: float traces are compared bit for bit.
inline uint32_t floatBits(double v) {
    const float f = float(v);
    uint32_t b;
    std::memcpy(&b, &f, sizeof b);
    return b;
}

}  // namespace rl::test
