// The launch-cost probe: grid-stride's two passes enqueued in several ways, and empty kernels, timed by events.
#include "bench/probe.h"

#include <chrono>
#include <cstdio>

#include "bench/measure.h"
#include "bench/report.h"
#include "core/cl/engine.h"
#include "core/catalogue/kernel_source.h"
#include "core/catalogue/pass_plan.h"

namespace rl::bench {
namespace {

double ns(const cl::Event& e, cl_profiling_info what) {
    cl_ulong t = 0;
    e.getProfilingInfo(what, &t);
    return double(t);
}

struct Sample {
    std::vector<double> span, gap, first, second;
};

void add(Sample& s, const cl::Event& a, const cl::Event& b) {
    const double a0 = ns(a, CL_PROFILING_COMMAND_START), a1 = ns(a, CL_PROFILING_COMMAND_END);
    const double b0 = ns(b, CL_PROFILING_COMMAND_START), b1 = ns(b, CL_PROFILING_COMMAND_END);
    s.span.push_back((b1 - a0) * 1e-3);
    s.gap.push_back((b0 - a1) * 1e-3);
    s.first.push_back((a1 - a0) * 1e-3);
    s.second.push_back((b1 - b0) * 1e-3);
}

void print(const char* what, const Sample& s) {
    std::printf("  %-44s span %7.1f us  first %7.1f  gap %6.1f  second %6.1f  (medians of %zu)\n", what,
                statsOf(s.span).median, statsOf(s.first).median, statsOf(s.gap).median, statsOf(s.second).median,
                s.span.size());
}

// A float sum of n elements by a fixed-grid variant, with the grid the engine gives it by default.
RunConfig fixedGridConfig(Engine& engine, const VariantInfo& v, size_t n, const BenchOptions& o) {
    RunConfig c;
    c.variant = v.id;
    c.n = n;
    c.wg = o.wg;
    c.groups = size_t(v.groupsPerComputeUnit) * size_t(std::max(1, engine.device().computeUnits));
    return c;
}

double hostMicros(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
}

// The host clock around one best-gpu reduction (one launch, the 4-byte result read back), done several ways: where
// the host-side time of a call goes on this OpenCL implementation.
void probeHostPath(Engine& engine, const std::vector<size_t>& sizes, const BenchOptions& o) {
    const int runs = std::max(o.repeats, 200);
    cl::Context& ctx = engine.context();
    cl::CommandQueue& profiled = engine.profilingQueue();
    cl::CommandQueue plain(ctx, engine.clDevice(), 0);
    const VariantInfo& v = *findVariant("best-gpu");
    cl::Program nopProgram = engine.programs().program("probe-nop", "__kernel void nop(__global float *p) {}", "");
    cl::Kernel nop(nopProgram, "nop");
    cl::Buffer scratch(ctx, CL_MEM_READ_WRITE, 64);
    nop.setArg(0, scratch);
    // Pinned host memory: a buffer the implementation allocates host-side, mapped once.
    cl::Buffer pinnedBuffer(ctx, CL_MEM_ALLOC_HOST_PTR | CL_MEM_READ_WRITE, 64);
    auto* pinned = static_cast<float*>(plain.enqueueMapBuffer(pinnedBuffer, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, 64));
    for (size_t n : sizes) {
        const HostArray input = makeInput(ElemType::Float, DataPattern::Random, n, o.seed);
        cl::Buffer in = engine.upload(input);
        const RunConfig c = fixedGridConfig(engine, v, n, o);
        const auto plan = planPasses(v, c);
        if (plan.size() != 2) continue;
        // Its own kernel object: the runner below sets the cached one's arguments to its own buffers.
        cl::Kernel k(engine.programs().kernel(v, c, false).getInfo<CL_KERNEL_PROGRAM>(), v.kernelName.c_str());
        std::vector<cl_ulong> zeros(plan[0].groups, 0);
        cl_uint zero = 0, epoch = 0;
        cl::Buffer out(ctx, CL_MEM_READ_WRITE, 4);
        cl::Buffer words(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, zeros.size() * 8, zeros.data());
        cl::Buffer ticket(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof zero, &zero);
        k.setArg(0, in);
        k.setArg(1, out);
        k.setArg(2, cl_uint(n));
        k.setArg(3, cl::Local(plan[0].local * 4));
        k.setArg(4, words);
        k.setArg(5, ticket);
        k.setArg(7, cl_uint(1));
        const cl::NDRange g(plan[0].global), l(plan[0].local);
        auto runner = makeRunner(v.kind);
        std::printf("\n%s floats, best-gpu in one launch (%zu groups of %zu), host clock around each call:\n",
                    sizeLabel(n).c_str(), plan[0].groups, plan[0].local);
        const char* names[] = {"the runner (event, blocking read to the heap)", "the runner without an event",
                               "no event, blocking read to the heap",
                               "no event, blocking read to pinned memory", "no event, finish, no read",
                               "unprofiled queue, blocking read to pinned", "empty kernel, finish",
                               "unprofiled, read with event, host spins on it", "unprofiled, read, flush, finish",
                               "unprofiled queue, blocking read to the heap",
                               "the runner on the plain queue (wall timing)"};
        float heap = 0;
        for (int mode = 0; mode < 11; ++mode) {
            std::vector<double> us;
            cl::CommandQueue& q = mode == 5 || (mode >= 7 && mode <= 9) ? plain : profiled;
            engine.profileCommands(mode != 10);  // mode 10: the runner as the bench's wall timing calls it
            for (int i = 0; i < runs + 200; ++i) {
                const auto t0 = std::chrono::steady_clock::now();
                if (mode == 0) {
                    std::vector<cl::Event> events;
                    heap = float(runner->runOnce(engine, v, c, plan, in, &events, nullptr));
                } else if (mode == 1 || mode == 10) {
                    heap = float(runner->runOnce(engine, v, c, plan, in, nullptr, nullptr));
                } else if (mode == 6) {
                    q.enqueueNDRangeKernel(nop, cl::NullRange, cl::NDRange(64), cl::NDRange(64));
                    q.finish();
                } else {
                    if (++epoch == 0) epoch = 1;
                    k.setArg(6, epoch);
                    q.enqueueNDRangeKernel(k, cl::NullRange, g, l);
                    if (mode == 2 || mode == 9) q.enqueueReadBuffer(out, CL_TRUE, 0, 4, &heap);
                    if (mode == 3 || mode == 5) q.enqueueReadBuffer(out, CL_TRUE, 0, 4, pinned);
                    if (mode == 4) q.finish();
                    if (mode == 7) {  // the host polls instead of letting the driver block
                        cl::Event read;
                        q.enqueueReadBuffer(out, CL_FALSE, 0, 4, pinned, nullptr, &read);
                        q.flush();
                        while (read.getInfo<CL_EVENT_COMMAND_EXECUTION_STATUS>() != CL_COMPLETE) {
                        }
                    }
                    if (mode == 8) {
                        q.enqueueReadBuffer(out, CL_FALSE, 0, 4, pinned);
                        q.flush();
                        q.finish();
                    }
                }
                if (i >= 200) us.push_back(hostMicros(t0));
            }
            std::printf("  %-48s %7.1f us  (median of %zu; min %.1f)\n", names[mode], statsOf(us).median, us.size(),
                        statsOf(us).min);
        }
        engine.profileCommands(true);
        std::printf("  result %.6g (pinned %.6g), reference %.6g\n", heap, pinned[0],
                    computeReference(input, Op::Sum).value);
    }
    plain.enqueueUnmapMemObject(pinnedBuffer, pinned);
    plain.finish();
}

// The host clock around one decoupled-look-back float scan on the queue without profiling (wall timing's queue), the
// runner's call taken apart: what a small scan's wall time is made of beyond its kernel.
void probeScanHostPath(Engine& engine, const std::vector<size_t>& sizes, const BenchOptions& o) {
    const int runs = std::max(o.repeats, 200);
    cl::Context& ctx = engine.context();
    const VariantInfo& v = *findVariant("decoupled-look-back");
    cl::Buffer pinnedBuffer(ctx, CL_MEM_ALLOC_HOST_PTR | CL_MEM_READ_WRITE, 64);
    auto* pinned = static_cast<float*>(
        engine.profilingQueue().enqueueMapBuffer(pinnedBuffer, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, 64));
    for (size_t n : sizes) {
        const HostArray input = makeInput(ElemType::Float, DataPattern::Random, n, o.seed);
        cl::Buffer in = engine.upload(input);
        RunConfig asked;
        asked.variant = v.id;
        asked.n = n;
        asked.wg = o.wg;
        const RunConfig c = engine.run(asked, input, 0, 1).config;  // builds and resolves the grid
        const auto plan = planPasses(v, c);
        const PassPlan& pass = plan.front();
        // Its own kernel object, as a program that calls the kernel itself would keep one.
        cl::Kernel k(engine.programs().kernel(v, c, false).getInfo<CL_KERNEL_PROGRAM>(), v.kernelName.c_str());
        std::vector<cl_ulong> zeros(2 * pass.groups, 0);
        cl_uint zero = 0, epoch = 0;
        cl::Buffer out(ctx, CL_MEM_READ_WRITE, n * 4);
        cl::Buffer words(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, zeros.size() * 8, zeros.data());
        cl::Buffer ticket(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof zero, &zero);
        const auto setAll = [&] {
            k.setArg(0, in);
            k.setArg(1, out);
            k.setArg(2, cl_uint(n));
            k.setArg(3, cl::Local(2 * pass.local * 4));
            k.setArg(4, words);
            k.setArg(5, ticket);
            k.setArg(7, cl_uint(pass.groups));
        };
        setAll();
        const cl::NDRange g(pass.global), l(pass.local);
        auto runner = makeRunner(v.kind);
        std::printf("\n%s floats, decoupled-look-back (%zu tiles of %zu work-items), host clock around each call, "
                    "queue without profiling:\n", sizeLabel(n).c_str(), pass.groups, pass.local);
        const char* names[] = {"the runner (wall timing's call)",
                               "kernel looked up, 8 arguments, launch, read to heap",
                               "own kernel, 8 arguments, launch, read to heap",
                               "own kernel, epoch only, launch, read to heap",
                               "own kernel, epoch only, launch, read to pinned",
                               "own kernel, epoch only, launch, finish",
                               "a 4-byte read to heap alone",
                               "own kernel, epoch only, launch (profiling queue)",
                               "the runner again (the order's effect)"};
        float heap = 0;
        for (int mode = 0; mode < 9; ++mode) {
            std::vector<double> us, device;
            engine.profileCommands(mode == 7);
            cl::CommandQueue& q = engine.queue();
            for (int i = 0; i < runs + 200; ++i) {  // the first 200 are warm-up
                const auto t0 = std::chrono::steady_clock::now();
                cl::Event e;
                if (mode == 0 || mode == 8) {
                    heap = float(runner->runOnce(engine, v, c, plan, in, nullptr, nullptr));
                } else if (mode == 6) {
                    q.enqueueReadBuffer(out, CL_TRUE, (n - 1) * 4, 4, &heap);
                } else {
                    if (mode == 1) k = engine.programs().kernel(v, c, false);  // the cache's object, as the runner
                    if (mode <= 2) setAll();
                    if (++epoch >= (cl_uint(1) << 31)) epoch = 1;
                    k.setArg(6, epoch);
                    q.enqueueNDRangeKernel(k, cl::NullRange, g, l, nullptr, mode == 7 ? &e : nullptr);
                    if (mode <= 3 || mode == 7) q.enqueueReadBuffer(out, CL_TRUE, (n - 1) * 4, 4, &heap);
                    if (mode == 4) q.enqueueReadBuffer(out, CL_TRUE, (n - 1) * 4, 4, pinned);
                    if (mode == 5) q.finish();
                }
                if (i >= 200) {
                    us.push_back(hostMicros(t0));
                    if (mode == 7) device.push_back(ns(e, CL_PROFILING_COMMAND_END) * 1e-3 -
                                                    ns(e, CL_PROFILING_COMMAND_START) * 1e-3);
                }
            }
            if (mode == 1) {  // back to an object of its own: the cache's is the runner's
                k = cl::Kernel(k.getInfo<CL_KERNEL_PROGRAM>(), v.kernelName.c_str());
                setAll();
            }
            std::printf("  %-52s %7.1f us  (median of %zu; min %.1f)", names[mode], statsOf(us).median, us.size(),
                        statsOf(us).min);
            if (mode == 7) std::printf("  kernel %.1f us", statsOf(device).median);
            std::printf("\n");
        }
        engine.profileCommands(true);
        std::printf("  last element %.6g, reference total %.6g\n", heap, computeReference(input, Op::Sum).value);
    }
    engine.profilingQueue().enqueueUnmapMemObject(pinnedBuffer, pinned);
    engine.profilingQueue().finish();
}

}  // namespace

int runProbe(Engine& engine, const std::vector<size_t>& sizes, const BenchOptions& o) {
    const int runs = std::max(o.repeats, 50);
    cl::Context& ctx = engine.context();
    cl::CommandQueue& q = engine.queue();
    cl::Program nopProgram = engine.programs().program("probe-nop", "__kernel void nop(__global float *p) {}", "");
    cl::Kernel nop1(nopProgram, "nop"), nop2(nopProgram, "nop");
    cl::Buffer scratch(ctx, CL_MEM_READ_WRITE, 64);
    nop1.setArg(0, scratch);
    nop2.setArg(0, scratch);
    const VariantInfo& v = *findVariant("grid-stride");
    for (size_t n : sizes) {
        const HostArray input = makeInput(ElemType::Float, DataPattern::Random, n, o.seed);
        cl::Buffer in = engine.upload(input);
        const RunConfig c = fixedGridConfig(engine, v, n, o);
        const auto plan = planPasses(v, c);
        if (plan.size() != 2) continue;
        // Two kernel objects, each keeping its own arguments (the cache hands out one object per build).
        cl::Kernel k1 = engine.programs().kernel(v, c, false);
        cl::Kernel k2(k1.getInfo<CL_KERNEL_PROGRAM>(), v.kernelName.c_str());
        cl::Buffer part(ctx, CL_MEM_READ_WRITE, plan[0].groups * 4), out(ctx, CL_MEM_READ_WRITE, 4);
        k1.setArg(0, in);
        k1.setArg(1, part);
        k1.setArg(2, cl_uint(n));
        k1.setArg(3, cl::Local(plan[0].local * 4));
        k2.setArg(0, part);
        k2.setArg(1, out);
        k2.setArg(2, cl_uint(plan[0].groups));
        k2.setArg(3, cl::Local(plan[1].local * 4));
        std::printf("\n%s floats, grid-stride groups %zu + %zu of %zu:\n", sizeLabel(n).c_str(), plan[0].groups,
                    plan[1].groups, plan[0].local);
        const cl::NDRange g1(plan[0].global), l1(plan[0].local), g2(plan[1].global), l2(plan[1].local);
        float result = 0;
        for (int mode = 0; mode < 5; ++mode) {
            Sample s;
            for (int i = 0; i < runs + 200; ++i) {  // the first 200 are warm-up
                cl::Event a, b;
                if (mode == 0) {  // as the runner does it
                    q.enqueueNDRangeKernel(k1, cl::NullRange, g1, l1, nullptr, &a);
                    q.enqueueNDRangeKernel(k2, cl::NullRange, g2, l2, nullptr, &b);
                } else if (mode == 1) {  // the first launch held until the second is queued
                    cl::UserEvent gate(ctx);
                    std::vector<cl::Event> wait = {gate};
                    q.enqueueNDRangeKernel(k1, cl::NullRange, g1, l1, &wait, &a);
                    q.enqueueNDRangeKernel(k2, cl::NullRange, g2, l2, nullptr, &b);
                    gate.setStatus(CL_COMPLETE);
                } else if (mode == 2) {  // a flush after each launch
                    q.enqueueNDRangeKernel(k1, cl::NullRange, g1, l1, nullptr, &a);
                    q.flush();
                    q.enqueueNDRangeKernel(k2, cl::NullRange, g2, l2, nullptr, &b);
                    q.flush();
                } else if (mode == 3) {  // two empty kernels
                    q.enqueueNDRangeKernel(nop1, cl::NullRange, cl::NDRange(64), cl::NDRange(64), nullptr, &a);
                    q.enqueueNDRangeKernel(nop2, cl::NullRange, cl::NDRange(64), cl::NDRange(64), nullptr, &b);
                } else {  // the first pass, then an empty kernel
                    q.enqueueNDRangeKernel(k1, cl::NullRange, g1, l1, nullptr, &a);
                    q.enqueueNDRangeKernel(nop1, cl::NullRange, cl::NDRange(64), cl::NDRange(64), nullptr, &b);
                }
                q.enqueueReadBuffer(out, CL_TRUE, 0, 4, &result);
                if (i >= 200) add(s, a, b);
            }
            const char* names[] = {"two passes, as the runner enqueues them", "first pass held by a user event",
                                   "flush after each launch", "two empty kernels", "first pass + empty kernel"};
            print(names[mode], s);
        }
        std::printf("  result %.6g, reference %.6g\n", result, computeReference(input, Op::Sum).value);
    }
    probeHostPath(engine, sizes, o);
    probeScanHostPath(engine, sizes, o);
    return 0;
}

int runLayouts(Engine& engine, const std::vector<size_t>& sizes, const BenchOptions& o, const std::string& source) {
    const int runs = std::max(o.repeats, 30);
    cl::Context& ctx = engine.context();
    cl::CommandQueue& q = engine.queue();
    const int units = std::max(1, engine.device().computeUnits);
    const std::string common = kernelPrelude();
    struct Config {
        int layout, unroll, perUnit;
        cl::Kernel k1, k2;
        std::vector<double> span;
        std::string label;
    };
    for (size_t n : sizes) {
        const HostArray input = makeInput(ElemType::Float, DataPattern::Random, n, o.seed);
        const Reference ref = computeReference(input, Op::Sum);
        cl::Buffer in = engine.upload(input);
        std::vector<Config> configs;
        for (int layout : {0, 1, 2})  // 2: grid-stride with restrict pointers
            for (int unroll : {4, 8})
                for (int perUnit : {4, 8}) {
                    const std::string options =
                        "-D RL_TYPE_FLOAT -D RL_OP_SUM -D LAYOUT=" + std::to_string(layout == 2 ? 0 : layout) +
                        " -D UNROLL=" + std::to_string(unroll) + (layout == 2 ? " -D RESTRICT" : "");
                    cl::Program p = engine.programs().program("layouts", common + source, options);
                    Config c{layout,
                             unroll,
                             perUnit,
                             cl::Kernel(p, "layout_reduce"),
                             cl::Kernel(p, "layout_reduce"),
                             {},
                             (layout == 1   ? "tiles"
                              : layout == 2 ? "grid-stride restrict"
                                            : "grid-stride") +
                                 std::string(" x") + std::to_string(unroll) + ", " + std::to_string(perUnit) + "/unit"};
                    configs.push_back(std::move(c));
                }
        const size_t wg = o.wg;
        cl::Buffer part(ctx, CL_MEM_READ_WRITE, size_t(units) * 8 * 4), out(ctx, CL_MEM_READ_WRITE, 4);
        bool allRight = true;
        for (int r = 0; r < runs + 20; ++r)
            for (auto& c : configs) {
                const size_t groups = size_t(units) * size_t(c.perUnit);
                c.k1.setArg(0, in);
                c.k1.setArg(1, part);
                c.k1.setArg(2, cl_uint(n));
                c.k1.setArg(3, cl::Local(wg * 4));
                c.k2.setArg(0, part);
                c.k2.setArg(1, out);
                c.k2.setArg(2, cl_uint(groups));
                c.k2.setArg(3, cl::Local(wg * 4));
                cl::Event a, b;
                q.enqueueNDRangeKernel(c.k1, cl::NullRange, cl::NDRange(groups * wg), cl::NDRange(wg), nullptr, &a);
                q.enqueueNDRangeKernel(c.k2, cl::NullRange, cl::NDRange(wg), cl::NDRange(wg), nullptr, &b);
                float result = 0;
                q.enqueueReadBuffer(out, CL_TRUE, 0, 4, &result);
                allRight = allRight && acceptResult(ref, Op::Sum, ElemType::Float, result, nullptr);
                if (r >= 20)
                    c.span.push_back((ns(b, CL_PROFILING_COMMAND_END) - ns(a, CL_PROFILING_COMMAND_START)) * 1e-6);
            }
        // The one-launch experiment: atomic_reduce, 4 groups per unit, result slots alternating between runs.
        std::vector<double> oneLaunch;
        bool atomicRight = true;
        {
            cl::Program p = engine.programs().program("layouts", common + source,
                                                      "-D RL_TYPE_FLOAT -D RL_OP_SUM -D LAYOUT=0 -D UNROLL=4");
            cl::Kernel k(p, "atomic_reduce");
            const int zero[2] = {0, 0};
            cl::Buffer slots(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof zero, const_cast<int*>(zero));
            const size_t groups = size_t(units) * 4;
            for (int r = 0; r < runs + 20; ++r) {
                k.setArg(0, in);
                k.setArg(1, slots);
                k.setArg(2, cl_uint(n));
                k.setArg(3, cl::Local(wg * 4));
                k.setArg(4, cl_uint(r));
                cl::Event a;
                q.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(groups * wg), cl::NDRange(wg), nullptr, &a);
                float result = 0;
                q.enqueueReadBuffer(slots, CL_TRUE, (r & 1) * 4, 4, &result);
                atomicRight = atomicRight && acceptResult(ref, Op::Sum, ElemType::Float, result, nullptr);
                if (r >= 20)
                    oneLaunch.push_back((ns(a, CL_PROFILING_COMMAND_END) - ns(a, CL_PROFILING_COMMAND_START)) * 1e-6);
            }
        }
        std::printf("\n%s floats, wg %zu, span medians (GB/s read), every result %s:\n", sizeLabel(n).c_str(), wg,
                    allRight ? "right" : "NOT right");
        std::printf("  %-26s %8.1f GB/s  (%.1f us), results %s\n", "one launch, atomic final",
                    double(n) * 4 / (statsOf(oneLaunch).median * 1e6), statsOf(oneLaunch).median * 1e3,
                    atomicRight ? "right" : "NOT right");
        for (const auto& c : configs)
            std::printf("  %-26s %8.1f GB/s  (%.1f us)\n", c.label.c_str(),
                        double(n) * 4 / (statsOf(c.span).median * 1e6), statsOf(c.span).median * 1e3);
    }
    return 0;
}

}  // namespace rl::bench
