// Allocation, kernel arguments and decoding of trace debug buffers.
#include "core/cl/trace_buffers.h"

#include <algorithm>
#include <cmath>

#include "core/cl/engine.h"
#include "core/cl/runners.h"

namespace rl {

size_t maxStagesFor(size_t wg) {
    size_t log2 = 0;
    while ((size_t(1) << log2) < wg) ++log2;
    return log2 + 12;
}

TraceBuffers::TraceBuffers(Engine& engine, ElemType type, size_t first, size_t count, size_t maxStages_, size_t cells_,
                           size_t finalSlots_)
    : firstGroup(first), groupCount(count), maxStages(maxStages_), cells(cells_), finalSlots(finalSlots_) {
    const size_t slots = (count + finalSlots) * maxStages * cells;
    values = cl::Buffer(engine.context(), CL_MEM_WRITE_ONLY, slots * elemSize(type));
    ops = cl::Buffer(engine.context(), CL_MEM_WRITE_ONLY, slots * sizeof(cl_int8));
    std::vector<cl_int> zeros((count + finalSlots) * (maxStages + 1), 0);
    params = cl::Buffer(engine.context(), CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, zeros.size() * sizeof(cl_int),
                        zeros.data());
}

void TraceBuffers::setArgs(cl::Kernel& kernel, cl_uint index) const {
    kernel.setArg(index + 0, values);
    kernel.setArg(index + 1, ops);
    kernel.setArg(index + 2, params);
    kernel.setArg(index + 3, cl_uint(firstGroup));
    kernel.setArg(index + 4, cl_uint(groupCount));
    kernel.setArg(index + 5, cl_uint(maxStages));
}

std::vector<GroupTrace> TraceBuffers::read(Engine& engine, ElemType type) const {
    const size_t allSlots = groupCount + finalSlots;
    std::vector<cl_int> rawParams(allSlots * (maxStages + 1));
    auto& q = engine.queue();
    q.enqueueReadBuffer(params, CL_TRUE, 0, rawParams.size() * sizeof(cl_int), rawParams.data());
    // Only the stages some group recorded come back (about half of maxStages; the ops are 32 bytes a cell): one
    // rectangle per buffer, a row per slot, `used` stages wide.
    size_t used = 0;
    for (size_t slot = 0; slot < allSlots; ++slot)
        used = std::max(used, std::min<size_t>(maxStages, size_t(std::max(0, rawParams[slot * (maxStages + 1)]))));
    const size_t valueBytes = elemSize(type);
    std::vector<char> rawValues(allSlots * used * cells * valueBytes);
    std::vector<cl_int8> rawOps(allSlots * used * cells);
    if (used > 0) {
        const auto readRows = [&](const cl::Buffer& buffer, size_t bytesPerCell, void* host) {
            q.enqueueReadBufferRect(buffer, CL_FALSE, {0, 0, 0}, {0, 0, 0}, {used * cells * bytesPerCell, allSlots, 1},
                                    maxStages * cells * bytesPerCell, 0, used * cells * bytesPerCell, 0, host);
        };
        readRows(values, valueBytes, rawValues.data());
        readRows(ops, sizeof(cl_int8), rawOps.data());
        q.finish();
    }
    std::vector<GroupTrace> out;
    for (size_t slot = 0; slot < allSlots; ++slot) {
        GroupTrace g;
        g.group = slot < groupCount ? int(firstGroup + slot) : 0;
        const size_t stages = std::min<size_t>(maxStages, size_t(std::max(0, rawParams[slot * (maxStages + 1)])));
        for (size_t s = 0; s < stages; ++s) {
            Stage st;
            st.param = rawParams[slot * (maxStages + 1) + 1 + s];
            st.label = stageLabel(st.param);
            const size_t base = (slot * used + s) * cells;
            st.values.resize(cells);
            st.ops.resize(cells);
            for (size_t c = 0; c < cells; ++c) {
                st.values[c] = valueAt(rawValues.data(), base + c, type);
                const cl_int8& op = rawOps[base + c];  // two int4: (active, a, b, w), then (second?, a2, b2, w2)
                st.ops[c] = WorkItemOp{op.s[0] != 0, op.s[1], op.s[2], op.s[3]};
                if (op.s[4] != 0) {
                    st.ops[c].a2 = op.s[5];
                    st.ops[c].b2 = op.s[6];
                    st.ops[c].w2 = op.s[7];
                }
            }
            g.stages.push_back(std::move(st));
        }
        out.push_back(std::move(g));
    }
    return out;
}

}  // namespace rl
