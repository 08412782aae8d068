// ReduceLab's own rows of the bench: a variant timed as a whole reduction (every pass), and the copy ceiling.
#pragma once
#include <string>

#include "bench/measure.h"
#include "core/cl/engine.h"

namespace rl::bench {

// One size's data as every OpenCL method sees it: the host array, its CPU reference and one device buffer.
struct DeviceData {
    const HostArray& input;
    const Reference& ref;
    cl::Buffer buffer;
};

// Times variant `id` (float sum) through the engine's own launch code. wg and groups as in RunConfig (groups 0: the
// variant's default grid for this device). The device time spans the first pass's start to the last pass's end.
Measurement measureVariant(Engine& engine, const std::string& id, size_t wg, size_t groups, const DeviceData& data,
                           Timing timing, int warmup, int repeats);

// The engine's copy kernel (one float4 per work-item) over the same number of floats: bytes read + written over its event time.
Measurement measureCopyCeiling(Engine& engine, size_t n, int warmup, int repeats);

// bench/copy_chunks.cl (one contiguous chunk per work-item, a few work-groups per compute unit): the copy ceiling
// a CPU device can reach. Its output is compared with its input. `source` is the kernel's text.
Measurement measureChunkedCopy(Engine& engine, const std::string& source, size_t n, int warmup, int repeats);

}  // namespace rl::bench
