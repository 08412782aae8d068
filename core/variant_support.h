// Whether a device can run a variant, and if not, why: the one wording shared by Engine::validate, the CLI's
// variant list ("unavailable on this device: <reason>") and the explorer.
#pragma once
#include <string>

#include "core/cl/devices.h"
#include "core/variant.h"

namespace rl {

// Empty when `device` offers what `variant` needs (sub-groups, work-group collective functions); otherwise one
// sentence naming the missing feature and what the device reports instead.
std::string unavailableReason(const VariantInfo& variant, const DeviceInfo& device);

// The -cl-std option for kernels using OpenCL C 2.0+ built-ins: "-cl-std=CL3.0" where the device compiles OpenCL C
// 3.0 (PoCL lists 1.2 and 3.0 but refuses CL2.0), else "-cl-std=CL2.0".
std::string builtinClStd(const cl::Device& device);

}  // namespace rl
