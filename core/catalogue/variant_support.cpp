// Device feature checks for the built-in variants, worded for users.
#include "core/catalogue/variant_support.h"

#include "core/catalogue/build_options.h"

namespace rl {
namespace {

std::string reports(const DeviceInfo& device) {
    const std::string& c = device.openclC;
    return c.empty() ? "" : " (it reports " + c + ")";
}

}  // namespace

std::string unavailableReason(const VariantInfo& variant, const DeviceInfo& device) {
    if (variant.needsOpenCL20 && !device.workGroupCollectives)
        return "'" + variant.id + "' needs the work-group collective functions (" + variant.builtinCalls +
               " of OpenCL C 2.0, or OpenCL C 3.0 with the feature __opencl_c_work_group_collective_functions), and " +
               device.name + " offers neither" + reports(device);
    if (variant.needsSubGroups && !device.subGroups && !usesPtxSubGroups(variant, device))
        return "'" + variant.id + "' needs sub-group functions (" + variant.builtinCalls + "), and " + device.name +
               " has neither the cl_khr_subgroups extension nor the OpenCL C 3.0 feature __opencl_c_subgroups" +
               reports(device) +
               (variant.subGroupsOnPtx ? ", nor is it an NVIDIA GPU of compute capability 7.0 or later, whose warps "
                                         "the kernel can reach through inline PTX (match.any.sync)"
                                       : "");
    if (variant.needsInt64Atomics && !device.int64Atomics)
        return "'" + variant.id + "' publishes each work-group's partial as one 64-bit atomic word and needs the "
               "extension cl_khr_int64_base_atomics, which " + device.name + " does not offer (grid-stride is the "
               "same kernel in two launches, with no atomics)";
    return "";
}

std::string typeUnsupportedReason(const VariantInfo& variant, ElemType type, const DeviceInfo* device) {
    if (isWide(type) && !variant.no64BitReason.empty())
        return "'" + variant.id + "' cannot reduce " + std::string(toString(type)) + ": it " + variant.no64BitReason +
               " (int and float only; grid-stride is the same walk with any type)";
    if (type == ElemType::Double && device && !device->fp64)
        return "the double type needs the extension cl_khr_fp64, which " + device->name +
               " does not offer: choose int, float or long";
    return "";
}

}  // namespace rl
