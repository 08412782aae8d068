// reducelab_bench --floor: where an OpenCL kernel's profiling interval lies against the kernel's own work.
// An empty kernel reads 4-7 us on NVIDIA's OpenCL event clock and about 1 us on CUPTI's kernel clock, which times
// cupy.sum; this mode tells launch cost the GPU pays from time the event counts around the kernel. It prints, per
// kernel: the event's span; the GPU's %globaltimer at the first work-group's start and the last one's end (the
// kernel's work, as CUPTI's kernel records bound it); and the event's lead before and tail after that work. A chain
// of empty kernels shows what each launch costs back to back. Needs inline PTX: NVIDIA's OpenCL only.
#include <cstdio>
#include <fstream>
#include <limits>

#include "bench/measure.h"
#include "bench/probe.h"
#include "bench/report.h"
#include "core/input.h"

namespace rl::bench {
namespace {

cl_ulong stamp(const cl::Event& e, cl_profiling_info what) {
    cl_ulong t = 0;
    e.getProfilingInfo(what, &t);
    return t;
}

struct Placement {
    std::vector<double> span, lead, body, tail;  // microseconds
    void print(const char* what) const {
        std::printf("  %-40s event %7.2f us = lead %6.2f + work %7.2f + tail %6.2f   (medians of %zu)\n", what,
                    statsOf(span).median, statsOf(lead).median, statsOf(body).median, statsOf(tail).median,
                    span.size());
    }
};

// Runs `k` over (global, local) `runs` times with the stamps reset before each; returns where the work fell. With
// `spin`, a kernel that spins 300 us runs first, so that `k` is queued long before the GPU starts it.
Placement place(cl::CommandQueue& q, cl::Kernel& k, const cl::Buffer& stamps, size_t global, size_t local, int runs,
                cl::Kernel* spin = nullptr) {
    Placement p;
    const cl_ulong reset[2] = {std::numeric_limits<cl_ulong>::max(), 0};
    for (int r = 0; r < runs + 20; ++r) {
        q.enqueueWriteBuffer(stamps, CL_TRUE, 0, sizeof reset, reset);
        if (spin) q.enqueueNDRangeKernel(*spin, cl::NullRange, cl::NDRange(1), cl::NDRange(1));
        cl::Event e;
        q.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(global), cl::NDRange(local), nullptr, &e);
        cl_ulong got[2];
        q.enqueueReadBuffer(stamps, CL_TRUE, 0, sizeof got, got);
        if (r < 20) continue;
        const double s = double(stamp(e, CL_PROFILING_COMMAND_START)), t = double(stamp(e, CL_PROFILING_COMMAND_END));
        p.span.push_back((t - s) * 1e-3);
        p.lead.push_back((double(got[0]) - s) * 1e-3);
        p.body.push_back((double(got[1]) - double(got[0])) * 1e-3);
        p.tail.push_back((t - double(got[1])) * 1e-3);
    }
    return p;
}

void chain(cl::CommandQueue& q, cl::Kernel& nop, size_t global, size_t local, int length, int runs) {
    std::vector<double> each, gap, pitch, pitchEnds;
    for (int r = 0; r < runs; ++r) {
        std::vector<cl::Event> ev(length);
        for (int i = 0; i < length; ++i)
            q.enqueueNDRangeKernel(nop, cl::NullRange, cl::NDRange(global), cl::NDRange(local), nullptr, &ev[i]);
        q.finish();
        for (int i = 0; i < length; ++i) {
            each.push_back((stamp(ev[i], CL_PROFILING_COMMAND_END) - stamp(ev[i], CL_PROFILING_COMMAND_START)) * 1e-3);
            if (i) gap.push_back((double(stamp(ev[i], CL_PROFILING_COMMAND_START)) -
                                  double(stamp(ev[i - 1], CL_PROFILING_COMMAND_END))) * 1e-3);
        }
        pitch.push_back(double(stamp(ev.back(), CL_PROFILING_COMMAND_END) - stamp(ev[0], CL_PROFILING_COMMAND_START)) *
                        1e-3 / length);
        // Events on the first and last only: does an event on every launch cost the chain anything?
        cl::Event first, last;
        q.enqueueNDRangeKernel(nop, cl::NullRange, cl::NDRange(global), cl::NDRange(local), nullptr, &first);
        for (int i = 0; i < length - 2; ++i)
            q.enqueueNDRangeKernel(nop, cl::NullRange, cl::NDRange(global), cl::NDRange(local));
        q.enqueueNDRangeKernel(nop, cl::NullRange, cl::NDRange(global), cl::NDRange(local), nullptr, &last);
        q.finish();
        pitchEnds.push_back(double(stamp(last, CL_PROFILING_COMMAND_END) - stamp(first, CL_PROFILING_COMMAND_START)) *
                            1e-3 / length);
    }
    std::printf("  chain of %d empty kernels (%zu x %zu): each %6.2f us, gap %6.2f us, pitch %6.2f us per kernel; "
                "events on the ends only: pitch %6.2f us\n",
                length, global / local, local, statsOf(each).median, statsOf(gap).median, statsOf(pitch).median,
                statsOf(pitchEnds).median);
}

}  // namespace

int runFloor(Engine& engine, const std::vector<size_t>& sizes, const BenchOptions& o, const std::string& source) {
    if (engine.device().vendor.find("NVIDIA") == std::string::npos) {
        std::fprintf(stderr, "--floor reads NVIDIA's %%globaltimer with inline PTX: choose an NVIDIA device\n");
        return 2;
    }
    const int runs = std::max(o.repeats, 100);
    cl::Context& ctx = engine.context();
    cl::CommandQueue& q = engine.queue();
    cl::Program program(ctx, source);
    try {
        program.build({engine.clDevice()});
    } catch (const std::exception&) {
        std::fprintf(stderr, "bench/floor.cl did not build:\n%s\n",
                     program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(engine.clDevice()).c_str());
        return 1;
    }
    cl::Buffer stamps(ctx, CL_MEM_READ_WRITE, 16);
    cl::Kernel nop(program, "nop"), empty(program, "stamp_empty"), sum(program, "stamp_sum"), spin(program, "spin");
    spin.setArg(0, cl_ulong(300000));
    nop.setArg(0, stamps);
    empty.setArg(0, stamps);
    const size_t wg = o.wg, groups = o.groups ? o.groups : 512;
    std::printf("Where the OpenCL event falls around a kernel's work (%%globaltimer), %s:\n", engine.device().name.c_str());
    place(q, empty, stamps, 32, 32, runs).print("empty, 1 x 32");
    place(q, empty, stamps, groups * wg, wg, runs).print(("empty, " + std::to_string(groups) + " x " +
                                                          std::to_string(wg)).c_str());
    place(q, empty, stamps, 32, 32, runs, &spin).print("empty, 1 x 32, queued behind a busy GPU");
    chain(q, nop, 32, 32, 100, 10);
    chain(q, nop, groups * wg, wg, 100, 10);
    for (size_t n : sizes) {
        const HostArray input = makeInput(ElemType::Float, DataPattern::Random, n, o.seed);
        cl::Buffer in = engine.upload(input);
        cl::Buffer out(ctx, CL_MEM_READ_WRITE, groups * 4);
        sum.setArg(0, in);
        sum.setArg(1, out);
        sum.setArg(2, cl_uint(n / 4));
        sum.setArg(3, cl::Local(wg * 4));
        sum.setArg(4, stamps);
        const size_t g = std::min(groups, std::max<size_t>(1, n / 4 / wg / 8));  // >= 8 vectors per work-item
        const Placement p = place(q, sum, stamps, g * wg, wg, runs);
        char what[96];
        std::snprintf(what, sizeof what, "sum %s, %zu x %zu", sizeLabel(n).c_str(), g, wg);
        p.print(what);
        std::printf("  %-40s %.0f GB/s over the event, %.0f GB/s over the work\n", "", n * 4 / (statsOf(p.span).median * 1e3),
                    n * 4 / (statsOf(p.body).median * 1e3));
    }
    return 0;
}

}  // namespace rl::bench
