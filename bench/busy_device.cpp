// The spin kernel that keeps the device busy ahead of each device-timed call (bench/busy_device.h).
#include "bench/busy_device.h"

#include <algorithm>
#include <cstdio>
#include <string>

#include "bench/measure.h"

namespace rl::bench {
namespace {

double spanMicros(const cl::Event& e) {
    return double(e.getProfilingInfo<CL_PROFILING_COMMAND_END>() - e.getProfilingInfo<CL_PROFILING_COMMAND_START>()) *
           1e-3;
}

}  // namespace

BusyDevice::BusyDevice(const cl::Context& context, const cl::Device& device, const cl::CommandQueue& queue,
                       const std::string& source, double micros)
    : queue_(queue) {
    cl::Program program(context, source);
    program.build({device});
    kernel_ = cl::Kernel(program, "busy_spin");
    sink_ = cl::Buffer(context, CL_MEM_READ_WRITE, 4);
    kernel_.setArg(0, sink_);
    // Size the spin: time a short one (after a warm-up), then scale.
    cl_uint iters = 1 << 14;
    double took = 0;
    for (int round = 0; round < 3; ++round) {
        std::vector<double> us;
        for (int i = 0; i < 5; ++i) {
            kernel_.setArg(1, iters);
            cl::Event e;
            queue_.enqueueNDRangeKernel(kernel_, cl::NullRange, cl::NDRange(1), cl::NDRange(1), nullptr, &e);
            e.wait();
            us.push_back(spanMicros(e));
        }
        took = statsOf(us).median;
        if (took > 0.5 * micros) break;
        iters = cl_uint(std::min(double(1u << 30), double(iters) * std::max(2.0, micros / std::max(took, 1.0))));
    }
    iters = cl_uint(std::clamp(double(iters) * micros / std::max(took, 1.0), 1.0, double(1u << 30)));
    kernel_.setArg(1, iters);
    std::vector<double> us;
    for (int i = 0; i < 5; ++i) {
        cl::Event e;
        queue_.enqueueNDRangeKernel(kernel_, cl::NullRange, cl::NDRange(1), cl::NDRange(1), nullptr, &e);
        e.wait();
        us.push_back(spanMicros(e));
    }
    spinMicros_ = statsOf(us).median;
}

void BusyDevice::clearCacheFirst(const cl::Context& context, size_t bytes) {
    clearBytes_ = bytes / 4 * 4;
    scratch_ = clearBytes_ ? cl::Buffer(context, CL_MEM_READ_WRITE, clearBytes_) : cl::Buffer();
}

void BusyDevice::start() {
    if (clearBytes_) queue_.enqueueFillBuffer(scratch_, cl_uint(0x5a5a5a5a), 0, clearBytes_);
    queue_.enqueueNDRangeKernel(kernel_, cl::NullRange, cl::NDRange(1), cl::NDRange(1), nullptr, &last_);
}

uint64_t BusyDevice::lastEndNs() {
    return last_() ? last_.getProfilingInfo<CL_PROFILING_COMMAND_END>() : 0;
}

std::string queuedNote(const std::vector<double>& gapsMicros) {
    if (gapsMicros.empty()) return "";
    const Stats s = statsOf(gapsMicros);
    char buf[200];
    std::snprintf(buf, sizeof buf,
                  "queued behind a busy device: first command %.2f us after the spin (median; max %.2f)%s", s.median,
                  s.max, s.max > 5.0 ? " -- the host did not always keep ahead" : "");
    return buf;
}

}  // namespace rl::bench
