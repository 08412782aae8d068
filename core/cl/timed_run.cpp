// TimedRun and TimedCopy: one call at a time, timed with OpenCL event profiling.
#include "core/cl/timed_run.h"

#include <algorithm>

#include "core/cl/engine.h"
#include "core/catalogue/kernel_source.h"
#include "core/pattern.h"

namespace rl {

std::string byDesign(const VariantInfo& v, bool correct) {
    if (v.correctByDesign) return "";
    return correct ? "; correct this time, but not by design: " + v.wrongReason : "; wrong by design: " + v.wrongReason;
}

void timeInTurns(const std::vector<TimedCall*>& calls, int repeats,
                 const std::function<void(size_t, const Error&)>& failed, const std::function<bool(int)>& afterRound) {
    std::vector<TimedCall*> live = calls;
    const size_t count = live.size();
    for (int round = 0; round < std::max(1, repeats) && count > 0; ++round) {
        for (size_t j = 0; j < count; ++j) {
            const size_t i = (j + size_t(round)) % count;
            if (!live[i]) continue;
            try {
                live[i]->timeOnce();
            } catch (const Error& e) {
                live[i] = nullptr;
                failed(i, e);
            }
        }
        if (afterRound && !afterRound(round + 1)) return;
    }
}

namespace {

std::string clFailure(const cl::Error& e, const std::string& what) {
    return std::string("OpenCL call ") + e.what() + " failed with error " + std::to_string(e.err()) + " while " + what;
}

}  // namespace

TimedRun::TimedRun(Engine& engine, const VariantInfo& variant, const RunConfig& requested,
                               const HostArray& input, const cl::Buffer& uploaded, const Reference& reference)
    : engine_(&engine), variant_(variant),
      config_(withDataDefaults(variant, withDeviceDefaults(variant, requested, engine.device()), input)),
      input_(uploaded), reference_(reference) {
    if (input.size() != config_.n || input.type != config_.type)
        throw Error(ErrorKind::BadInput, "the input does not match the config's N and type");
    engine.validate(variant_, config_, Engine::Purpose::Run);
    plan_ = planPasses(variant_, config_);
    runner_ = makeRunner(variant_.kind);
    extra_ = runner_->extraLaunches(plan_);
    perPass_.resize(plan_.size() + extra_.size());
    if (const auto make = patternInfo(variant_.pattern).resultCheck) check_ = make(variant_, config_, input, reference_);
}

TimedRun::TimedRun(TimedRun&&) noexcept = default;
TimedRun& TimedRun::operator=(TimedRun&&) noexcept = default;
TimedRun::~TimedRun() = default;

void TimedRun::warmup(int count) {
    try {
        std::vector<cl::Event> events;
        for (int i = 0; i < count; ++i) runner_->runOnce(*engine_, variant_, config_, plan_, input_, &events, nullptr);
    } catch (const cl::Error& e) {
        throw Error(ErrorKind::DeviceFailure, clFailure(e, "running '" + variant_.id + "'"));
    }
}

void TimedRun::timeOnce() {
    std::vector<cl::Event> events;
    double host = 0, value = 0, total = 0;
    try {
        value = runner_->runOnce(*engine_, variant_, config_, plan_, input_, &events, &host);
        for (size_t p = 0; p < events.size() && p < perPass_.size(); ++p) {
            const double ms = eventMs(events[p]);
            perPass_[p].push_back(ms);
            total += ms;
        }
    } catch (const cl::Error& e) {
        throw Error(ErrorKind::DeviceFailure, clFailure(e, "running '" + variant_.id + "'"));
    }
    totals_.push_back(total);
    hostMs_.push_back(host);
    std::string verdict;
    bool ok = false;
    if (!check_) {
        ok = acceptResult(reference_, config_.op, config_.type, value, &verdict);
    } else {
        try {
            ok = check_->check(
                value, totals_.size() == 1,
                [&](size_t first, size_t count, std::vector<double>* piece) {
                    return runner_->readOutputPiece(*engine_, config_, first, count, piece);
                },
                &verdict);
        } catch (const cl::Error& e) {
            throw Error(ErrorKind::DeviceFailure, clFailure(e, "reading the output of '" + variant_.id + "'"));
        }
    }
    if (totals_.size() == 1 || (correct_ && !ok)) {  // keep the first wrong result if any call is wrong
        result_ = value;
        verdict_ = verdict;
    }
    correct_ = correct_ && ok;
}

RunResult TimedRun::result() const {
    RunResult r;
    r.variant = variant_.id;
    r.pattern = variant_.pattern;
    r.device = engine_->device().name;
    r.config = config_;
    r.repeats = timed();
    r.reference = check_ ? check_->reference() : reference_.value;
    r.result = result_;
    r.correct = correct_ && !totals_.empty();
    r.verdict = verdict_ + byDesign(variant_, r.correct);
    for (size_t p = 0; p < perPass_.size(); ++p) {
        PassTiming t;
        t.plan = p < plan_.size() ? plan_[p] : extra_[p - plan_.size()].first;
        if (p >= plan_.size()) t.role = extra_[p - plan_.size()].second;
        if (!perPass_[p].empty()) {
            t.medianMs = median(perPass_[p]);
            t.minMs = *std::min_element(perPass_[p].begin(), perPass_[p].end());
            t.maxMs = *std::max_element(perPass_[p].begin(), perPass_[p].end());
        }
        r.passes.push_back(t);
    }
    if (!totals_.empty()) {
        r.medianMs = median(totals_);
        r.minMs = *std::min_element(totals_.begin(), totals_.end());
        r.maxMs = *std::max_element(totals_.begin(), totals_.end());
        r.hostFinalMs = median(hostMs_);
    }
    return r;
}

TimedCopy::TimedCopy(Engine& engine, size_t n, ElemType type) : engine_(&engine), n_(n) {
    const size_t n4 = n * elemSize(type) / 16;  // the copy kernel moves 16-byte vectors
    if (n4 == 0) return;
    bytes_ = n4 * 16;
    try {
        cl::Program p = engine.programs().program("copy", kernelFileText("kernels/copy.cl"), "");
        kernel_ = cl::Kernel(p, "copy_ceiling");
        std::vector<float> init(n4 * 4);
        for (size_t i = 0; i < init.size(); ++i) init[i] = float(i % 1024) * 0.5f + 1.0f;  // never zeros
        in_ = cl::Buffer(engine.context(), CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes_, init.data());
        out_ = cl::Buffer(engine.context(), CL_MEM_WRITE_ONLY, bytes_);
        kernel_.setArg(0, in_);
        kernel_.setArg(1, out_);
        kernel_.setArg(2, cl_uint(n4));
        local_ = std::min<size_t>(256, engine.device().maxWorkGroup);
        global_ = (n4 + local_ - 1) / local_ * local_;
    } catch (const cl::Error& e) {
        throw Error(ErrorKind::DeviceFailure, clFailure(e, "preparing the copy kernel"));
    }
}

void TimedCopy::call(bool timed) {
    if (bytes_ == 0) return;
    try {
        cl::Event e;
        engine_->queue().enqueueNDRangeKernel(kernel_, cl::NullRange, cl::NDRange(global_), cl::NDRange(local_),
                                              nullptr, &e);
        e.wait();
        if (timed) times_.push_back(eventMs(e));
    } catch (const cl::Error& e) {
        throw Error(ErrorKind::DeviceFailure, clFailure(e, "running the copy kernel"));
    }
}

void TimedCopy::warmup(int count) {
    for (int i = 0; i < count; ++i) call(false);
}

void TimedCopy::timeOnce() { call(true); }

CopyCeiling TimedCopy::result() const {
    CopyCeiling c;
    c.n = n_;
    if (times_.empty()) return c;
    c.medianMs = median(times_);
    c.minMs = *std::min_element(times_.begin(), times_.end());
    c.maxMs = *std::max_element(times_.begin(), times_.end());
    c.gbps = c.medianMs > 0 ? 2.0 * double(bytes_) / (c.medianMs * 1e6) : 0;
    return c;
}

}  // namespace rl
