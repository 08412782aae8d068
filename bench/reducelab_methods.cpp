// ReduceLab's variants and the copy ceiling, timed with the engine's own runners.
#include "bench/reducelab_methods.h"

#include <algorithm>

#include "core/pass_plan.h"

namespace rl::bench {
namespace {

double spanMs(const std::vector<cl::Event>& events) {
    const auto start = events.front().getProfilingInfo<CL_PROFILING_COMMAND_START>();
    const auto end = events.back().getProfilingInfo<CL_PROFILING_COMMAND_END>();
    return double(end - start) * 1e-6;
}

std::string shape(const std::vector<PassPlan>& plan) {
    std::string s = "wg " + std::to_string(plan.front().local) + ", groups";
    for (size_t i = 0; i < plan.size(); ++i) s += (i ? " + " : " ") + std::to_string(plan[i].groups);
    return s;
}

}  // namespace

Measurement measureVariant(Engine& engine, const std::string& id, size_t wg, size_t groups, const DeviceData& data,
                           Timing timing, int warmup, int repeats) {
    const std::string label = "ReduceLab " + id;
    const VariantInfo* v = findVariant(id);
    if (!v) return skippedMeasurement(label, Role::ReduceLab, data.ref.n, "unknown variant");
    RunConfig c;
    c.variant = id;
    c.n = data.ref.n;
    c.type = ElemType::Float;
    c.op = Op::Sum;
    c.wg = wg;
    c.groups = groups;
    try {
        const RunResult first = engine.run(c, data.input, 0, 1);  // builds, validates, resolves the grid
        const RunConfig resolved = first.config;
        const auto plan = planPasses(*v, resolved);
        auto runner = makeRunner(v->kind);
        std::vector<cl::Event> events;
        Measurement m = timeMethod(timing, warmup, repeats, data.ref, [&](double* deviceMs) {
            events.clear();
            const double value = runner->runOnce(engine, *v, resolved, plan, data.buffer, events, nullptr);
            if (!events.empty()) *deviceMs = spanMs(events);
            return value;
        });
        m.method = label;
        m.role = Role::ReduceLab;
        m.bytes = double(c.n) * 4;
        m.note = shape(plan);
        return m;
    } catch (const Error& e) {
        return skippedMeasurement(label, Role::ReduceLab, c.n, e.what());
    } catch (const cl::Error& e) {
        return skippedMeasurement(label, Role::ReduceLab, c.n,
                                  std::string("OpenCL call ") + e.what() + " failed: " + std::to_string(e.err()));
    }
}

Measurement measureCopyCeiling(Engine& engine, size_t n, int warmup, int repeats) {
    const std::string label = "copy kernel (kernels/copy.cl)";
    try {
        const CopyCeiling c = engine.copyCeiling(n, ElemType::Float, warmup, repeats);
        Measurement m;
        m.method = label;
        m.role = Role::Ceiling;
        m.n = n;
        m.timing = Timing::Device;
        m.medianMs = c.medianMs;
        m.minMs = c.minMs;
        m.maxMs = c.maxMs;
        m.repeats = repeats;
        m.bytes = 2.0 * double(n / 4 * 4) * 4;
        m.note = "one float4 per work-item; bytes read + written";
        return m;
    } catch (const Error& e) {
        return skippedMeasurement(label, Role::Ceiling, n, e.what());
    }
}

Measurement measureChunkedCopy(Engine& engine, const std::string& source, size_t n, int warmup, int repeats) {
    const std::string label = "copy kernel, contiguous chunks";
    const size_t n16 = n / 16;
    if (n16 == 0) return skippedMeasurement(label, Role::Ceiling, n, "fewer than 16 floats");
    try {
        cl::Program program = engine.programs().program("copy-chunks", source, "");
        cl::Kernel kernel(program, "copy_chunks");
        std::vector<float> init(n16 * 16);
        for (size_t i = 0; i < init.size(); ++i) init[i] = float(i % 1021) * 0.25f + 1.0f;  // never zeros
        const size_t bytes = init.size() * 4;
        cl::Buffer in(engine.context(), CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, init.data());
        cl::Buffer out(engine.context(), CL_MEM_WRITE_ONLY, bytes);
        kernel.setArg(0, in);
        kernel.setArg(1, out);
        kernel.setArg(2, cl_uint(n16));
        const size_t local = std::min<size_t>(16, engine.device().maxWorkGroup);
        const size_t global = size_t(std::max(1, engine.device().computeUnits)) * 4 * local;
        std::vector<double> times;
        for (int i = 0; i < warmup + repeats; ++i) {
            cl::Event e;
            engine.queue().enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(global), cl::NDRange(local),
                                                nullptr, &e);
            e.wait();
            if (i >= warmup) times.push_back(eventMs(e));
        }
        std::vector<float> back(init.size());
        engine.queue().enqueueReadBuffer(out, CL_TRUE, 0, bytes, back.data());
        Measurement m;
        m.method = label;
        m.role = Role::Ceiling;
        m.n = n;
        m.timing = Timing::Device;
        const Stats s = statsOf(times);
        m.medianMs = s.median;
        m.minMs = s.min;
        m.maxMs = s.max;
        m.repeats = repeats;
        m.bytes = 2.0 * double(bytes);
        m.checked = true;
        m.correct = back == init;
        m.verdict = m.correct ? "copy equals its source" : "copy differs from its source";
        m.note = "bench/copy_chunks.cl, " + std::to_string(global / local) + " groups of " + std::to_string(local) +
                 "; bytes read + written";
        return m;
    } catch (const Error& e) {
        return skippedMeasurement(label, Role::Ceiling, n, e.what());
    } catch (const cl::Error& e) {
        return skippedMeasurement(label, Role::Ceiling, n,
                                  std::string("OpenCL call ") + e.what() + " failed: " + std::to_string(e.err()));
    }
}

}  // namespace rl::bench
