// Device feature checks for the built-in variants, worded for users.
#include "core/variant_support.h"

namespace rl {
namespace {

// What the device says about its OpenCL C, for the message ("OpenCL C 1.2 PoCL"); empty if it cannot be asked.
std::string openclCVersion(const DeviceInfo& device) {
    if (!device.device()) return "";
    try {
        std::string v = device.device.getInfo<CL_DEVICE_OPENCL_C_VERSION>();
        while (!v.empty() && (v.back() == '\0' || v.back() == ' ')) v.pop_back();
        return v;
    } catch (const cl::Error&) {
        return "";
    }
}

std::string reports(const DeviceInfo& device) {
    const std::string c = openclCVersion(device);
    return c.empty() ? "" : " (it reports " + c + ")";
}

}  // namespace

std::string builtinClStd(const cl::Device& device) {
    try {
        for (const auto& v : device.getInfo<CL_DEVICE_OPENCL_C_ALL_VERSIONS>())
            if (CL_VERSION_MAJOR(v.version) == 3) return "-cl-std=CL3.0";
    } catch (const cl::Error&) {  // an OpenCL 1.x/2.x platform: no list of versions
    }
    return "-cl-std=CL2.0";
}

std::string unavailableReason(const VariantInfo& variant, const DeviceInfo& device) {
    if (variant.needsOpenCL20 && !device.workGroupCollectives)
        return "'" + variant.id + "' needs the work-group collective functions (work_group_reduce_add/min/max of "
               "OpenCL C 2.0, or OpenCL C 3.0 with the feature __opencl_c_work_group_collective_functions), and " +
               device.name + " offers neither" + reports(device);
    if (variant.needsSubGroups && !device.subGroups)
        return "'" + variant.id + "' needs sub-group functions (sub_group_reduce_add/min/max), and " + device.name +
               " has neither the cl_khr_subgroups extension nor the OpenCL C 3.0 feature __opencl_c_subgroups" +
               reports(device);
    if (variant.needsInt64Atomics && !device.int64Atomics)
        return "'" + variant.id + "' publishes each work-group's partial as one 64-bit atomic word and needs the "
               "extension cl_khr_int64_base_atomics, which " + device.name + " does not offer (grid-stride is the "
               "same kernel in two launches, with no atomics)";
    return "";
}

}  // namespace rl
