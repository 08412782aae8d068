// The sweep thread: a measurement, or a batch timed in turns, at a time, each checked and handed back at once.
#include "app/gui/timings/sweep_worker.h"

#include <chrono>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <new>
#include <optional>

#include <unistd.h>

#include "app/view/value_format.h"
#include "core/cl/engine.h"
#include "core/cl/timed_run.h"
#include "core/pattern.h"
#include "core/input.h"
#include "core/files/json_io.h"
#include "core/model/reference.h"
#include "core/process/child_process.h"

namespace rl::gui {
namespace {

std::string sizeText(size_t n) {
    if (n > 0 && (n & (n - 1)) == 0) return "2^" + std::to_string(int(std::lround(std::log2(double(n)))));
    return std::to_string(n);
}

constexpr uint64_t kTimingSeed = 1, kRoundoffSeed = 7;
constexpr int kKernelTimeoutSeconds = 120;  // a student's kernel: the child's own limit (bench --timeout)
const char* const kCancelled = "cancelled";

// The last non-empty line of a child's stderr: its error message.
std::string lastLine(std::string text) {
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
    const size_t nl = text.rfind('\n');
    return nl == std::string::npos ? text : text.substr(nl + 1);
}

// What a copy-kernel point and a run point hand back to the view.
view::Measurement measuredCopy(const CopyCeiling& c) {
    view::Measurement m;
    m.ok = c.medianMs > 0;
    if (!m.ok) m.error = "the copy kernel did not run (N too small)";
    m.medianMs = c.medianMs;
    m.minMs = c.minMs;
    m.maxMs = c.maxMs;
    m.gbps = c.gbps;
    return m;
}

view::Measurement measuredRun(const RunResult& r) {
    view::Measurement m;
    m.ok = true;
    m.medianMs = r.medianMs;
    m.minMs = r.minMs;
    m.maxMs = r.maxMs;
    m.gbps = r.gbps();
    m.correct = r.correct;
    m.verdict = r.verdict;
    m.result = r.result;
    m.reference = r.reference;
    return m;
}

RunConfig runConfigOf(const view::PointKey& p) {
    RunConfig c;
    c.variant = p.variant;
    c.n = p.n;
    c.type = p.type;
    c.op = p.op;
    c.wg = p.wg;
    c.seed = p.kind == view::PointKind::Roundoff ? kRoundoffSeed : kTimingSeed;
    return c;
}

}  // namespace

std::string describePoint(const view::PointKey& p) {
    const std::string type = std::string(toString(p.type)) + "s";
    switch (p.kind) {
        case view::PointKind::Run:
            if (view::isKernelPoint(p.variant))
                return "your kernel (" + view::kernelPointFile(p.variant) + ") at " + sizeText(p.n) + " " + type;
            return p.variant + " at " + sizeText(p.n) + " " + type;
        case view::PointKind::Copy:
            return "copy kernel at " + sizeText(p.n) + " " + type;
        case view::PointKind::Roundoff:
            return "round-off of " + p.variant + " at " + sizeText(p.n) + " floats";
    }
    return "";
}

bool inTurnsWith(const view::PointKey& a, const view::PointKey& b) {
    auto turnable = [](const view::PointKey& p) {
        return p.kind == view::PointKind::Copy || (p.kind == view::PointKind::Run && !view::isKernelPoint(p.variant));
    };
    return turnable(a) && turnable(b) && a.n == b.n && a.type == b.type && a.op == b.op && a.wg == b.wg &&
           a.warmup == b.warmup && a.repeats == b.repeats;
}

SweepWorker::SweepWorker(std::function<void()> wake) : wake_(std::move(wake)) {
    thread_ = std::thread([this] { loop(); });
}

SweepWorker::~SweepWorker() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stop_ = true;
    }
    cancel_ = true;
    cv_.notify_all();
    thread_.join();
    std::error_code ec;
    if (!kernelDir_.empty()) std::filesystem::remove_all(kernelDir_, ec);
}

void SweepWorker::start(SweepRequest request) {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        pending_ = std::move(request);
        if (status_.running) cancel_ = true;
    }
    cv_.notify_all();
}

uint64_t SweepWorker::cancel() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (status_.running) cancel_ = true;
    if (pending_) {  // never started: it ends here, cancelled
        status_.id = pending_->id;
        if (!status_.running) {
            status_.cancelled = true;
            status_.done = 0;
            status_.total = int(pending_->points.size());
        }
        pending_.reset();
    }
    return status_.id;
}

std::vector<SweepMeasurement> SweepWorker::take() {
    std::lock_guard<std::mutex> lock(mutex_);
    std::vector<SweepMeasurement> out;
    out.swap(out_);
    return out;
}

SweepStatus SweepWorker::status() const {
    std::lock_guard<std::mutex> lock(mutex_);
    SweepStatus s = status_;
    if (s.running) s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
    return s;
}

void SweepWorker::loop() {
    for (;;) {
        SweepRequest request;
        {
            std::unique_lock<std::mutex> lock(mutex_);
            cv_.wait(lock, [this] { return stop_ || pending_.has_value(); });
            if (stop_) return;
            request = std::move(*pending_);
            pending_.reset();
            cancel_ = false;
            started_ = std::chrono::steady_clock::now();
            status_ = SweepStatus{};
            status_.id = request.id;
            status_.running = true;
            status_.total = int(request.points.size());
        }
        kernel_ = request.kernel;
        deviceIndex_ = request.deviceIndex;
        wake_();
        Engine* engine = nullptr;
        std::string error;
        try {
            auto& slot = engines_[request.key.text()];
            if (!slot) slot = std::make_unique<Engine>(request.device);
            engine = slot.get();
        } catch (const std::exception& e) {
            error = std::string("cannot open the device for timing: ") + e.what();
        }
        bool cancelled = false;
        for (size_t i = 0; engine && i < request.points.size();) {
            if (cancel_) {
                cancelled = true;
                break;
            }
            size_t end = i + 1;
            while (end < request.points.size() && inTurnsWith(request.points[i], request.points[end])) ++end;
            const std::vector<view::PointKey> batch(request.points.begin() + long(i), request.points.begin() + long(end));
            {
                std::lock_guard<std::mutex> lock(mutex_);
                status_.activity = batch.size() == 1 ? describePoint(batch[0])
                                                     : std::to_string(batch.size()) + " kernels at " +
                                                           sizeText(batch[0].n) + " " + std::string(toString(batch[0].type)) +
                                                           "s, timed in turns";
            }
            wake_();
            std::vector<view::Measurement> ms;
            if (batch.size() == 1)
                ms.push_back(measure(*engine, batch[0]));
            else
                ms = measureInTurns(*engine, batch, [&](int done, int of) {
                    {
                        std::lock_guard<std::mutex> lock(mutex_);
                        status_.progress = double(i) + double(batch.size()) * double(done) / double(of);
                    }
                    wake_();
                });
            if (cancel_ && ms.front().error == kCancelled) {  // stopped half-way: nothing measured
                cancelled = true;
                break;
            }
            const std::string when = view::localTimeText();
            {
                std::lock_guard<std::mutex> lock(mutex_);
                for (size_t k = 0; k < batch.size(); ++k) {
                    ms[k].when = when;
                    out_.push_back({request.id, request.key, batch[k], std::move(ms[k])});
                }
                status_.done = int(end);
                status_.progress = double(end);
            }
            wake_();
            i = end;
        }
        input_ = HostArray{};  // do not hold a large input between sweeps
        inputKey_.clear();
        {
            std::lock_guard<std::mutex> lock(mutex_);
            status_.running = false;
            status_.cancelled = cancelled || (cancel_ && status_.done < status_.total);
            status_.activity.clear();
            status_.error = error;
            status_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
        }
        wake_();
    }
}

const HostArray& SweepWorker::inputFor(const view::PointKey& p) {
    const bool roundoff = p.kind == view::PointKind::Roundoff;
    const std::string key =
        std::string(roundoff ? "positive" : "random") + "|" + std::string(toString(p.type)) + "|" + std::to_string(p.n);
    if (key != inputKey_) {
        input_ = HostArray{};  // free the old one first
        inputKey_.clear();
        input_ = roundoff ? view::positiveFloats(p.n, kRoundoffSeed)
                          : makeInput(p.type, DataPattern::Random, p.n, kTimingSeed);
        inputKey_ = key;
    }
    return input_;
}

view::Measurement SweepWorker::measureKernel(const view::PointKey& p) {
    view::Measurement m;
    if (!kernel_ || view::kernelPointId(kernel_->file, kernel_->entry, kernel_->text) != p.variant) {
        m.error = "the kernel to time is no longer the one checked: check it again";
        return m;
    }
    // The text as checked, in a file of the same name (the compiler's messages name it) in a directory of ours.
    // The directory is made by mkdtemp (a fresh name, mode 0700): no one else can plant a file or link there.
    namespace fs = std::filesystem;
    if (kernelDir_.empty()) {
        std::error_code ec;
        std::string pattern = (fs::temp_directory_path(ec) / "reducelab-timing-XXXXXX").string();
        if (!::mkdtemp(pattern.data())) {
            m.error = "cannot make a temporary directory to time the kernel: " + std::string(std::strerror(errno));
            return m;
        }
        kernelDir_ = pattern;
    }
    const fs::path file = fs::path(kernelDir_) / fs::path(kernel_->file).filename();
    {
        std::ofstream out(file, std::ios::binary | std::ios::trunc);
        out << kernel_->text;
        if (!out) {
            m.error = "cannot write " + file.string() + " to time the kernel";
            return m;
        }
    }
    std::vector<std::string> argv = {process::selfExecutable(), "bench", "--kernel", file.string(), "--kernel-only",
                                     "--json", "--n", std::to_string(p.n), "--type", std::string(toString(p.type)),
                                     "--op", std::string(toString(p.op)), "--wg", std::to_string(p.wg),
                                     "--warmup", std::to_string(p.warmup), "--repeats", std::to_string(p.repeats),
                                     "--device", std::to_string(deviceIndex_),
                                     "--timeout", std::to_string(kKernelTimeoutSeconds)};
    if (!kernel_->entry.empty()) argv.insert(argv.end(), {"--entry", kernel_->entry});
    argv.insert(argv.end(), {"--pattern", patternInfo(kernel_->pattern).name});
    ++engineRuns_;
    const process::ChildResult child = process::runProgram(argv, kKernelTimeoutSeconds + 30, &cancel_);
    std::error_code ec;
    fs::remove(file, ec);
    if (child.end == process::ChildResult::End::Cancelled) {
        m.error = kCancelled;
        return m;
    }
    try {
        const auto j = nlohmann::json::parse(child.out);
        const auto& row = j.at("sizes").at(0).at("rows").at(0);
        if (row.contains("skipped")) {
            m.error = row.at("skipped").get<std::string>();
            return m;
        }
        m.ok = true;
        m.medianMs = row.at("time_ms").get<double>();
        m.minMs = row.at("min_ms").get<double>();
        m.maxMs = row.at("max_ms").get<double>();
        m.gbps = row.at("gbps").get<double>();
        m.correct = row.at("correct").get<bool>();
        m.verdict = row.at("verdict").get<std::string>();
        m.result = json::toValue(row.at("result"));
        m.reference = json::toValue(row.at("reference"));
    } catch (const std::exception&) {
        const std::string why = lastLine(child.err);
        m.ok = false;
        m.error = "timing your kernel " + child.describe() + (why.empty() ? "" : ": " + why);
    }
    return m;
}

view::Measurement SweepWorker::measure(Engine& engine, const view::PointKey& p) {
    if (p.kind == view::PointKind::Run && view::isKernelPoint(p.variant)) return measureKernel(p);
    view::Measurement m;
    try {
        if (p.kind == view::PointKind::Copy) {
            engine.fits(p.n, p.type);  // before anything is allocated
            ++engineRuns_;
            return measuredCopy(engine.copyCeiling(p.n, p.type, p.warmup, p.repeats));
        }
        const RunConfig c = runConfigOf(p);
        engine.validate(c);
        const HostArray& input = inputFor(p);
        ++engineRuns_;
        m = measuredRun(engine.run(c, input, p.warmup, p.repeats));
        if (p.kind == view::PointKind::Roundoff) m.hostSerial = serialFloatSum(input);
    } catch (const Error& e) {
        m.ok = false;
        m.unavailable = e.kind() == ErrorKind::Unsupported;
        m.error = e.what();
    } catch (const cl::Error& e) {
        m.ok = false;
        m.error = std::string("OpenCL call ") + e.what() + " failed with error " + std::to_string(e.err());
    } catch (const std::bad_alloc&) {
        m.ok = false;
        m.error = "not enough host memory for " + std::to_string(p.n) + " elements: choose a smaller N";
    } catch (const std::exception& e) {
        m.ok = false;
        m.error = e.what();
    }
    return m;
}

std::vector<view::Measurement> SweepWorker::measureInTurns(Engine& engine, const std::vector<view::PointKey>& batch,
                                                          const std::function<void(int, int)>& progress) {
    std::vector<view::Measurement> out(batch.size());
    const view::PointKey& first = batch.front();
    auto fail = [](view::Measurement& m, const std::string& why, bool unavailable = false) {
        m = view::Measurement{};
        m.error = why;
        m.unavailable = unavailable;
    };
    auto failAll = [&](const std::string& why) {
        for (auto& m : out) fail(m, why);
        return out;
    };
    std::vector<std::optional<TimedRun>> runs(batch.size());
    std::optional<TimedCopy> copy;
    const int warmups = std::max(0, first.warmup), repeats = std::max(1, first.repeats);
    const int units = int(batch.size()) * (warmups + repeats);
    int done = 0;
    try {
        engine.fits(first.n, first.type);  // before anything is allocated
        const HostArray& input = inputFor(first);
        const cl::Buffer uploaded = engine.upload(input);
        const Reference reference = computeReference(input, first.op);
        for (size_t k = 0; k < batch.size(); ++k) {
            const view::PointKey& p = batch[k];
            try {
                if (p.kind == view::PointKind::Copy) {
                    copy.emplace(engine, p.n, p.type);
                    copy->warmup(p.warmup);
                    ++engineRuns_;
                } else {
                    const RunConfig c = runConfigOf(p);
                    const VariantInfo& v = engine.validate(c);  // as a single point is (the traced build too)
                    runs[k].emplace(engine, v, c, input, uploaded, reference);
                    ++engineRuns_;
                    runs[k]->warmup(p.warmup);
                }
            } catch (const Error& e) {
                if (p.kind == view::PointKind::Copy) copy.reset(); else runs[k].reset();
                fail(out[k], e.what(), e.kind() == ErrorKind::Unsupported);
            }
            if (cancel_) return failAll(kCancelled);
            done += warmups;
            progress(done, units);
        }
        std::vector<TimedCall*> calls;
        for (size_t k = 0; k < batch.size(); ++k) {
            TimedCall* call = nullptr;
            if (batch[k].kind == view::PointKind::Copy && copy) call = &*copy;
            if (batch[k].kind != view::PointKind::Copy && runs[k]) call = &*runs[k];
            calls.push_back(call);
        }
        timeInTurns(
            calls, repeats,
            [&](size_t k, const Error& e) {
                fail(out[k], e.what());
                if (batch[k].kind == view::PointKind::Copy) copy.reset(); else runs[k].reset();
            },
            [&](int) {
                done += int(batch.size());
                progress(done, units);
                return !cancel_;
            });
        if (cancel_) return failAll(kCancelled);
    } catch (const Error& e) {
        return failAll(e.what());
    } catch (const cl::Error& e) {
        return failAll(std::string("OpenCL call ") + e.what() + " failed with error " + std::to_string(e.err()));
    } catch (const std::bad_alloc&) {
        return failAll("not enough host memory for " + std::to_string(first.n) + " elements: choose a smaller N");
    } catch (const std::exception& e) {
        return failAll(e.what());
    }
    for (size_t k = 0; k < batch.size(); ++k) {
        view::Measurement& m = out[k];
        if (batch[k].kind == view::PointKind::Copy) {
            if (copy) m = measuredCopy(copy->result());
        } else if (runs[k]) {
            m = measuredRun(runs[k]->result());
        }
    }
    return out;
}

}  // namespace rl::gui
