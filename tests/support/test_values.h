// Small helpers shared by the device tests: a run configuration, an input as the model's values, a float's bits.
#pragma once
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "core/input.h"
#include "core/device_info.h"
#include "core/run_config.h"
#include "core/catalogue/variant.h"

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

// Input for the 64-bit types that the 32-bit ones could not hold: longs of about +-2^42 (past int, their sums of
// thousands still far inside 2^53), doubles with bits below float's precision. Deterministic for a seed.
inline HostArray wideInput(ElemType type, size_t n, uint64_t seed) {
    const HostArray base = makeInput(type, DataPattern::Random, n, seed);
    std::vector<double> values(n);
    for (size_t i = 0; i < n; ++i) {
        const double v = base.at(i);
        values[i] = type == ElemType::Long ? v * 4294967296.0 + double(i % 977) : v + double(i % 13) * 0x1p-40;
    }
    return arrayOf(type, values);
}

// The types a variant's tests cover on the test device: the 64-bit ones where its kernel holds them (and, for
// double, where the device has cl_khr_fp64).
inline std::vector<ElemType> wideTypes(const VariantInfo& v, const DeviceInfo& device) {
    std::vector<ElemType> out;
    if (!v.no64BitReason.empty()) return out;
    out.push_back(ElemType::Long);
    if (device.fp64) out.push_back(ElemType::Double);
    return out;
}

}  // namespace rl::test
