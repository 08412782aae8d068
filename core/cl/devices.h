// OpenCL platforms and devices: listing them with their key limits and choosing one by index or name.
#pragma once
#include <CL/opencl.hpp>
#include <string>
#include <vector>

namespace rl {

struct DeviceInfo {
    int index = 0;              // position in the flat list over all platforms
    std::string platform;       // platform name
    std::string platformVersion;
    std::string name;           // device name
    std::string vendor;
    std::string version;        // CL_DEVICE_VERSION
    std::string driver;
    std::string type;           // "GPU", "CPU", "accelerator", ...
    int computeUnits = 0;
    size_t maxWorkGroup = 0;
    size_t localMemBytes = 0;
    size_t globalMemBytes = 0;
    size_t maxAllocBytes = 0;
    int simdWidth = 32;             // NVIDIA 32, AMD 64 where the device says so, else 32
    std::string simdWidthSource;    // how simdWidth was found
    bool subGroups = false;         // cl_khr_subgroups or OpenCL 3.0 sub-group support
    bool workGroupCollectives = false;  // OpenCL C 2.0+ work_group_reduce_*
    bool int64Atomics = false;      // cl_khr_int64_base_atomics (best-gpu publishes its partials with them)
    cl::Device device;
};

// Every device of every platform. Throws rl::Error (Unsupported) when no OpenCL platform is installed.
std::vector<DeviceInfo> listDevices();

// Chooses by index ("0", "1", ...) or by a case-insensitive substring of "platform device"; empty picks the default:
// the REDUCELAB_DEVICE environment variable if set, else device 0. Throws rl::Error (BadInput) naming the choices.
DeviceInfo selectDevice(const std::string& spec);

}  // namespace rl
