// The simulator half of a check, run by reducelab-sim (a process of its own: liboclgrind brings an LLVM that must
// not meet the OpenCL driver's in one process). Reports as it goes, one JSON object per event.
#pragma once
#include <functional>

#include <nlohmann/json.hpp>

#include "core/catalogue/variant.h"
#include "core/workbench/check_request.h"

namespace rl::sim {

// Events: {"event":"sim", built, log, trace, findings} for the traced size, then {"event":"sim_findings", n,
// findings} for a size that leaves the last work-group partly empty (where a missing bounds check shows).
void simulatorStep(const workbench::CheckRequest& request, const VariantInfo& variant,
                   const std::function<void(const nlohmann::json&)>& emit);

}  // namespace rl::sim
