// The histogram bench's data (bench/histogram_bench.cpp), apart so that the tests can check it without the bench.
#pragma once
#include <cstdint>
#include <string>

#include "core/input.h"

namespace rl::bench {

// n values of `type` in [0, bins): uniform, zipf (value k with weight 1 / (k + 1)) or constant (bins / 2). Floats
// sit between 0.1 and 0.9 past a whole number, so that every method's rounding puts them in the same bin. The values
// are those of one serial loop over one SplitMix64 stream of `seed`, made on every core.
HostArray histogramInput(ElemType type, const std::string& distribution, size_t n, size_t bins, uint64_t seed);

}  // namespace rl::bench
