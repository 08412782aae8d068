// A reduction, or the copy kernel, prepared to be timed one call at a time. Engine::run and Engine::copyCeiling time
// one of them alone; `reducelab bench` times several in turns (round-robin), so that every row samples the same moments
// of a machine whose memory bandwidth drifts: on a CPU device, a shared virtual machine's bandwidth moves between
// minutes by more than the rows differ (BENCHMARKS.md, "How it is measured"), and rows timed one after another would
// each take their median in a different minute.
#pragma once
#include <CL/opencl.hpp>
#include <functional>
#include <memory>
#include <vector>

#include "core/catalogue/pass_plan.h"
#include "core/model/reference.h"
#include "core/run_config.h"
#include "core/run_result.h"
#include "core/model/scan_reference.h"
#include "core/catalogue/variant.h"

namespace rl {

class Engine;
class KindRunner;
class ResultCheck;

// What is timed in turns: untimed calls first, then one timed call at a time.
class TimedCall {
public:
    virtual ~TimedCall() = default;
    virtual void warmup(int count) = 0;  // untimed calls
    virtual void timeOnce() = 0;         // one timed call
};

class TimedRun : public TimedCall {
public:
    // Checks the config against the variant and the device (rl::Error says what to do instead). `uploaded` holds
    // the input on the device (Engine::upload) and `reference` is its host reference: several reductions of one
    // input share both (no runner writes to its input). A scan checks every element of its first timed call
    // against `input`, which must outlive that call.
    TimedRun(Engine& engine, const VariantInfo& variant, const RunConfig& requested, const HostArray& input,
                   const cl::Buffer& uploaded, const Reference& reference);
    TimedRun(TimedRun&&) noexcept;
    TimedRun& operator=(TimedRun&&) noexcept;
    ~TimedRun();

    const RunConfig& config() const { return config_; }
    void warmup(int count) override;
    void timeOnce() override;  // its passes' event times and its result, checked
    int timed() const { return int(totals_.size()); }
    RunResult result() const;  // median, min and max of the calls timed so far (at least one)

private:
    Engine* engine_;
    VariantInfo variant_;
    RunConfig config_;
    std::vector<PassPlan> plan_;
    std::vector<std::pair<PassPlan, std::string>> extra_;  // the runner's launches after the passes' own
    std::unique_ptr<KindRunner> runner_;
    cl::Buffer input_;
    Reference reference_;
    // The pattern's check of an array's calls (a scan's elements, a histogram's bins: PatternInfo::resultCheck);
    // null: the one value against reference_.
    std::unique_ptr<ResultCheck> check_;
    std::vector<std::vector<double>> perPass_;
    std::vector<double> totals_, hostMs_;
    bool correct_ = true;
    double result_ = 0;
    std::string verdict_;
};

class TimedCopy : public TimedCall {
public:
    // The copy kernel (kernels/copy.cl) over the bytes of n elements of the type, in 16-byte vectors.
    TimedCopy(Engine& engine, size_t n, ElemType type);
    void warmup(int count) override;
    void timeOnce() override;
    CopyCeiling result() const;  // an empty ceiling (0 GB/s) when the bytes make no 16-byte vector

private:
    Engine* engine_;
    size_t n_ = 0, bytes_ = 0;
    cl::Kernel kernel_;
    cl::Buffer in_, out_;
    size_t local_ = 0, global_ = 0;
    std::vector<double> times_;
    void call(bool timed);
};

// Times `calls` in turns: `repeats` rounds (at least one) of one call each, every round starting one call later than
// the last. A null entry is left out; a call that throws rl::Error goes to `failed(index, error)` and is left out of
// later rounds. `afterRound(rounds done)` is called after each round; returning false stops there (a cancel).
void timeInTurns(const std::vector<TimedCall*>& calls, int repeats,
                 const std::function<void(size_t, const Error&)>& failed,
                 const std::function<bool(int)>& afterRound = {});

// What a verdict adds for a wrong-by-design variant: that a right answer was luck, or that a wrong one is the point.
std::string byDesign(const VariantInfo& v, bool correct);

}  // namespace rl
