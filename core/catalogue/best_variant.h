// Which of ReduceLab's kernels is fastest on a given device, and why the answer differs between GPUs and CPUs.
#pragma once
#include <string>

#include "core/device_info.h"
#include "core/catalogue/variant.h"

namespace rl {

// best-cpu on CPU devices (PoCL and the like), best-gpu on GPUs and everything else.
const VariantInfo& bestVariantFor(const DeviceInfo& device);

// A paragraph for the app: why that variant wins on this kind of device and what the other one would do there.
std::string bestVariantReason(const DeviceInfo& device);

}  // namespace rl
