// The OpenCL compiler options of a variant's kernel: element type, operation, tracing, fixed sizes, OpenCL C version.
// Pure text: the program cache builds with it, the explorer's source view shows it.
#pragma once
#include <string>

#include "core/device_info.h"
#include "core/run_config.h"
#include "core/catalogue/variant.h"

namespace rl {

// "-D RL_TYPE_INT -D RL_OP_SUM ..."; traced builds add -D RL_TRACE. Kernels with OpenCL C 2.0+ built-ins get the
// -cl-std the device compiles: CL3.0 where it offers OpenCL C 3.0, else CL2.0.
std::string buildOptions(const VariantInfo& variant, const RunConfig& config, bool traced,
                         const DeviceInfo& device = {});

// Whether this build takes the kernel's warp path (-D RL_PTX_WARPS; VariantInfo::warpPathOnPtx): timed, 32-bit
// elements, work-groups of whole warps, on a device whose OpenCL C takes inline PTX.
bool usesWarpPath(const VariantInfo& variant, const RunConfig& config, bool traced, const DeviceInfo& device);

// Whether the variant reaches its sub-groups through inline PTX on this device (-D RL_PTX_SUB_GROUPS;
// VariantInfo::subGroupsOnPtx): an NVIDIA GPU whose warps take match.any.sync (DeviceInfo::ptxMatch).
bool usesPtxSubGroups(const VariantInfo& variant, const DeviceInfo& device);

// Whether this build stores its output with non-temporal stores (-D RL_STREAM; VariantInfo::streamsPastCache): a CPU
// device whose global memory cache is known and smaller than the run's output, which then cannot wait there for the
// next run, and a non-temporal store spares the read of each output line that an ordinary store makes; where no order
// of the operations changes a run's total (integers, min and max), already where the input and output together fill the
// cache: the streamed build's writes lag behind its reads there, which pays from then on, while a float sum, whose
// first walk must scan, pays streamed only past the cache (BENCHMARKS.md, the scan on PoCL).
bool streamsOutput(const VariantInfo& variant, const RunConfig& config, const DeviceInfo& device);

// How many tiles a streamed build's writes lag behind its reads (the value of -D RL_STREAM): tile t's walk through
// memory also writes tile t - lag, so that each core reads and writes memory at once. Twice the device's compute
// units, so that the tile written back has published its offsets by the time it is written.
int streamLag(const DeviceInfo& device);

}  // namespace rl
