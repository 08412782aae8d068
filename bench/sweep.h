// Tuning sweep: the chosen variants over work-group sizes and grids (groups per compute unit), to pick defaults.
#pragma once
#include <vector>

#include "bench/options.h"
#include "core/cl/engine.h"

namespace rl::bench {

int runSweep(Engine& engine, const std::vector<size_t>& sizes, const BenchOptions& o);

}  // namespace rl::bench
