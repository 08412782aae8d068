// Debug buffers of the global-memory kinds (RL_GLOBAL_TRACE_PARAMS in kernels/common.cl): the whole array
// after every stage and every work-item's operation, read back as ONE GroupTrace; plus the in-place scratch copy.
#pragma once
#include <CL/opencl.hpp>

#include "core/run_config.h"
#include "core/trace.h"
#include "core/catalogue/variant.h"

namespace rl {

class Engine;

struct GlobalTraceBuffers {
    size_t cells = 0, items = 0, maxStages = 0;
    size_t cellBytes = 4;  // elemSize of the element type
    cl::Buffer values, ops, params;

    // Room for maxStages stages of `cells` array cells of `type` and `items` work-item operations (all idle to
    // begin with).
    GlobalTraceBuffers(Engine& engine, size_t cells, size_t items, size_t maxStages, ElemType type);

    // Sets the seven trace arguments from kernel argument `index`; the launch records from stage `stage0` on.
    void setArgs(cl::Kernel& kernel, cl_uint index, size_t stage0) const;

    // Copies the array (device to device) into stage `stage`'s snapshot.
    void snapshot(Engine& engine, const cl::Buffer& array, size_t stage) const;

    // Host-side record of the load stage: the array as uploaded, nobody operating (stage 0).
    void recordLoad(Engine& engine, const cl::Buffer& array) const;

    // Reads everything back (blocking) as group 0, with the labels of `kind`.
    GroupTrace read(Engine& engine, ElemType type, VariantKind kind) const;
};

// A device copy of `input` (n elements) for the kernels that reduce in place: the input buffer stays untouched.
cl::Buffer scratchCopy(Engine& engine, const cl::Buffer& input, size_t n, ElemType type);

// arr[0] read back (blocking) as a value.
double readFirst(Engine& engine, const cl::Buffer& array, ElemType type);

// Throws rl::Error (BadInput) when n is past what a whole-array trace records.
void checkGlobalTraceSize(const VariantInfo& variant, size_t n);

}  // namespace rl
