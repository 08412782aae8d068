// What ReduceLab knows of an OpenCL device: its names and limits, as plain data. No OpenCL header: sessions, JSON and
// the variant checks read it on machines without a driver; core/cl/devices.h fills it from the runtime.
#pragma once
#include <cstddef>
#include <string>

namespace rl {

struct DeviceInfo {
    int index = 0;              // position in the flat list over all platforms
    std::string platform;       // platform name
    std::string platformVersion;
    std::string name;           // device name
    std::string vendor;
    std::string version;        // CL_DEVICE_VERSION
    std::string driver;
    std::string openclC;        // CL_DEVICE_OPENCL_C_VERSION, e.g. "OpenCL C 1.2 PoCL" (empty: not asked)
    bool openclC3 = false;      // compiles OpenCL C 3.0 (-cl-std=CL3.0; PoCL lists 1.2 and 3.0 but refuses CL2.0)
    std::string type;           // "GPU", "CPU", "accelerator", ...
    int computeUnits = 0;
    size_t maxWorkGroup = 0;
    size_t localMemBytes = 0;
    size_t globalMemBytes = 0;
    size_t maxAllocBytes = 0;
    size_t globalCacheBytes = 0;  // CL_DEVICE_GLOBAL_MEM_CACHE_SIZE (0: none, or not known)
    int simdWidth = 32;             // NVIDIA 32, AMD 64 where the device says so, else 32
    std::string simdWidthSource;    // how simdWidth was found
    bool subGroups = false;         // cl_khr_subgroups or OpenCL 3.0 sub-group support
    bool workGroupCollectives = false;  // OpenCL C 2.0+ work_group_reduce_*
    bool int64Atomics = false;      // cl_khr_int64_base_atomics (best-gpu publishes its partials with them)
    bool fp64 = false;              // cl_khr_fp64: the double element type
    bool startsGroupsInOrder = false;  // starts work-groups in the order of their numbers (NVIDIA's GPUs): the single
                                       // passes' timed runs number their tiles by work-group (kernels/common.cl)
    bool ptxWarps = false;  // NVIDIA's GPUs: OpenCL C takes inline PTX for a warp of 32 (shuffles, votes, a warp's
                            // barrier); decoupled-look-back's timed runs use them (kernels/scan/decoupled-look-back.cl)
    bool ptxMatch = false;  // NVIDIA's GPUs of compute capability 7.0 on (Volta): PTX's match.any.sync, the lanes of
                            // a warp holding one value (kernels/histogram/sub-group.cl)
};

}  // namespace rl
