// reducelab_bench --pattern histogram: ReduceLab's histograms against the host's (oneTBB with per-thread bins, and
// the serial loop) and, on an NVIDIA GPU, CUDA's (bench/peer_torch.py: cupy.histogram with CUB and without,
// cupy.bincount, torch.bincount, torch.histc), on the same data, with a read-only kernel and the copy kernel as the
// ceilings (a histogram reads every element once). Every method's bins are checked one by one.
#pragma once
#include <string>
#include <vector>

#include "bench/measure.h"
#include "bench/options.h"
#include "core/cl/engine.h"

namespace rl::bench {

// n values of `type` in [0, bins): uniform, zipf (value k with weight 1 / (k + 1)) or constant (bins / 2). Floats
// sit between 0.1 and 0.9 past a whole number, so that every method's rounding puts them in the same bin.
HostArray histogramInput(ElemType type, const std::string& distribution, size_t n, size_t bins, uint64_t seed);

int runHistogramBench(Engine& engine, std::vector<size_t> sizes, const BenchOptions& o, Timing timing,
                      const std::string& mode, const TimingContext& context);

}  // namespace rl::bench
