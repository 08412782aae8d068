// Deterministic input generation (splitmix64, so results do not depend on the standard library's distributions).
#include "core/input.h"

namespace rl {
namespace {

struct SplitMix64 {
    uint64_t state;
    uint64_t next() {
        uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
};

}  // namespace

HostArray makeInput(ElemType type, DataPattern pattern, size_t n, uint64_t seed) {
    HostArray out;
    out.type = type;
    SplitMix64 rng{seed};
    if (type == ElemType::Int) {
        out.ints.resize(n);
        for (size_t i = 0; i < n; ++i) {
            switch (pattern) {
                case DataPattern::Random: out.ints[i] = int32_t(rng.next() % 2001) - 1000; break;
                case DataPattern::Iota: out.ints[i] = int32_t(uint32_t(i)); break;
                case DataPattern::Ones: out.ints[i] = 1; break;
            }
        }
    } else {
        out.floats.resize(n);
        for (size_t i = 0; i < n; ++i) {
            switch (pattern) {
                case DataPattern::Random: out.floats[i] = float(double(rng.next() >> 40) / double(1ull << 24)) * 2.f - 1.f; break;
                case DataPattern::Iota: out.floats[i] = float(i); break;
                case DataPattern::Ones: out.floats[i] = 1.f; break;
            }
        }
    }
    return out;
}

}  // namespace rl
