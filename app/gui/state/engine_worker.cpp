// The engine worker thread.
#include "app/gui/state/engine_worker.h"

#include <chrono>
#include <map>

#include "core/cl/engine.h"
#include "core/input.h"
#include "core/variant.h"

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
            busy_ = true;
            started_ = std::chrono::steady_clock::now();
            activity_ = "Tracing " + request.config.variant + " on the device";
        }
        TraceResponse response = trace(request);
        {
            std::lock_guard<std::mutex> lock(mutex_);
            response_ = std::move(response);
            busy_ = pending_.has_value();
            activity_.clear();
        }
        wake_();
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
    bundle->run = engine->trace(config, input, request.selection);
    bundle->plan = planPasses(*variant, config);
    bundle->traceMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    bundle->serial = ++bundles_;
    return view::finishBundle(std::move(bundle), input);
}

}  // namespace rl::gui
