// reducelab devices: every OpenCL platform and device with the limits that matter for reductions.
#include <iostream>

#include "app/cli/commands.h"
#include "app/cli/table.h"
#include "core/cl/devices.h"
#include "core/files/json_io.h"

namespace rl::cli {

int cmdDevices(const Options& o) {
    const auto devices = listDevices();
    if (o.json) {
        nlohmann::json out = nlohmann::json::array();
        for (const auto& d : devices) out.push_back(json::device(d));
        std::cout << out.dump(2) << "\n";
        return 0;
    }
    Table t({"#", "platform", "device", "type", "CUs", "max wg", "local mem", "global mem", "max alloc", "cache",
             "SIMD", "sub-groups", "wg reduce", "double"});
    for (const auto& d : devices)
        t.add({std::to_string(d.index), d.platform, d.name, d.type, std::to_string(d.computeUnits),
               std::to_string(d.maxWorkGroup), bytes(d.localMemBytes), bytes(d.globalMemBytes), bytes(d.maxAllocBytes),
               d.globalCacheBytes ? bytes(d.globalCacheBytes) : "-", std::to_string(d.simdWidth),
               d.subGroups ? "yes" : "no", d.workGroupCollectives ? "yes" : "no", d.fp64 ? "yes" : "no"});
    t.print(std::cout);
    std::cout << "\ncache: the global memory cache as the driver reports it (PoCL: the CPU's last-level cache; NVIDIA "
                 "reports less than the GPU's L2).\n"
                 "SIMD width: NVIDIA reports warps of 32, AMD wavefronts of 64; other devices do not say, so 32 is "
                 "assumed (override with --simd).\nSelect a device with --device INDEX or --device NAME-SUBSTRING "
                 "(or the REDUCELAB_DEVICE environment variable).\n";
    return 0;
}

}  // namespace rl::cli
