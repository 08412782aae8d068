// The debug buffers a traced kernel writes (see kernels/common.cl), and their decoding into stages.
#pragma once
#include <CL/opencl.hpp>
#include <vector>

#include "core/run_config.h"
#include "core/trace.h"

namespace rl {

class Engine;

struct TraceBuffers {
    size_t firstGroup = 0, groupCount = 0, maxStages = 0, cells = 0;
    size_t finalSlots = 0;  // the trees a kernel records after its groups' own (RL_TRACE_FINAL_BEGIN(k), k < this)
    cl::Buffer values, ops, params;

    // Allocates buffers for groups [first, first + count), up to maxStages stages of `cells` cells each, and
    // `finalSlots` more slots after them for a final tree recorded with RL_TRACE_FINAL_BEGIN.
    TraceBuffers(Engine& engine, ElemType type, size_t first, size_t count, size_t maxStages, size_t cells,
                 size_t finalSlots = 0);

    // Sets the six trace arguments starting at kernel argument `index`.
    void setArgs(cl::Kernel& kernel, cl_uint index) const;

    // Reads the buffers back (blocking) and decodes one GroupTrace per traced group, then one per final slot
    // (numbered as group 0: the caller knows which pass and group each final slot belongs to).
    std::vector<GroupTrace> read(Engine& engine, ElemType type) const;
};

// Stages a work-group of size wg can record: the load, log2(wg) tree stages and room for unrolled tails.
size_t maxStagesFor(size_t wg);

}  // namespace rl
