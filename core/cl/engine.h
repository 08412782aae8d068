// The engine: one OpenCL device, its context and queues (profiling, and plain for wall timing); runs, traces and
// times reductions and scans.
#pragma once
#include <CL/opencl.hpp>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/cl/devices.h"
#include "core/cl/program_cache.h"
#include "core/input.h"
#include "core/catalogue/pass_plan.h"
#include "core/run_config.h"
#include "core/run_result.h"
#include "core/trace.h"

namespace rl {

class Engine;

// What every kind of variant implements: how its passes are enqueued and how its trace is read back.
class KindRunner {
public:
    virtual ~KindRunner() = default;
    // Enqueues the whole reduction or scan once over `input` (not modified: runners copy if they reduce in place;
    // unless scanInto made it a scan's output too), fills one event per launch into *events (nullptr: no events: an
    // event costs host time on some drivers), and returns the device's final value (reducing the last partials on
    // the host if asked).
    virtual double runOnce(Engine& engine, const VariantInfo& variant, const RunConfig& config,
                           const std::vector<PassPlan>& plan, const cl::Buffer& input, std::vector<cl::Event>* events,
                           double* hostFinalMs) = 0;
    // Runs the traced build and fills run.passes (values, ops, params as the kernel recorded them) and run.result.
    virtual void trace(Engine& engine, const VariantInfo& variant, const RunConfig& config,
                       const std::vector<PassPlan>& plan, const cl::Buffer& input, const TraceSelection& selection,
                       TraceRun& run) = 0;
    // A scan's runner: reads up to `count` elements of the output the last runOnce left, from element `first`
    // (blocking; fewer where the output ends first), into *out and returns true; a reduction's leaves one value,
    // which runOnce returned, and returns false.
    virtual bool readOutputPiece(Engine&, const RunConfig&, size_t /*first*/, size_t /*count*/, std::vector<double>*) {
        return false;
    }
    // The whole output (readOutputPiece from 0).
    bool readOutput(Engine& engine, const RunConfig& config, std::vector<double>* out) {
        return readOutputPiece(engine, config, 0, SIZE_MAX, out);
    }
    // A single-pass scan's runner: the runs after this call write the scan into `output` instead of a buffer of
    // the runner's own; `output` may be the input itself, for a variant whose descriptor says scansInPlace (runOnce
    // refuses one that does not). Returns false where the runner cannot (the multi-pass scans, the reductions).
    virtual bool scanInto(const cl::Buffer&) { return false; }
    // The launches runOnce enqueues after one per planned pass, in order, each with the pass it covers and what
    // it does (a scan's uniform adds); their events follow the passes' events.
    virtual std::vector<std::pair<PassPlan, std::string>> extraLaunches(const std::vector<PassPlan>&) const {
        return {};
    }
};

std::unique_ptr<KindRunner> makeRunner(VariantKind kind);

class Engine {
public:
    explicit Engine(const DeviceInfo& device);

    const DeviceInfo& device() const { return device_; }
    const cl::Device& clDevice() const { return clDevice_; }
    cl::Context& context() { return context_; }
    // The queue every run's commands go to; it profiles unless profileCommands(false) said otherwise.
    cl::CommandQueue& queue() { return profiling_ ? queue_ : plainQueue_; }
    // A queue that profiles whatever profileCommands says: for a ceiling that reports the device's own time in every
    // timing mode. While queue() does not profile, the two are not ordered with each other: give this one buffers of
    // its own, or ones that nothing writes meanwhile.
    cl::CommandQueue& profilingQueue() { return queue_; }
    // Whether queue() profiles (it does from the start). Wall timing turns it off, as a program's own calls would
    // have it: on NVIDIA a blocking read behind a kernel waits about 7 us longer on a profiling queue. The queue in
    // use is finished first, so that commands keep their order across the switch. run() and copyCeiling() read their
    // events' times: they profile whatever was said here, and leave the setting as they found it.
    void profileCommands(bool on);
    bool profilesCommands() const { return profiling_; }
    ProgramCache& programs() { return programs_; }

    // Which builds a config must suit: the timed one (run), the traced one (trace), or both (the explorer).
    // A traced build can accept smaller work-groups than the timed one (NVIDIA: 256 against 1024).
    enum class Purpose { Run, Trace, RunAndTrace };

    // Whether n elements of `type` fit this device (index range, one buffer, device memory); throws rl::Error
    // (BadInput) with the largest N that fits. Call it before allocating an input.
    void fits(size_t n, ElemType type) const;

    // Checks a config against the variant and this device; throws rl::Error with what to do instead.
    void validate(const VariantInfo& variant, const RunConfig& config, Purpose purpose = Purpose::RunAndTrace);
    // The same for config.variant (unknown ids are BadInput); call it before allocating the input.
    const VariantInfo& validate(const RunConfig& config, Purpose purpose = Purpose::RunAndTrace);

    // Runs the clean kernel: `warmup` untimed runs, then `repeats` timed runs; checks against the CPU reference.
    RunResult run(const RunConfig& config, const HostArray& input, int warmup = 0, int repeats = 1);
    // The same for a variant not in the registry (a student's kernel: VariantInfo::source); config.variant ignored.
    RunResult run(const VariantInfo& variant, const RunConfig& config, const HostArray& input, int warmup = 0,
                  int repeats = 1);

    // Runs the traced build of the same kernel and returns what it recorded, analysed and checked; `planned`, when
    // given, receives the passes it launched, so that a caller that draws them does not plan them again.
    TraceRun trace(const RunConfig& config, const HostArray& input, const TraceSelection& selection = {},
                   std::vector<PassPlan>* planned = nullptr);
    // The same for a variant not in the registry (a student's kernel); config.variant ignored.
    TraceRun trace(const VariantInfo& variant, const RunConfig& config, const HostArray& input,
                   const TraceSelection& selection = {}, std::vector<PassPlan>* planned = nullptr);

    // The bandwidth ceiling: a plain copy kernel over the bytes of n elements of the type.
    CopyCeiling copyCeiling(size_t n, ElemType type, int warmup, int repeats);

    // The input in a device buffer (read-only); rl::Error (DeviceFailure) when the device cannot hold it.
    cl::Buffer upload(const HostArray& input);

    // For a check of an untrusted kernel: from now on run() and trace() upload every input followed by `elements`
    // cells of guardValue(op) (core/input.h), so a kernel that reads past n is wrong on every device, not only on
    // those whose memory past the buffer happens to hold something other than the op's identity. 0: none.
    void guardInputsPastN(size_t elements) { inputGuard_ = elements; }
    // The guard cells after every input (0: none); runners put as many after the partials a later pass reads.
    size_t inputGuard() const { return inputGuard_; }

private:
    // Whether the input is the config's N elements of its type.
    void checkInput(const RunConfig& config, const HostArray& input) const;
    // upload(), with the guard cells of guardInputsPastN after the input (the pattern's guard value, else the op's).
    cl::Buffer uploadGuarded(const VariantInfo& variant, const HostArray& input, const RunConfig& config);
    // A sub-group variant's traced build: the width of the sub-groups it runs in at c.wg (TraceRun::subGroupSize);
    // 0 for other variants.
    int subGroupWidth(const VariantInfo& v, const RunConfig& c);

    DeviceInfo device_;
    cl::Device clDevice_;
    cl::Context context_;
    cl::CommandQueue queue_;       // profiling
    cl::CommandQueue plainQueue_;  // made at the first profileCommands(false)
    bool profiling_ = true;
    ProgramCache programs_;
    size_t inputGuard_ = 0;
};

// The config a variant is timed with on this device: fixed-grid variants launch a few work-groups per compute unit
// unless the config names a grid; best-gpu chooses its grid per size from the device's compute units and the
// work-group size (timedGrid, core/catalogue/pass_plan.h); decoupled-look-back's tile is as large as the device's local
// memory holds (timedElementsPerItem, the same header); another variant with a timedElementsPerItem is timed with that
// many elements per work-item; a number in the config is always kept.
RunConfig withDeviceDefaults(const VariantInfo& v, const RunConfig& requested, const DeviceInfo& device);

// The config with what the pattern takes from the data before a build (PatternInfo::completeConfig: a histogram's
// range from the data's minimum and maximum); the config itself for the other patterns.
RunConfig withDataDefaults(const VariantInfo& v, const RunConfig& config, const HostArray& input);

// Milliseconds between an event's start and end (CL_PROFILING_COMMAND_START/END).
double eventMs(const cl::Event& event);

}  // namespace rl
