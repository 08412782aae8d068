// ReduceLab's own rows of the bench: a variant timed as a whole reduction (every pass), and the copy ceilings.
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

// Variant `id` (float sum) through the engine's own launch code. wg and groups as in RunConfig (groups 0: the
// variant's default grid for this device). Its device time spans the first pass's start to the last pass's end;
// the note gives the launch shape and each pass's median kernel time.
Method makeVariant(Engine& engine, const std::string& id, size_t wg, size_t groups, const DeviceData& data);

// The engine's copy kernel (one float4 per work-item) over the same number of floats: bytes read + written over
// its event time, warmed up for kMinWarmupMs.
Measurement measureCopyCeiling(Engine& engine, size_t n, int warmup, int repeats);

// bench/copy_chunks.cl (one contiguous chunk per work-item, a few work-groups per compute unit): the copy a CPU
// device does best. Its output is compared with its input. `source` is the kernel's text.
Method makeChunkedCopy(Engine& engine, const std::string& source, size_t n);

}  // namespace rl::bench
