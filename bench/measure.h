// The bench's vocabulary: one method timed at one size, statistics over repeats, and the timing loop every
// method shares (warm-up, timed repeats, every result checked against the CPU reference).
#pragma once
#include <nlohmann/json.hpp>

#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "core/reference.h"

namespace rl::bench {

// Which clock a figure comes from: the device's own (OpenCL profiling events from the first kernel's start to the
// last one's end, or CUDA events), or the host's wall clock around the whole call including reading the result.
enum class Timing { Device, Wall };
const char* toString(Timing t);

// What a row is, which decides the ratios it takes part in.
enum class Role {
    ReduceLab,    // one of our kernels
    OpenClPeer,   // another OpenCL library on the same device (CLBlast, Boost.Compute, pyopencl)
    HostPeer,     // the host CPU without OpenCL (std::reduce with TBB)
    FrameworkPeer,  // torch.sum, cupy.sum on the GPU
    Ceiling,      // a copy kernel: bytes read + written
    Reference     // another copy, shown for context (host copy, torch copy_)
};
const char* toString(Role r);
bool isPeer(Role r);

struct Measurement {
    std::string method;
    Role role = Role::ReduceLab;
    size_t n = 0;
    Timing timing = Timing::Wall;
    double medianMs = 0, minMs = 0, maxMs = 0;
    int repeats = 0;
    double bytes = 0;  // bytes counted for GB/s: n * 4 read for a reduction, read + written for a copy
    double result = 0;
    bool checked = false, correct = false;
    std::string verdict;  // the check's wording, or why the method was skipped
    std::string note;     // launch shape and the like
    bool skipped = false;
    double gbps() const { return medianMs > 0 ? bytes / (medianMs * 1e6) : 0; }
};

nlohmann::json toJson(const Measurement& m);

struct Stats {
    double median = 0, min = 0, max = 0;
};
Stats statsOf(std::vector<double> ms);

// Runs `once` warmup + repeats times; `once` returns the result and may set *deviceMs (its own device timing).
// Every result is checked against `ref`; the figure kept is the device time if `timing` is Device and the method
// gave one, else the wall time. Fills everything but method, role, bytes and note.
Measurement timeMethod(Timing timing, int warmup, int repeats, const Reference& ref,
                       const std::function<double(double* deviceMs)>& once);

Measurement skippedMeasurement(const std::string& method, Role role, size_t n, const std::string& why);

}  // namespace rl::bench
