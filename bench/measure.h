// The bench's vocabulary: one method timed at one size, statistics over repeats, and the timing loop every
// method shares (warm-up, timed repeats, every result checked against the CPU reference).
#pragma once
#include <nlohmann/json.hpp>

#include <array>
#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "core/input.h"
#include "core/model/reference.h"
#include "core/model/scan_reference.h"
#include "core/types.h"

namespace rl::bench {

// Which clock a figure comes from: the device's own (OpenCL profiling events from the first kernel's start to the
// last one's end, or CUDA events), or the host's wall clock around the whole call including reading the result.
enum class Timing { Device, Wall };
const char* toString(Timing t);

// What a row is, which decides the ratios it takes part in.
enum class Role {
    ReduceLab,      // one of our kernels
    OpenClPeer,     // another OpenCL library on the same device (CLBlast, Boost.Compute, pyopencl)
    HostPeer,       // the host CPU without OpenCL (std::reduce with TBB)
    FrameworkPeer,  // torch.sum, cupy.sum on the GPU
    Ceiling,        // a copy kernel: bytes read + written
    Reference,      // another copy, shown for context (host copy, torch copy_)
    Trial           // an edited copy of one of our kernels, timed beside it (--trials); never "ours" in a target
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
    // Each timed call in the order it ran, as {start on the host's monotonic clock (s), time (ms), the CPU the
    // calling thread was on when it returned}: what the statistics are taken over (pooled passes take them again)
    // and, with --calls, kept in the JSON. The Python peers' starts are on the same clock (CLOCK_MONOTONIC), so
    // bursts of slow calls line up across processes.
    std::vector<std::array<double, 3>> calls;
    double gbps() const { return medianMs > 0 ? bytes / (medianMs * 1e6) : 0; }
};

// withCalls: also every timed call (--calls).
nlohmann::json toJson(const Measurement& m, bool withCalls = false);

struct Stats {
    double median = 0, min = 0, max = 0;
};
Stats statsOf(std::vector<double> ms);

// How long warm-up runs at least (besides their count): long enough for a GPU to leave its idle clocks.
inline constexpr double kMinWarmupMs = 200.0;

// How a scan bench's rows check every element of an inclusive scan: against the input, with the operation and the
// depth of roundings their bound assumes, read a piece at a time (checkScanInPieces: nothing held per element).
struct ScanSpec {
    const HostArray* input = nullptr;
    Op op = Op::Sum;
    int depth = 0;
    bool check(const std::function<bool(size_t first, size_t count, std::vector<double>* piece)>& read,
               std::string* verdict) const {
        return checkScanInPieces(*input, op, false, depth, read, verdict);
    }
};

// How a histogram bench's rows check their counts: every bin against the host's (core's binning, numpy's rule).
struct HistogramSpec {
    size_t bins = 256;
    double lo = 0, hi = 256;    // the range
    std::vector<double> counts;  // the host's count of every bin
    std::string distribution;    // uniform, zipf or constant
    bool check(const std::vector<double>& got, std::string* verdict) const {
        if (got.size() != counts.size()) {
            *verdict = std::to_string(got.size()) + " bins read, " + std::to_string(counts.size()) + " expected";
            return false;
        }
        size_t wrong = 0, first = 0;
        for (size_t b = counts.size(); b-- > 0;)
            if (got[b] != counts[b]) {
                ++wrong;
                first = b;
            }
        *verdict = wrong == 0 ? "every one of the " + std::to_string(counts.size()) + " bins equals the host's count"
                              : std::to_string(wrong) + " bins differ; bin " + std::to_string(first) + " holds " +
                                    std::to_string(uint64_t(got[first])) + ", the host counted " +
                                    std::to_string(uint64_t(counts[first]));
        return wrong == 0;
    }
};

// One method ready to run, as the make* functions set it up: what it is and how to run it once.
struct Method {
    std::string label;
    Role role = Role::ReduceLab;
    double bytes = 0;  // per run, for GB/s
    std::string note;
    // One whole call; returns the result and may set *deviceMs (the device's own timing of the call).
    std::function<double(double* deviceMs)> once;
    // For methods whose result is not a sum (copies): checks what the runs produced instead of the reference.
    std::function<bool(std::string* verdict)> verify;
    std::function<void(Measurement&, int repeats)> finish;  // optional: adds what the runs showed to the note
    std::string skipped;                                    // non-empty: it could not be set up, and why
    bool alwaysDevice = false;                              // copy ceilings: the kernel's own time in every timing mode
    // Runs on the bench's OpenCL queue and gives device time: in device timing it is queued behind a busy device
    // (BusyDevice) and firstStartNs tells when its last call's first command started.
    bool deviceQueue = false;
    std::function<uint64_t()> firstStartNs;
    // What its result is checked against when sizes are timed together (--passes, --interleave); null: the
    // reference timeMethods is given.
    const Reference* ref = nullptr;
};

class BusyDevice;

// What the results are checked against, and how device time is taken.
struct TimingContext {
    Op op = Op::Sum;
    ElemType type = ElemType::Float;
    BusyDevice* busy = nullptr;  // device timing: keep the device busy ahead of each call of a deviceQueue method
    int block = 1;               // calls of one method in a row per turn of the round-robin, each timed (--block)
    bool warmFloorOnce = false;  // --warm-once: only the first method warmed up lasts kMinWarmupMs, the others
                                 // their warm-up count (the device is busy from the first on)
};

// Times every method: each is warmed up (at least `warmup` runs and kMinWarmupMs, or with
// context.warmFloorOnce the first method only for kMinWarmupMs), then the `repeats` timed runs
// go round-robin, one run of each method per round, so that a change of load on a shared machine hits every
// method alike. Every result is checked against `ref` (or by the method's verify). Device timing is used where
// the method gives it and `timing` asks for it, else the wall clock around the call.
// On CPU devices (cpuHost true) each timed run is preceded by a 20 ms pause, so that a thread pool that spins a
// while after its work (TBB's, PoCL's) does not take the cores from the next method, and by one untimed run of the
// same method, so that every method meets its own data in the caches as it would running back to back.
std::vector<Measurement> timeMethods(std::vector<Method>& methods, Timing timing, int warmup, int repeats,
                                     const Reference& ref, bool cpuHost = false, const TimingContext& context = {});

// One method's figures over several passes (--passes): every pass's calls pooled and the statistics taken again
// over all of them; the first pass's note; wrong or skipped in any pass is wrong or skipped.
Measurement pooled(const std::vector<Measurement>& passes);

// Wall timing over several sizes at once, each size's methods carrying their own Method::ref; returns per size its
// methods' measurements in order. In passes: the sizes swept `passes` times, each pass timing its share of the
// `repeats` calls of every size as timeMethods does (warm-up, one round-robin per size), every pass's calls pooled,
// so that a spell of a few milliseconds in which the GPU runs slower covers one pass's calls of a size at most. In
// rounds (--interleave): one round-robin whose every round calls every method at every size once (it moves the
// methods out of `sizes`). A method without its Method::ref is refused (std::invalid_argument).
std::vector<std::vector<Measurement>> timeSizesInPasses(std::vector<std::vector<Method>*>& sizes, int passes,
                                                        int warmup, int repeats, bool cpuHost,
                                                        const TimingContext& context);
std::vector<std::vector<Measurement>> timeSizesInRounds(std::vector<std::vector<Method>*>& sizes, int warmup,
                                                        int repeats, bool cpuHost, const TimingContext& context);

Measurement skippedMeasurement(const std::string& method, Role role, size_t n, const std::string& why);

}  // namespace rl::bench
