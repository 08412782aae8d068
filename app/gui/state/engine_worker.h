// The engine's own thread: it owns the OpenCL engines (one per device, made on first use), lists devices, and
// traces what the UI asks for, newest request first. Results come back by value (shared immutable bundles), so the
// window never waits on OpenCL: a slow build or a failed run only shows in the progress line and the messages.
// After a trace is shown, a LadderWarmer builds the other variants' kernels for the same device and config in the
// background (core/cl/ladder_warmer.h), held while the user's request runs, so that switching variant is no build.
#pragma once
#include <atomic>
#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "app/gui/state/message_log.h"
#include "app/view/tree/trace_bundle.h"
#include "core/cl/devices.h"
#include "core/cl/ladder_warmer.h"
#include "core/run_config.h"

namespace rl {
class Engine;
}

namespace rl::gui {

struct TraceRequest {
    uint64_t id = 0;
    int device = 0;  // index into the device list
    RunConfig config;
    TraceSelection selection;
    std::string compareVariant;  // empty: no comparison
};

struct TraceResponse {
    uint64_t id = 0;
    std::shared_ptr<const view::TraceBundle> a, b;  // b only when comparing; null on failure
    std::string error;                               // empty on success (details are in the message log)
};

class EngineWorker {
public:
    // `wake` is called from the worker thread whenever something is ready (it must be thread-safe).
    EngineWorker(MessageLog& log, std::function<void()> wake);
    ~EngineWorker();

    // Replaces any request not started yet; the running one finishes first.
    void submit(const TraceRequest& request);

    std::optional<std::vector<DeviceInfo>> takeDevices();  // once, after listing finishes
    std::optional<TraceResponse> takeResponse();            // the newest finished response, if any
    bool busy() const { return busy_.load(); }
    std::string activity() const;        // what the worker is doing, for the progress line
    double busySeconds() const;          // how long the current job has been running
    // The background build of the ladder's kernels: nullopt before the first trace is shown (or with
    // REDUCELAB_NO_WARM_UP set); finished once every variant of the current config is built.
    std::optional<LadderWarmerProgress> warmProgress() const;
    bool warmsUp() const { return warmsUp_; }  // false with REDUCELAB_NO_WARM_UP set (and not "0")

private:
    void loop();
    TraceResponse trace(const TraceRequest& request);
    std::shared_ptr<const view::TraceBundle> traceOne(const TraceRequest& request, const std::string& variant);
    // After a response (`shown`: it succeeded) and with nothing pending: resume, or start for a new config.
    void warmUp(const TraceRequest& request, bool shown);

    MessageLog& log_;
    std::function<void()> wake_;
    mutable std::mutex mutex_;
    std::condition_variable cv_;
    std::optional<TraceRequest> pending_;
    std::optional<TraceResponse> response_;
    std::optional<std::vector<DeviceInfo>> devicesOut_;
    std::vector<DeviceInfo> devices_;                  // worker-side copy
    std::map<int, std::unique_ptr<Engine>> engines_;  // by device index; touched by the worker thread only
    uint64_t bundles_ = 0;                            // serial of the last bundle made (worker thread only)
    std::unique_ptr<LadderWarmer> warmer_;             // the current config's; guarded by mutex_ (read by the UI)
    std::vector<std::unique_ptr<LadderWarmer>> retired_;  // stopped, finishing their variant (worker thread only)
    bool warmsUp_ = true;
    std::string warmKey_;                              // device and config the warmer builds for (worker thread)
    std::string activity_;
    std::chrono::steady_clock::time_point started_;
    std::atomic<bool> busy_{true};
    bool stop_ = false;
    std::thread thread_;
};

}  // namespace rl::gui
