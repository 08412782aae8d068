// reducelab_bench --pattern scan: ReduceLab's scans against the host's std::inclusive_scan (par_unseq over TBB, and
// the serial loop) and Boost.Compute's inclusive_scan, on the same device and data, with the copy kernel as the
// ceiling (a scan moves the bytes a copy moves). Every method's output is checked element by element.
#pragma once
#include <string>
#include <vector>

#include "bench/measure.h"
#include "bench/options.h"
#include "core/cl/engine.h"

namespace rl::bench {

// `mode` is the timing mode's name (wall, device, device-idle); `context` carries the busy device of device timing.
int runScanBench(Engine& engine, std::vector<size_t> sizes, const BenchOptions& o, Timing timing,
                 const std::string& mode, const TimingContext& context);

}  // namespace rl::bench
