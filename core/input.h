// Input arrays for reductions: generated on the host from a pattern and seed, typed as the device sees them.
#pragma once
#include <cstdint>
#include <vector>

#include "core/types.h"

namespace rl {

struct HostArray {
    ElemType type = ElemType::Float;
    std::vector<int32_t> ints;
    std::vector<float> floats;

    size_t size() const { return type == ElemType::Int ? ints.size() : floats.size(); }
    double at(size_t i) const { return type == ElemType::Int ? double(ints[i]) : double(floats[i]); }
    const void* data() const { return type == ElemType::Int ? static_cast<const void*>(ints.data()) : floats.data(); }
    size_t bytes() const { return size() * elemSize(type); }
};

// random: ints uniform in [-1000, 1000], floats uniform in [-1, 1) (never all zeros); iota: 0, 1, 2, ...;
// ones: all 1. Deterministic for a given seed on every platform.
HostArray makeInput(ElemType type, DataPattern pattern, size_t n, uint64_t seed);

}  // namespace rl
