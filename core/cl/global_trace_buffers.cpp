// Allocation, arguments and decoding of the global kinds' debug buffers.
#include "core/cl/global_trace_buffers.h"

#include <algorithm>

#include "core/cl/engine.h"
#include "core/cl/runners.h"
#include "core/catalogue/kind_stages.h"

namespace rl {

GlobalTraceBuffers::GlobalTraceBuffers(Engine& engine, size_t cells_, size_t items_, size_t maxStages_,
                                       ElemType type)
    : cells(cells_), items(items_), maxStages(maxStages_), cellBytes(elemSize(type)) {
    auto& ctx = engine.context();
    values = cl::Buffer(ctx, CL_MEM_READ_WRITE, std::max<size_t>(1, maxStages * cells) * cellBytes);
    ops = cl::Buffer(ctx, CL_MEM_READ_WRITE, std::max<size_t>(1, maxStages * items) * sizeof(cl_int4));
    params = cl::Buffer(ctx, CL_MEM_READ_WRITE, (maxStages + 1) * sizeof(cl_int));
    const cl_int4 idle = {{0, -1, -1, -1}};
    if (maxStages * items > 0)
        engine.queue().enqueueFillBuffer(ops, idle, 0, maxStages * items * sizeof(cl_int4));
    engine.queue().enqueueFillBuffer(params, cl_int(0), 0, (maxStages + 1) * sizeof(cl_int));
}

void GlobalTraceBuffers::setArgs(cl::Kernel& kernel, cl_uint index, size_t stage0) const {
    kernel.setArg(index + 0, values);
    kernel.setArg(index + 1, ops);
    kernel.setArg(index + 2, params);
    kernel.setArg(index + 3, cl_uint(stage0));
    kernel.setArg(index + 4, cl_uint(cells));
    kernel.setArg(index + 5, cl_uint(items));
    kernel.setArg(index + 6, cl_uint(maxStages));
}

void GlobalTraceBuffers::snapshot(Engine& engine, const cl::Buffer& array, size_t stage) const {
    if (cells > 0) engine.queue().enqueueCopyBuffer(array, values, 0, stage * cells * cellBytes, cells * cellBytes);
}

void GlobalTraceBuffers::recordLoad(Engine& engine, const cl::Buffer& array) const {
    snapshot(engine, array, 0);
    const cl_int load[2] = {1, -1};  // one stage so far; its parameter -1 means "load"
    engine.queue().enqueueWriteBuffer(params, CL_TRUE, 0, sizeof load, load);
}

GroupTrace GlobalTraceBuffers::read(Engine& engine, ElemType type, VariantKind kind) const {
    std::vector<cl_int> rawParams(maxStages + 1);
    auto& q = engine.queue();
    q.enqueueReadBuffer(params, CL_TRUE, 0, rawParams.size() * sizeof(cl_int), rawParams.data());
    const size_t stages = std::min<size_t>(maxStages, size_t(std::max(0, rawParams[0])));
    std::vector<char> rawValues(std::max<size_t>(1, stages * cells) * elemSize(type));
    std::vector<cl_int4> rawOps(std::max<size_t>(1, stages * items));
    if (stages * cells > 0) q.enqueueReadBuffer(values, CL_TRUE, 0, stages * cells * elemSize(type), rawValues.data());
    if (stages * items > 0) q.enqueueReadBuffer(ops, CL_TRUE, 0, stages * items * sizeof(cl_int4), rawOps.data());
    GroupTrace g;
    g.group = 0;
    for (size_t s = 0; s < stages; ++s) {
        Stage st;
        st.param = rawParams[1 + s];
        st.label = kindStageLabel(kind, st.param);
        st.values.resize(cells);
        for (size_t c = 0; c < cells; ++c) st.values[c] = valueAt(rawValues.data(), s * cells + c, type);
        st.ops.resize(items);
        for (size_t i = 0; i < items; ++i) {
            const cl_int4& op = rawOps[s * items + i];
            st.ops[i] = WorkItemOp{op.s[0] != 0, op.s[1], op.s[2], op.s[3]};
        }
        g.stages.push_back(std::move(st));
    }
    return g;
}

cl::Buffer scratchCopy(Engine& engine, const cl::Buffer& input, size_t n, ElemType type) {
    const size_t bytes = std::max<size_t>(1, n) * elemSize(type);
    cl::Buffer arr(engine.context(), CL_MEM_READ_WRITE, bytes);
    engine.queue().enqueueCopyBuffer(input, arr, 0, 0, n * elemSize(type));
    return arr;
}

double readFirst(Engine& engine, const cl::Buffer& array, ElemType type) {
    char raw[8] = {};
    engine.queue().enqueueReadBuffer(array, CL_TRUE, 0, elemSize(type), raw);
    return valueAt(raw, 0, type);
}

void checkGlobalTraceSize(const VariantInfo& variant, size_t n) {
    if (n > kGlobalTraceMaxN)
        throw Error(ErrorKind::BadInput,
                    "tracing '" + variant.id + "' records the whole array after every stage, so traces stop at N = " +
                        std::to_string(kGlobalTraceMaxN) + " (asked for N = " + std::to_string(n) +
                        "): trace a smaller N; `run` and `bench` time it at any N");
}

}  // namespace rl
