// Whether a device can run a variant, and if not, why: the one wording shared by Engine::validate, the CLI's
// variant list ("unavailable on this device: <reason>") and the explorer.
#pragma once
#include <string>

#include "core/device_info.h"
#include "core/types.h"
#include "core/catalogue/variant.h"

namespace rl {

// Empty when `device` offers what `variant` needs (sub-groups, work-group collective functions); otherwise one
// sentence naming the missing feature and what the device reports instead.
std::string unavailableReason(const VariantInfo& variant, const DeviceInfo& device);

// Empty when `variant` can reduce elements of `type` (on `device`, when given: double needs cl_khr_fp64); otherwise
// one sentence saying why not.
std::string typeUnsupportedReason(const VariantInfo& variant, ElemType type, const DeviceInfo* device);

}  // namespace rl
