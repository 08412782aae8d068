// Launch-cost probe: where a small reduction's time goes on this device (each kernel's own time, the gap between
// two launches, an empty kernel), and whether holding the first launch until the second is queued closes the gap.
#pragma once
#include <string>
#include <vector>

#include "bench/options.h"
#include "bench/measure.h"
#include "core/cl/engine.h"

namespace rl::bench {

int runProbe(Engine& engine, const std::vector<size_t>& sizes, const BenchOptions& o);

// Layout experiments for best-gpu (bench/gpu_layouts.cl): grid-stride against per-group tiles, unroll and grid.
int runLayouts(Engine& engine, const std::vector<size_t>& sizes, const BenchOptions& o, const std::string& source);

// best-gpu's anatomy per size: grid, elements per item, last-group cost, copy and read-only ceilings.
// Device-timed behind `busy` when given (bench/busy_device.h).
int runAnatomy(Engine& engine, const std::vector<size_t>& sizes, const BenchOptions& o, const std::string& source,
               BusyDevice* busy);

// Where an OpenCL kernel's profiling interval lies around its work (bench/floor.cl, NVIDIA only).
int runFloor(Engine& engine, const std::vector<size_t>& sizes, const BenchOptions& o, const std::string& source);

}  // namespace rl::bench
