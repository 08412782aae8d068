// The anatomy of best-gpu per size: the grid and elements per work-item it launches, what the device
// allows, the cost of its last-group finish, and the hardware ceilings at that size: a copy kernel (bytes read +
// written) and a read-only kernel's own (reads every element once, writes one value per work-group), which can pass
// the copy's bandwidth where the input fits in the L2 cache. Every row of a size is timed in one round-robin.
#include <CL/opencl.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>

#include "bench/measure.h"
#include "bench/probe.h"
#include "bench/reducelab_methods.h"
#include "bench/report.h"
#include "core/catalogue/build_options.h"
#include "core/catalogue/kernel_source.h"
#include "core/catalogue/pass_plan.h"

namespace rl::bench {
namespace {

size_t ceilDiv(size_t a, size_t b) { return (a + b - 1) / b; }

std::string shapeNote(size_t groups, size_t wg, size_t n) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "groups %zu, wg %zu, floats/item %.1f", groups, wg, double(n) / double(groups * wg));
    return buf;
}

// best-gpu's config for n elements on `groups` groups of wg.
RunConfig bestGpuConfig(size_t n, size_t wg, size_t groups) {
    RunConfig c;
    c.variant = "best-gpu";
    c.n = n;
    c.wg = wg;
    c.groups = groups;
    return c;
}

// The program's binary (PTX on NVIDIA) as DIR/NAME.ptx when REDUCELAB_ANATOMY_BINARIES names DIR: `ptxas -v` on it
// gives the registers, hence the occupancy.
void saveBinary(const cl::Program& p, const std::string& name) {
    const char* dir = std::getenv("REDUCELAB_ANATOMY_BINARIES");
    if (!dir) return;
    const auto bins = p.getInfo<CL_PROGRAM_BINARIES>();
    if (bins.empty()) return;
    std::ofstream f(std::string(dir) + "/" + name + ".ptx", std::ios::binary);
    f.write(reinterpret_cast<const char*>(bins[0].data()), std::streamsize(bins[0].size()));
}

// One launch of a kernel that leaves one partial per group, read back and summed on the host.
struct OneLaunch {
    cl::Kernel k;
    cl::Buffer out;
    std::vector<float> back;
    size_t groups = 0, wg = 0;
    cl::Event e;  // the last launch's
};

// A OneLaunch-shaped method runs on the bench's queue: queued behind a busy device in device timing.
void onTheQueue(Method& m, std::shared_ptr<OneLaunch> st) {
    m.deviceQueue = true;
    m.firstStartNs = [st]() -> uint64_t { return st->e.getProfilingInfo<CL_PROFILING_COMMAND_START>(); };
}

// The method's timed body for a OneLaunch: launch, read the partials, sum them; the event's time when asked.
std::function<double(double*)> launchSummingPartials(Engine& engine, std::shared_ptr<OneLaunch> st) {
    return [&engine, st](double* deviceMs) {
        engine.queue().enqueueNDRangeKernel(st->k, cl::NullRange, cl::NDRange(st->groups * st->wg),
                                            cl::NDRange(st->wg), nullptr, &st->e);
        engine.queue().enqueueReadBuffer(st->out, CL_TRUE, 0, st->groups * 4, st->back.data());
        if (deviceMs) *deviceMs = eventMs(st->e);
        double s = 0;
        for (float v : st->back) s += v;
        return s;
    };
}

// best-gpu's buffers for a grid (the partials out, a partial word per group and per block of wg groups, the
// counters; all zero) set as arguments 0-5 of k; the caller sets the epoch (6) and finish_here (7).
struct BestGpuBuffers {
    cl::Buffer out, words, ticket;
};
BestGpuBuffers bestGpuArgs(Engine& engine, cl::Kernel& k, const cl::Buffer& in, size_t n, size_t groups, size_t wg) {
    const size_t blocks = groups > wg ? ceilDiv(groups, wg) : 0;
    std::vector<cl_ulong> words(groups + blocks, 0);
    std::vector<cl_uint> counters(1 + blocks, 0);
    BestGpuBuffers b;
    b.out = cl::Buffer(engine.context(), CL_MEM_READ_WRITE, groups * 4);
    b.words = cl::Buffer(engine.context(), CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, words.size() * 8, words.data());
    b.ticket = cl::Buffer(engine.context(), CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, counters.size() * 4,
                          counters.data());
    k.setArg(0, in);
    k.setArg(1, b.out);
    k.setArg(2, cl_uint(n));
    k.setArg(3, cl::Local(wg * 4));
    k.setArg(4, b.words);
    k.setArg(5, b.ticket);
    return b;
}

// best-gpu's kernel with finish_here = 0: every group writes its partial, the host adds them. Against the default
// (the last group to start finishes), the difference is what the finish costs inside the launch.
Method bestGpuHostFinish(Engine& engine, cl::Buffer in, size_t n, size_t groups, size_t wg) {
    Method m;
    m.label = "best-gpu, host finishes";
    m.role = Role::ReduceLab;
    m.bytes = double(n) * 4;
    m.note = "best-gpu.cl with finish_here = 0, " + shapeNote(groups, wg, n);
    struct State : OneLaunch {
        cl::Buffer words, ticket;
    };
    auto st = std::make_shared<State>();
    try {
        const VariantInfo& v = *findVariant("best-gpu");
        cl::Kernel cached = engine.programs().kernel(v, bestGpuConfig(n, wg, groups), false);
        st->k = cl::Kernel(cached.getInfo<CL_KERNEL_PROGRAM>(), v.kernelName.c_str());
        const BestGpuBuffers b = bestGpuArgs(engine, st->k, in, n, groups, wg);
        st->out = b.out;
        st->words = b.words;
        st->ticket = b.ticket;
        st->back.resize(groups);
        st->groups = groups;
        st->wg = wg;
        st->k.setArg(6, cl_uint(1));
        st->k.setArg(7, cl_uint(0));
    } catch (const std::exception& e) {
        m.skipped = e.what();
        return m;
    }
    m.once = launchSummingPartials(engine, st);
    onTheQueue(m, st);
    return m;
}

// A trial: an edited copy of kernels/reduce/best-gpu.cl (--trials), built with best-gpu's options and launched as its
// runner launches the shipped kernel (one launch, the last group to start finishes, a new epoch every launch) on
// the same grid, so that an edit is timed against the kernel it would replace in one round-robin. Its PTX goes
// beside best-gpu's (saveBinary).
Method bestGpuTrial(Engine& engine, cl::Buffer in, size_t n, size_t groups, size_t wg, const std::string& path) {
    Method m;
    const std::string name = path.substr(path.find_last_of('/') + 1);
    m.label = "trial " + name;
    m.role = Role::ReduceLab;
    m.bytes = double(n) * 4;
    m.note = "edited best-gpu.cl, " + shapeNote(groups, wg, n);
    struct State {
        cl::Kernel k;
        cl::Buffer out, words, ticket;
        size_t groups = 0, wg = 0;
        cl_uint epoch = 0;
        cl::Event e;
    };
    auto st = std::make_shared<State>();
    try {
        const VariantInfo& v = *findVariant("best-gpu");
        const std::string source = programSourceOfText(trialText(path));
        const std::string options = buildOptions(v, bestGpuConfig(n, wg, groups), false, engine.device());
        cl::Program p = engine.programs().program("trial-" + name, source, options);
        st->k = cl::Kernel(p, v.kernelName.c_str());
        saveBinary(p, name);
        const BestGpuBuffers b = bestGpuArgs(engine, st->k, in, n, groups, wg);
        st->out = b.out;
        st->words = b.words;
        st->ticket = b.ticket;
        st->groups = groups;
        st->wg = wg;
        st->k.setArg(7, cl_uint(groups > 1 ? 1 : 0));
    } catch (const std::exception& e) {
        m.skipped = e.what();
        return m;
    }
    m.once = [&engine, st](double* deviceMs) {
        if (++st->epoch == 0) st->epoch = 1;
        st->k.setArg(6, st->epoch);
        engine.queue().enqueueNDRangeKernel(st->k, cl::NullRange, cl::NDRange(st->groups * st->wg),
                                            cl::NDRange(st->wg), nullptr, &st->e);
        float result = 0;
        engine.queue().enqueueReadBuffer(st->out, CL_TRUE, 0, 4, &result);
        if (deviceMs) *deviceMs = eventMs(st->e);
        return double(result);
    };
    m.deviceQueue = true;
    m.firstStartNs = [st]() -> uint64_t { return st->e.getProfilingInfo<CL_PROFILING_COMMAND_START>(); };
    return m;
}

// An empty kernel over `groups` groups of wg: what a launch of that grid costs on this device's clock.
Method emptyKernel(Engine& engine, size_t groups, size_t wg, size_t n) {
    Method m;
    m.label = "empty kernel, " + std::to_string(groups) + " x " + std::to_string(wg);
    m.role = Role::Reference;
    m.bytes = double(n) * 4;
    m.note = "no loads: the launch floor of this grid on the event clock";
    struct State {
        cl::Kernel k;
        cl::Buffer b;
        size_t groups = 0, wg = 0;
        cl::Event e;
    };
    auto st = std::make_shared<State>();
    m.deviceQueue = true;
    m.firstStartNs = [st]() -> uint64_t { return st->e.getProfilingInfo<CL_PROFILING_COMMAND_START>(); };
    cl::Program p = engine.programs().program("anatomy-nop", "__kernel void nop(__global float *p) {}", "");
    st->k = cl::Kernel(p, "nop");
    st->b = cl::Buffer(engine.context(), CL_MEM_READ_WRITE, 64);
    st->k.setArg(0, st->b);
    st->groups = groups;
    st->wg = wg;
    m.once = [&engine, st](double* deviceMs) {
        engine.queue().enqueueNDRangeKernel(st->k, cl::NullRange, cl::NDRange(st->groups * st->wg),
                                            cl::NDRange(st->wg), nullptr, &st->e);
        st->e.wait();
        if (deviceMs) *deviceMs = eventMs(st->e);
        return 0.0;
    };
    m.verify = [](std::string* verdict) {
        *verdict = "no result (empty kernel)";
        return true;
    };
    return m;
}

}  // namespace

int runAnatomy(Engine& engine, const std::vector<size_t>& sizes, const BenchOptions& o, const std::string& source,
               BusyDevice* busy) {
    const DeviceInfo& dev = engine.device();
    const size_t units = size_t(std::max(1, dev.computeUnits));
    const size_t wg = o.wg;
    const int repeats = std::max(o.repeats, 10);
    nlohmann::json doc;
    {
        const cl::Device& d = engine.clDevice();
        doc["device"] = {{"name", dev.name},
                         {"platform", dev.platform},
                         {"driver", dev.driver},
                         {"compute_units", dev.computeUnits},
                         {"max_work_group", dev.maxWorkGroup},
                         {"local_mem_bytes", dev.localMemBytes},
                         {"global_mem_cache_bytes", d.getInfo<CL_DEVICE_GLOBAL_MEM_CACHE_SIZE>()},
                         {"global_mem_cacheline_bytes", d.getInfo<CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE>()}};
        const VariantInfo& v = *findVariant("best-gpu");
        cl::Kernel k = engine.programs().kernel(v, bestGpuConfig(RunConfig{}.n, wg, 0), false);
        doc["best_gpu_kernel"] = {
            {"work_group_size_max", k.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(d)},
            {"private_mem_bytes", k.getWorkGroupInfo<CL_KERNEL_PRIVATE_MEM_SIZE>(d)},
            {"local_mem_bytes", k.getWorkGroupInfo<CL_KERNEL_LOCAL_MEM_SIZE>(d)},
            {"preferred_multiple", k.getWorkGroupInfo<CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE>(d)}};
        saveBinary(k.getInfo<CL_KERNEL_PROGRAM>(), "best-gpu");
        std::cout << "device " << dev.name << ": " << dev.computeUnits << " compute units, max work-group "
                  << dev.maxWorkGroup << ", local memory " << dev.localMemBytes << " B, global cache "
                  << doc["device"]["global_mem_cache_bytes"] << " B; best-gpu kernel: " << doc["best_gpu_kernel"]
                  << "\n";
    }
    for (size_t n : sizes) {
        const HostArray input = makeInput(ElemType::Float, DataPattern::Random, n, o.seed);
        const Reference ref = computeReference(input, Op::Sum);
        DeviceData data{input, ref, engine.upload(input)};
        TimingContext context;
        context.busy = busy;
        // The copy alone first: its written lines, still dirty in the L2 cache, would slow whichever method came
        // next in a round-robin (seen: 3-10 us from 2^22 up on the H200).
        std::vector<Method> copyAlone;
        copyAlone.push_back(makeCopyKernel(engine, n, ElemType::Float));
        Measurement copy = timeMethods(copyAlone, Timing::Device, o.warmup, repeats, ref, false, context).front();
        std::vector<Method> methods;
        const VariantInfo& v = *findVariant("best-gpu");
        const size_t defGroups = timedGrid(v, n, wg, dev.computeUnits);
        // The persistent grid (the rule of 2026-11-25 past 2^24: at most 4 per unit, whole rounds of wg partials)
        // against many short groups of a few loads per work-item (the rule since), finishing in two levels.
        const size_t persistent = persistentLastGroupGrid(v, n, wg, dev.computeUnits);
        std::vector<size_t> tried;
        auto addBest = [&](size_t groups, const std::string& why) {
            // The grid the plan launches (at most wg x wg groups, at least one 16-byte load per work-item), so
            // that a row is labelled and deduplicated by what ran, not by what was asked.
            const size_t launched = planPasses(v, bestGpuConfig(n, wg, std::clamp<size_t>(groups, 1, wg * wg))).front().groups;
            if (std::find(tried.begin(), tried.end(), launched) != tried.end()) return;
            tried.push_back(launched);
            Method m = makeVariant(engine, "best-gpu", {wg, launched, 0}, data);
            m.label = "best-gpu " + why;
            if (launched != groups) {
                char as[48];
                std::snprintf(as, sizeof as, " (ran %.1f/item)", double(n) / double(launched * wg));
                m.label += as;
            }
            m.note += "; " + shapeNote(launched, wg, n);
            methods.push_back(std::move(m));
        };
        addBest(defGroups, "(default)");
        addBest(persistent, "persistent");
        for (size_t e : {size_t(8), size_t(16), size_t(32), size_t(64), size_t(128), size_t(256), size_t(512)})
            addBest(ceilDiv(n, wg * e), std::to_string(e) + " floats/item");
        for (const auto& path : o.trials)  // on the grid the default row launched (the first tried)
            methods.push_back(bestGpuTrial(engine, data.buffer, n, tried.front(), wg, path));
        if (persistent != defGroups) methods.push_back(bestGpuHostFinish(engine, data.buffer, n, persistent, wg));
        methods.push_back(bestGpuHostFinish(engine, data.buffer, n, defGroups, wg));
        const size_t fullGrid = std::max<size_t>(1, ceilDiv(n, wg * 16));
        methods.push_back(makeReadOnlyCeiling(engine, source, data, std::min(fullGrid, 8 * units), wg, 4,
                                              "read-only, 8/unit"));
        methods.push_back(makeReadOnlyCeiling(engine, source, data, fullGrid, wg, 4, "read-only, 16 floats/item"));
        methods.push_back(emptyKernel(engine, defGroups, wg, n));
        methods.push_back(emptyKernel(engine, 1, wg, n));
        const auto results = timeMethods(methods, Timing::Device, o.warmup, repeats, ref, false, context);
        double readOnlyBest = 0;
        for (const auto& m : results)
            if (m.role == Role::Ceiling && !m.skipped && m.correct) readOnlyBest = std::max(readOnlyBest, m.gbps());
        const double ceiling = std::max(readOnlyBest, copy.gbps());
        std::printf("\n%s floats (%.1f MiB): copy %.1f GB/s (read + written), read-only best %.1f GB/s, limit %.1f\n",
                    sizeLabel(n).c_str(), double(n) * 4 / 1048576.0, copy.gbps(), readOnlyBest, ceiling);
        std::printf("  %-34s %9s %9s %7s  %s\n", "method", "us", "GB/s", "% lim", "shape");
        nlohmann::json rows = nlohmann::json::array();
        rows.push_back(toJson(copy));
        for (const auto& m : results) {
            if (m.skipped) {
                std::printf("  %-34s skipped: %s\n", m.method.c_str(), m.verdict.c_str());
            } else {
                std::printf("  %-34s %9.2f %9.1f %6.0f%%  %s%s\n", m.method.c_str(), m.medianMs * 1e3, m.gbps(),
                            100 * m.gbps() / ceiling, m.note.c_str(), m.correct ? "" : "  WRONG");
            }
            nlohmann::json j = toJson(m);
            j["data_type"] = "float";
            j["op"] = "sum";
            rows.push_back(j);
        }
        doc["sizes"].push_back({{"n", n},
                                {"data_type", "float"},
                                {"op", "sum"},
                                {"copy_gbps", copy.gbps()},
                                {"read_only_gbps", readOnlyBest},
                                {"limit_gbps", ceiling},
                                {"best_gpu_groups", defGroups},
                                {"wg", wg},
                                {"rows", rows}});
        std::fflush(stdout);
    }
    if (!o.jsonPath.empty()) {
        std::ofstream f(o.jsonPath);
        f << doc.dump(1) << "\n";
    }
    return 0;
}

}  // namespace rl::bench
