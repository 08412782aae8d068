// The device half of a check (build, the sizes, the device trace of an annotated kernel), meant for a child process
// of its own; the simulator half is core/sim/simulator_step.h, in a process of its own (reducelab-sim). Each reports as it goes through `emit`, one JSON object per event, so that what finished before a hang
// or a crash still reaches the parent.
#pragma once
#include <functional>

#include <nlohmann/json.hpp>

#include "core/check/check.h"
#include "core/catalogue/variant.h"

namespace rl::check {

using Emit = std::function<void(const nlohmann::json&)>;

// Events: {"event":"device", name, simd_width}, then {"event":"start", n, op, type} before each run and
// {"event":"size", n, why, op, type, ran, correct, result, reference, message} after it; {"event":"build",
// ok, log} once the build is known; {"event":"stopped", message} when a device failure ended the sizes early;
// {"event":"trace", trace} for a kernel with the recording macros.
void deviceStep(const CheckRequest& request, const VariantInfo& variant, const Emit& emit);

}  // namespace rl::check
