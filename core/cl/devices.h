// OpenCL platforms and devices: listing them with their key limits, choosing one by index or name, opening it.
#pragma once
#include <CL/opencl.hpp>
#include <string>
#include <vector>

#include "core/device_info.h"

namespace rl {

// Every device of every platform. Throws rl::Error (Unsupported) when no OpenCL platform is installed.
std::vector<DeviceInfo> listDevices();

// Chooses by index ("0", "1", ...) or by a case-insensitive substring of "platform device"; empty picks the default:
// the REDUCELAB_DEVICE environment variable if set, else device 0. Throws rl::Error (BadInput) naming the choices.
DeviceInfo selectDevice(const std::string& spec);

// The runtime's handle of a listed device (found again by its index, checked by name). Throws rl::Error
// (Unsupported) when the device is gone.
cl::Device openDevice(const DeviceInfo& info);

}  // namespace rl
