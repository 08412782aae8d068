// The engine worker thread.
#include "app/gui/state/engine_worker.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <map>

#include "core/cl/engine.h"
#include "core/input.h"
#include "app/gui/state/explorer_state.h"
#include "core/catalogue/variant.h"

namespace rl::gui {
namespace {

const char* kindName(ErrorKind k) {
    switch (k) {
        case ErrorKind::BadInput: return "Not possible";
        case ErrorKind::Unsupported: return "Not supported on this device";
        case ErrorKind::BuildFailed: return "Kernel build failed";
        case ErrorKind::DeviceFailure: return "Device error";
    }
    return "Error";
}

// The first line of a message (the rest, e.g. a build log, goes to the detail).
void splitFirstLine(const std::string& text, std::string* first, std::string* rest) {
    const size_t nl = text.find('\n');
    *first = text.substr(0, nl);
    *rest = nl == std::string::npos ? "" : text.substr(nl + 1);
}

}  // namespace

EngineWorker::EngineWorker(MessageLog& log, std::function<void()> wake) : log_(log), wake_(std::move(wake)) {
    const char* off = std::getenv("REDUCELAB_NO_WARM_UP");
    warmsUp_ = !(off && *off && std::string(off) != "0");
    activity_ = "Listing OpenCL devices";
    started_ = std::chrono::steady_clock::now();
    thread_ = std::thread([this] { loop(); });
}

EngineWorker::~EngineWorker() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stop_ = true;
    }
    cv_.notify_all();
    thread_.join();
    if (warmer_) warmer_->stop();  // all stop together; the members' destructors join them
    for (auto& w : retired_) w->stop();
}

void EngineWorker::submit(const TraceRequest& request) {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        pending_ = request;
    }
    cv_.notify_all();
}

std::optional<std::vector<DeviceInfo>> EngineWorker::takeDevices() {
    std::lock_guard<std::mutex> lock(mutex_);
    auto out = std::move(devicesOut_);
    devicesOut_.reset();
    return out;
}

std::optional<TraceResponse> EngineWorker::takeResponse() {
    std::lock_guard<std::mutex> lock(mutex_);
    auto out = std::move(response_);
    response_.reset();
    return out;
}

std::optional<LadderWarmerProgress> EngineWorker::warmProgress() const {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!warmer_) return std::nullopt;
    return warmer_->progress();
}

std::string EngineWorker::activity() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return activity_;
}

double EngineWorker::busySeconds() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return busy_ ? std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count() : 0.0;
}

void EngineWorker::loop() {
    std::vector<DeviceInfo> devices;
    try {
        devices = listDevices();
        if (devices.empty()) log_.error("No OpenCL device found", "Install an OpenCL runtime (e.g. pocl-opencl-icd).");
    } catch (const std::exception& e) {
        log_.error("No OpenCL device: " + std::string(e.what()),
                   "The explorer needs an OpenCL platform: install one (e.g. the Debian package pocl-opencl-icd) and "
                   "check it with `clinfo -l`.");
    }
    {
        std::lock_guard<std::mutex> lock(mutex_);
        devices_ = devices;
        devicesOut_ = devices;
        busy_ = false;
        activity_.clear();
    }
    wake_();

    for (;;) {
        TraceRequest request;
        {
            std::unique_lock<std::mutex> lock(mutex_);
            cv_.wait(lock, [this] { return stop_ || pending_.has_value(); });
            if (stop_) return;
            request = *pending_;
            pending_.reset();
            if (warmer_) warmer_->hold(true);  // the user's request goes first
            busy_ = true;
            started_ = std::chrono::steady_clock::now();
            activity_ = "Tracing " + request.config.variant + " on the device";
        }
        TraceResponse response = trace(request);
        const bool shown = response.a != nullptr;
        bool more = false;
        {
            std::lock_guard<std::mutex> lock(mutex_);
            response_ = std::move(response);
            more = pending_.has_value();
            busy_ = more;
            activity_.clear();
        }
        wake_();
        if (!more) warmUp(request, shown);
    }
}

// A setting must stand this long before the ladder is built for it: a student stepping through work-group sizes
// or dragging a slider passes through settings whose builds would only be thrown away (and a runtime may keep some
// memory for every program it ever built: PoCL about 25 KB a kernel).
constexpr std::chrono::milliseconds kWarmUpAfter{1500};

void EngineWorker::warmUp(const TraceRequest& request, bool shown) {
    retired_.erase(std::remove_if(retired_.begin(), retired_.end(),
                                  [](const auto& w) { return w->progress().finished; }),
                   retired_.end());
    if (devices_.empty() || !warmsUp_) return;
    const int index = request.device >= 0 && request.device < int(devices_.size()) ? request.device : 0;
    const std::string key = std::to_string(index) + ":" + LadderWarmer::configKey(request.config);
    {
        std::lock_guard<std::mutex> lock(mutex_);
        if (warmer_ && (key == warmKey_ || !shown)) {  // resumed; a failed trace starts no new build
            warmer_->hold(false);
            return;
        }
    }
    if (!shown) return;
    std::vector<std::string> ids;  // the ladder in teaching order, but for what was just traced
    for (const auto& v : variantsBeside(request.config.variant))
        if (v.id != request.config.variant && v.id != request.compareVariant) ids.push_back(v.id);
    auto fresh = std::make_unique<LadderWarmer>(devices_[size_t(index)], request.config, std::move(ids),
                                                BinaryCache::fromEnvironment(), kWarmUpAfter);
    std::unique_ptr<LadderWarmer> old;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        old = std::move(warmer_);
        warmer_ = std::move(fresh);
        warmKey_ = key;
    }
    if (old) {
        old->stop();
        retired_.push_back(std::move(old));
    }
}

TraceResponse EngineWorker::trace(const TraceRequest& request) {
    TraceResponse out;
    out.id = request.id;
    try {
        out.a = traceOne(request, request.config.variant);
        if (!request.compareVariant.empty()) {
            {
                std::lock_guard<std::mutex> lock(mutex_);
                activity_ = "Tracing " + request.compareVariant + " for the comparison";
            }
            out.b = traceOne(request, request.compareVariant);
        }
    } catch (const Error& e) {
        std::string first, rest;
        splitFirstLine(e.what(), &first, &rest);
        out.error = std::string(kindName(e.kind())) + ": " + first;
        log_.error(out.error, rest);
    } catch (const cl::Error& e) {
        out.error = std::string("OpenCL error in ") + e.what() + " (code " + std::to_string(e.err()) + ")";
        log_.error(out.error);
    } catch (const std::exception& e) {
        out.error = std::string("Trace failed: ") + e.what();
        log_.error(out.error);
    }
    return out;
}

std::shared_ptr<const view::TraceBundle> EngineWorker::traceOne(const TraceRequest& request,
                                                               const std::string& variantId) {
    if (devices_.empty()) throw Error(ErrorKind::Unsupported, "no OpenCL device to run on (see the messages above)");
    const int index = request.device >= 0 && request.device < int(devices_.size()) ? request.device : 0;
    const VariantInfo* variant = findVariant(variantId);
    if (!variant) throw Error(ErrorKind::BadInput, "unknown variant '" + variantId + "'");
    auto& engine = engines_[index];
    if (!engine) engine = std::make_unique<Engine>(devices_[size_t(index)]);

    RunConfig config = request.config;
    config.variant = variantId;
    const auto start = std::chrono::steady_clock::now();
    const HostArray input = makeInput(config);
    auto bundle = std::make_unique<view::TraceBundle>();
    bundle->config = config;
    bundle->variant = *variant;
    bundle->deviceName = devices_[size_t(index)].name;
    bundle->run = engine->trace(config, input, request.selection, &bundle->plan);  // planned once, by the engine
    bundle->traceMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    bundle->serial = ++bundles_;
    return view::finishBundle(std::move(bundle), input);
}

}  // namespace rl::gui
