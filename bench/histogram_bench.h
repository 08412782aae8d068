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

int runHistogramBench(Engine& engine, std::vector<size_t> sizes, const BenchOptions& o, Timing timing,
                      const std::string& mode, const TimingContext& context);

}  // namespace rl::bench
