// ReduceLab's variants and the copy ceilings, run with the engine's own runners and kernels.
#include "bench/reducelab_methods.h"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>

#include "core/catalogue/build_options.h"
#include "core/catalogue/kernel_source.h"
#include "core/catalogue/pass_plan.h"

namespace rl::bench {
namespace {

// The first command's start and the last one's end, whatever order the runner lists its events in (a histogram's
// zeroing of the bins runs first but is listed after its kernel).
uint64_t firstStart(const std::vector<cl::Event>& events) {
    uint64_t start = UINT64_MAX;
    for (const auto& e : events) start = std::min<uint64_t>(start, e.getProfilingInfo<CL_PROFILING_COMMAND_START>());
    return start;
}

double spanMs(const std::vector<cl::Event>& events) {
    uint64_t end = 0;
    for (const auto& e : events) end = std::max<uint64_t>(end, e.getProfilingInfo<CL_PROFILING_COMMAND_END>());
    return double(end - firstStart(events)) * 1e-6;
}

std::string shape(const std::vector<PassPlan>& plan) {
    std::string s = "wg " + std::to_string(plan.front().local) + ", groups";
    for (size_t i = 0; i < plan.size(); ++i) s += (i ? " + " : " ") + std::to_string(plan[i].groups);
    return s;
}

std::string micro(double ms) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f us", ms * 1e3);
    return buf;
}

double medianOfLast(const std::vector<double>& v, int count) {
    const size_t keep = std::min(v.size(), size_t(std::max(0, count)));
    return statsOf(std::vector<double>(v.end() - keep, v.end())).median;
}

// On NVIDIA's OpenCL, ptxasSummary of `variant`'s timed build at `config`: a build of its own (the program cache may
// load a stored binary, whose build ran no ptxas) with -cl-nv-verbose, once per program and options in this process.
// Empty elsewhere, or where the driver says nothing.
std::string compilerAccount(Engine& engine, const VariantInfo& variant, const RunConfig& config) {
    if (engine.device().platform.find("NVIDIA") == std::string::npos) return "";
    const std::string source = programSourceOf(variant);
    const std::string options = buildOptions(variant, config, false, engine.device()) + " -cl-nv-verbose";
    static std::map<std::pair<std::string, std::string>, std::string> seen;
    const auto key = std::make_pair(source, options);
    if (const auto it = seen.find(key); it != seen.end()) return it->second;
    std::string summary;
    try {
        cl::Program p(engine.context(), source);
        p.build(std::vector<cl::Device>{engine.clDevice()}, options.c_str());
        summary = ptxasSummary(p.getBuildInfo<CL_PROGRAM_BUILD_LOG>(engine.clDevice()), variant.kernelName);
    } catch (const cl::Error&) {  // the timed build itself succeeded: only the account is missing
    }
    if (!summary.empty()) std::cerr << "  " << variant.id << " (" << options << "): " << summary << "\n";
    return seen[key] = summary;
}

// What a variant's runs share: the resolved plan, its runner and the per-pass times seen.
struct VariantState {
    std::shared_ptr<const VariantInfo> variant;  // the catalogue's (not owned), or a trial's copy
    RunConfig config;
    std::vector<PassPlan> plan;
    std::unique_ptr<KindRunner> runner;
    std::vector<cl::Event> events;
    std::vector<std::vector<double>> passMs;
    std::vector<double> sums;
};

}  // namespace

namespace {

// `variant` timed through the engine's own launch code (makeVariant, makeTrial), as the row `label` in `role`.
Method timedVariant(Engine& engine, std::shared_ptr<const VariantInfo> variant, const std::string& label, Role role,
                    const LaunchShape& launch, const DeviceData& data, bool inPlace) {
    Method m;
    m.label = label + (inPlace ? " (in place)" : "");
    m.role = role;
    m.bytes = double(data.ref.n) * double(elemSize(data.input.type));
    m.deviceQueue = true;
    auto st = std::make_shared<VariantState>();
    st->variant = std::move(variant);
    const std::string& id = st->variant->id;
    RunConfig c;
    c.variant = id;
    c.n = data.ref.n;
    c.type = data.input.type;
    c.op = data.op;
    launch.applyTo(c);
    if (data.histogram) {
        c.bins = data.histogram->bins;
        c.rangeSet = true;
        c.rangeLo = data.histogram->lo;
        c.rangeHi = data.histogram->hi;
    }
    try {
        st->config = engine.run(*st->variant, c, data.input, 0, 1).config;  // builds, validates, resolves the grid
    } catch (const std::exception& e) {
        m.skipped = e.what();
        return m;
    }
    st->plan = planPasses(*st->variant, st->config);
    st->runner = makeRunner(st->variant->kind);
    st->passMs.resize(st->plan.size());
    m.note = shape(st->plan);
    if (const std::string account = compilerAccount(engine, *st->variant, st->config); !account.empty())
        m.note += "; " + account;
    if (data.buffer.getInfo<CL_MEM_FLAGS>() & CL_MEM_USE_HOST_PTR)  // Engine::upload's choice on a CPU device
        m.note += "; input on 2 MiB pages (core/cl/host_pages.h)";
    cl::Buffer buffer = data.buffer;
    if (inPlace) {
        if (!st->variant->scansInPlace || !data.scan) {
            m.skipped = id + " does not scan in place";
            return m;
        }
        const size_t bytes = data.input.bytes();
        buffer = cl::Buffer(engine.context(), CL_MEM_READ_WRITE, bytes);
        engine.queue().enqueueCopyBuffer(data.buffer, buffer, 0, 0, bytes);
        st->runner->scanInto(buffer);
        m.note += "; in place: each call scans the last one's output";
    }
    m.once = [&engine, st, buffer](double* deviceMs) {
        st->events.clear();
        // Wall timing makes no events: a profiling event costs the host time a user's call would not spend.
        const double value = st->runner->runOnce(engine, *st->variant, st->config, st->plan, buffer,
                                                 deviceMs ? &st->events : nullptr, nullptr);
        if (!deviceMs || st->events.empty()) return value;
        *deviceMs = spanMs(st->events);
        double sum = 0;
        for (size_t p = 0; p < st->events.size() && p < st->plan.size(); ++p) {
            st->passMs[p].push_back(eventMs(st->events[p]));
            sum += st->passMs[p].back();
        }
        st->sums.push_back(sum);
        return value;
    };
    m.firstStartNs = [st]() -> uint64_t {
        return st->events.empty() ? 0 : firstStart(st->events);
    };
    if (data.scan) {  // a scan bench's data (bench/scan_bench.cpp admits scans alone)
        m.bytes *= 2;  // a scan writes what it reads
        const ScanSpec* spec = data.scan;
        const cl::Buffer fresh = data.buffer;
        m.verify = [&engine, st, spec, inPlace, buffer, fresh](std::string* verdict) {
            if (inPlace) {  // the timed calls scanned their own output: scan a fresh copy of the input once more
                engine.queue().enqueueCopyBuffer(fresh, buffer, 0, 0, st->config.n * elemSize(st->config.type));
                st->runner->runOnce(engine, *st->variant, st->config, st->plan, buffer, nullptr, nullptr);
            }
            return spec->check(
                [&](size_t first, size_t count, std::vector<double>* piece) {
                    return st->runner->readOutputPiece(engine, st->config, first, count, piece);
                },
                verdict);
        };
    }
    if (data.histogram) {  // every bin of the last call's counts (each call zeroes the bins first)
        const HistogramSpec* spec = data.histogram;
        m.verify = [&engine, st, spec](std::string* verdict) {
            std::vector<double> got;
            st->runner->readOutputPiece(engine, st->config, 0, spec->bins, &got);
            return spec->check(got, verdict);
        };
    }
    m.finish = [st](Measurement& out, int repeats) {
        if (st->sums.empty()) return;  // wall timing: no events, no kernel times
        out.note += "; median kernel times";
        for (size_t p = 0; p < st->passMs.size(); ++p)
            out.note += (p ? " + " : " ") + micro(medianOfLast(st->passMs[p], repeats));
        if (!st->sums.empty()) out.note += " (sum " + micro(medianOfLast(st->sums, repeats)) + ")";
    };
    return m;
}

}  // namespace

Method makeVariant(Engine& engine, const std::string& id, const LaunchShape& launch, const DeviceData& data,
                   bool inPlace) {
    const VariantInfo* v = findVariant(id);
    if (!v) {
        Method m;
        m.label = "ReduceLab " + id;
        m.skipped = "unknown variant";
        return m;
    }
    // The catalogue's descriptor lives as long as the program: shared, not owned.
    return timedVariant(engine, std::shared_ptr<const VariantInfo>(std::shared_ptr<void>(), v), "ReduceLab " + id,
                        Role::ReduceLab, launch, data, inPlace);
}

Method makeTrial(Engine& engine, const std::string& id, const std::string& path, const LaunchShape& launch,
                 const DeviceData& data, bool inPlace) {
    const std::string name = path.substr(path.find_last_of('/') + 1);
    const VariantInfo* v = findVariant(id);
    auto trial = v ? std::make_shared<VariantInfo>(*v) : nullptr;
    std::string why = v ? "" : "unknown variant '" + id + "'";
    try {
        if (trial) trial->source = programSourceOfText(trialText(path));
    } catch (const Error& e) {
        why = e.what();
    }
    if (!why.empty()) {
        Method m;
        m.label = "trial " + name + (inPlace ? " (in place)" : "");
        m.role = Role::Trial;
        m.skipped = why;
        return m;
    }
    Method m = timedVariant(engine, trial, "trial " + name, Role::Trial, launch, data, inPlace);
    m.note = "edited " + v->kernelFile + "; " + m.note;
    return m;
}

std::string trialText(const std::string& path) {
    std::ifstream file(path);
    std::ostringstream text;
    if (file) text << file.rdbuf();
    if (!file || text.str().empty()) throw Error(ErrorKind::BadInput, "cannot read " + path);
    return text.str();
}

std::string ptxasSummary(const std::string& log, const std::string& entry) {
    const size_t from = log.find("Compiling entry function '" + entry + "'");
    if (from == std::string::npos) return "";
    const size_t to = std::min(log.size(), log.find("Compiling entry function", from + 1));
    auto lineWith = [&](const std::string& what) -> std::string {
        const size_t at = log.find(what, from);
        if (at == std::string::npos || at >= to) return "";
        const size_t start = what == "Used " ? at : log.rfind('\n', at) + 1;
        std::string line = log.substr(start, log.find('\n', at) - start);
        if (line.rfind("ptxas", 0) == 0) line.erase(0, 5);  // "ptxas         .     0 bytes stack frame, ..."
        line.erase(0, line.find_first_not_of(" \t."));
        return line;
    };
    const std::string used = lineWith("Used ");
    if (used.empty()) return "";
    const std::string frame = lineWith("spill stores");
    return "ptxas: " + used + (frame.empty() ? "" : "; " + frame);
}

void checkTrials(const BenchOptions& o, const std::vector<std::string>& variants) {
    if (!o.trials.empty() && (!o.variantsGiven || variants.empty()))
        throw Error(ErrorKind::BadInput, "--trials: each file is an edited copy of the first --variants kernel; name "
                                         "that variant with --variants");
}

Measurement measureCopyCeiling(Engine& engine, size_t n, int warmup, int repeats) {
    const std::string label = "copy kernel (kernels/copy.cl)";
    try {
        // A short trial gives the time per run, so that the warm-up lasts kMinWarmupMs like every other method's.
        const CopyCeiling trial = engine.copyCeiling(n, ElemType::Float, 0, 3);
        const int warm = std::max(warmup, int(std::min(20000.0, kMinWarmupMs / (trial.medianMs + 0.02))));
        const CopyCeiling c = engine.copyCeiling(n, ElemType::Float, warm, repeats);
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

Method makeCopyKernel(Engine& engine, size_t n, ElemType type) {
    Method m;
    m.label = "copy kernel (kernels/copy.cl)";
    m.role = Role::Ceiling;
    m.alwaysDevice = true;
    m.deviceQueue = true;
    m.note = "one float4 per work-item; bytes read + written";
    struct State {
        cl::Kernel k;
        cl::Buffer in, out;
        std::vector<float> init;
        size_t global = 0, local = 0;
        cl::Event e;
    };
    auto st = std::make_shared<State>();
    const size_t n4 = n * elemSize(type) / 16;  // the copy kernel moves 16-byte vectors
    if (n4 == 0) {
        m.skipped = "fewer than 16 bytes";
        return m;
    }
    try {
        cl::Program p = engine.programs().program("copy", kernelFileText("kernels/copy.cl"), "");
        st->k = cl::Kernel(p, "copy_ceiling");
        st->init.resize(n4 * 4);
        for (size_t i = 0; i < st->init.size(); ++i) st->init[i] = float(i % 1024) * 0.5f + 1.0f;  // never zeros
        st->in = cl::Buffer(engine.context(), CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, n4 * 16, st->init.data());
        st->out = cl::Buffer(engine.context(), CL_MEM_WRITE_ONLY, n4 * 16);
        st->k.setArg(0, st->in);
        st->k.setArg(1, st->out);
        st->k.setArg(2, cl_uint(n4));
        st->local = std::min<size_t>(256, engine.device().maxWorkGroup);
        st->global = (n4 + st->local - 1) / st->local * st->local;
        m.bytes = 2.0 * double(n4 * 16);
    } catch (const std::exception& e) {
        m.skipped = e.what();
        return m;
    }
    m.once = [&engine, st](double* deviceMs) {
        engine.profilingQueue().enqueueNDRangeKernel(st->k, cl::NullRange, cl::NDRange(st->global),
                                                     cl::NDRange(st->local), nullptr, &st->e);
        st->e.wait();
        if (deviceMs) *deviceMs = eventMs(st->e);
        return 0.0;
    };
    m.firstStartNs = [st]() -> uint64_t { return st->e.getProfilingInfo<CL_PROFILING_COMMAND_START>(); };
    m.verify = [&engine, st](std::string* verdict) {
        std::vector<float> back(st->init.size());
        engine.profilingQueue().enqueueReadBuffer(st->out, CL_TRUE, 0, back.size() * 4, back.data());
        const bool ok = back == st->init;
        *verdict = ok ? "copy equals its source" : "copy differs from its source";
        return ok;
    };
    return m;
}

Method makeReadOnlyCeiling(Engine& engine, const std::string& source, const DeviceData& data, size_t groups, size_t wg,
                           int unroll, const std::string& label) {
    const size_t n = data.ref.n;
    const ElemType type = data.input.type;
    Method m;
    m.label = label;
    m.role = Role::Ceiling;
    m.alwaysDevice = true;
    m.deviceQueue = true;
    m.bytes = double(n) * double(elemSize(type));
    char shape[160];
    std::snprintf(shape, sizeof shape, "read-only kernel (bench/gpu_layouts.cl), %zu groups of %zu, %.1f elements per "
                  "work-item, %d loads of 16 bytes per step; bytes read", groups, wg, double(n) / double(groups * wg),
                  unroll);
    m.note = shape;
    struct State {
        cl::Kernel k;
        cl::Buffer out;
        cl::Event e;
        std::vector<double> partialSums;
        std::vector<char> back;
        size_t groups = 0, wg = 0;
    };
    auto st = std::make_shared<State>();
    const bool isInt = type == ElemType::Int;
    if (type != ElemType::Int && type != ElemType::Float) {
        m.skipped = "the read-only ceiling is built for 32-bit types";
        return m;
    }
    try {
        const std::string common = kernelPrelude();
        cl::Program p = engine.programs().program(
            "readonly-ceiling", common + source,
            std::string(isInt ? "-D RL_TYPE_INT" : "-D RL_TYPE_FLOAT") + " -D RL_OP_SUM -D LAYOUT=0 -D RESTRICT -D UNROLL=" +
                std::to_string(unroll));
        st->k = cl::Kernel(p, "layout_reduce");
        if (wg > st->k.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(engine.clDevice())) {
            m.skipped = "work-group too large for this kernel";
            return m;
        }
        st->out = cl::Buffer(engine.context(), CL_MEM_READ_WRITE, groups * 4);
        st->back.resize(groups * 4);
        st->groups = groups;
        st->wg = wg;
        st->k.setArg(0, data.buffer);
        st->k.setArg(1, st->out);
        st->k.setArg(2, cl_uint(n));
        st->k.setArg(3, cl::Local(wg * 4));
    } catch (const std::exception& e) {
        m.skipped = e.what();
        return m;
    }
    m.once = [&engine, st, isInt](double* deviceMs) {
        engine.profilingQueue().enqueueNDRangeKernel(st->k, cl::NullRange, cl::NDRange(st->groups * st->wg),
                                                     cl::NDRange(st->wg), nullptr, &st->e);
        engine.profilingQueue().enqueueReadBuffer(st->out, CL_TRUE, 0, st->back.size(), st->back.data());
        if (deviceMs) *deviceMs = eventMs(st->e);
        double sum = 0;
        uint32_t wrapped = 0;  // ints: the partials added as the device adds them, wrapping at 32 bits
        for (size_t g = 0; g < st->groups; ++g) {
            const double v = valueFromBytes(st->back.data() + 4 * g, isInt ? ElemType::Int : ElemType::Float);
            sum += v;
            wrapped += uint32_t(int32_t(v));
        }
        if (isInt) sum = double(int32_t(wrapped));
        st->partialSums.push_back(sum);
        return sum;
    };
    m.firstStartNs = [st]() -> uint64_t { return st->e.getProfilingInfo<CL_PROFILING_COMMAND_START>(); };
    // A ceiling's result is a sum whatever the bench's operation: check it against the sum of the data.
    const Reference sumRef = computeReference(data.input, Op::Sum);
    m.verify = [st, sumRef, type](std::string* verdict) {
        bool ok = !st->partialSums.empty();
        for (double v : st->partialSums) ok = ok && acceptResult(sumRef, Op::Sum, type, v, nullptr);
        *verdict = ok ? "its sums equal the data's" : "its sum differs from the data's";
        return ok;
    };
    return m;
}

Method makeChunkedCopy(Engine& engine, const std::string& source, size_t n) {
    Method m;
    m.label = "copy kernel, contiguous chunks";
    m.role = Role::Ceiling;
    m.alwaysDevice = true;
    const size_t n16 = n / 16;
    if (n16 == 0) {
        m.skipped = "fewer than 16 floats";
        return m;
    }
    struct State {
        cl::Kernel kernel;
        cl::Buffer in, out;
        std::vector<float> init;
        size_t global = 0, local = 0;
    };
    auto st = std::make_shared<State>();
    try {
        cl::Program program = engine.programs().program("copy-chunks", source, "");
        st->kernel = cl::Kernel(program, "copy_chunks");
        st->init.resize(n16 * 16);
        for (size_t i = 0; i < st->init.size(); ++i) st->init[i] = float(i % 1021) * 0.25f + 1.0f;  // never zeros
        const size_t bytes = st->init.size() * 4;
        st->in = cl::Buffer(engine.context(), CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, st->init.data());
        st->out = cl::Buffer(engine.context(), CL_MEM_WRITE_ONLY, bytes);
        st->kernel.setArg(0, st->in);
        st->kernel.setArg(1, st->out);
        st->kernel.setArg(2, cl_uint(n16));
        st->local = std::min<size_t>(16, engine.device().maxWorkGroup);
        st->global = size_t(std::max(1, engine.device().computeUnits)) * 4 * st->local;
        m.bytes = 2.0 * double(bytes);
    } catch (const std::exception& e) {
        m.skipped = e.what();
        return m;
    }
    m.note = "bench/copy_chunks.cl, " + std::to_string(st->global / st->local) + " groups of " +
             std::to_string(st->local) + "; bytes read + written";
    m.once = [&engine, st](double* deviceMs) {
        cl::Event e;
        engine.profilingQueue().enqueueNDRangeKernel(st->kernel, cl::NullRange, cl::NDRange(st->global),
                                                     cl::NDRange(st->local), nullptr, &e);
        e.wait();
        *deviceMs = eventMs(e);
        return 0.0;
    };
    m.verify = [&engine, st](std::string* verdict) {
        std::vector<float> back(st->init.size());
        engine.profilingQueue().enqueueReadBuffer(st->out, CL_TRUE, 0, back.size() * 4, back.data());
        const bool ok = back == st->init;
        *verdict = ok ? "copy equals its source" : "copy differs from its source";
        return ok;
    };
    return m;
}

}  // namespace rl::bench
