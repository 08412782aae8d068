// The build options of a variant's kernel for one config and device.
#include "core/catalogue/build_options.h"

#include "core/catalogue/pass_plan.h"
#include "core/pattern.h"
#include "core/types.h"

#include <algorithm>

namespace rl {

bool usesPtxSubGroups(const VariantInfo& variant, const DeviceInfo& device) {
    return variant.subGroupsOnPtx && device.ptxMatch;
}

bool usesWarpPath(const VariantInfo& variant, const RunConfig& config, bool traced, const DeviceInfo& device) {
    return variant.warpPathOnPtx && device.ptxWarps && !traced && elemSize(config.type) == 4 && config.wg >= 32 &&
           config.wg % 32 == 0;
}

bool streamsOutput(const VariantInfo& variant, const RunConfig& config, const DeviceInfo& device) {
    if (!variant.streamsPastCache || device.type != "CPU" || device.globalCacheBytes == 0) return false;
    const double bytes = double(config.n) * double(elemSize(config.type)), cache = double(device.globalCacheBytes);
    const bool orderFree = config.op != Op::Sum || config.type == ElemType::Int || config.type == ElemType::Long;
    return orderFree ? 2 * bytes >= cache : bytes > cache;
}

int streamLag(const DeviceInfo& device) { return 2 * std::max(1, device.computeUnits); }

std::string buildOptions(const VariantInfo& variant, const RunConfig& config, bool traced, const DeviceInfo& device) {
    std::string o;
    switch (config.type) {
        case ElemType::Int: o = "-D RL_TYPE_INT"; break;
        case ElemType::Float: o = "-D RL_TYPE_FLOAT"; break;
        case ElemType::Long: o = "-D RL_TYPE_LONG"; break;
        case ElemType::Double: o = "-D RL_TYPE_DOUBLE"; break;
    }
    o += config.op == Op::Sum ? " -D RL_OP_SUM" : config.op == Op::Min ? " -D RL_OP_MIN" : " -D RL_OP_MAX";
    if (traced) o += " -D RL_TRACE";
    if (patternInfo(variant.pattern).exclusiveForm && config.exclusive) o += " -D RL_EXCLUSIVE";
    if (variant.wgFixedAtBuild) o += " -D RL_WG=" + std::to_string(config.wg);
    // A single pass's timed runs take their tiles in work-group order where the device starts groups in that order;
    // traced runs keep the ticket, the protocol the explorer shows (rl_lb_tile, kernels/common.cl).
    if (variant.kind == VariantKind::ScanLookBack && !traced && device.startsGroupsInOrder) o += " -D RL_GROUP_ORDER";
    o += " -D RL_EPI=" + std::to_string(effectiveElemsPerItem(variant, config));
    if (usesWarpPath(variant, config, traced, device)) o += " -D RL_PTX_WARPS";
    if (streamsOutput(variant, config, device)) o += " -D RL_STREAM=" + std::to_string(streamLag(device));
    if (const auto own = patternInfo(variant.pattern).buildOptions) o += own(variant, config);
    // A sub-group kernel on NVIDIA's GPUs reaches its warp through inline PTX, with no sub-group functions.
    const bool ptxSubGroups = usesPtxSubGroups(variant, device);
    if (ptxSubGroups) o += " -D RL_PTX_SUB_GROUPS";
    if (variant.needsOpenCL20 || (variant.needsSubGroups && !ptxSubGroups))
        o += device.openclC3 ? " -cl-std=CL3.0" : " -cl-std=CL2.0";
    return o;
}

}  // namespace rl
