// The choice of the fastest variant per kind of device, with the reason the app shows beside it.
#include "core/catalogue/best_variant.h"

#include "core/types.h"

namespace rl {
namespace {

bool isCpu(const DeviceInfo& device) {
    return device.type == "CPU";
}

}  // namespace

const VariantInfo& bestVariantFor(const DeviceInfo& device) {
    const char* id = isCpu(device) ? "best-cpu" : device.int64Atomics ? "best-gpu" : "grid-stride";
    const VariantInfo* v = findVariant(id);
    if (!v) throw Error(ErrorKind::Unsupported, std::string("the variant '") + id + "' is not registered");
    return *v;
}

std::string bestVariantReason(const DeviceInfo& device) {
    if (isCpu(device))
        return device.name +
               " is a CPU device: its OpenCL runtime runs a work-group as a loop over the work-items, each one to the "
               "next barrier before the next starts, with SIMD lanes coming from vector types rather than from "
               "neighbouring work-items. So best-cpu gives every work-item one contiguous chunk read in 16-wide "
               "vectors, and only a few work-groups per core. best-gpu's grid-stride walk would make each "
               "work-item sweep the whole input one element per cache line, fetching every line again for each "
               "work-item that shares it.";
    return device.name + " is a GPU: neighbouring work-items run in lockstep (SIMD width " +
           std::to_string(device.simdWidth) +
           ") and their loads coalesce when they touch neighbouring addresses. So " +
           std::string(device.int64Atomics ? "best-gpu" : "grid-stride") +
           " launches a few work-groups per compute unit (" +
           std::to_string(device.computeUnits) +
           " here) and walks the input grid-stride in 16-byte vectors, keeping enough loads in flight to saturate "
           "memory" +
           (device.int64Atomics
                ? std::string("; the last work-group to start reduces the partials, so the whole reduction is one "
                              "launch. ")
                : std::string(". A second launch reduces the partials: best-gpu, which does it in the same launch, "
                              "needs 64-bit atomics (cl_khr_int64_base_atomics), and this device has none. ")) +
           "best-cpu's contiguous chunk per work-item would make neighbouring work-items read addresses a "
           "whole chunk apart: every load uncoalesced.";
}

}  // namespace rl
