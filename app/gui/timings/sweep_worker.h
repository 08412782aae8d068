// The Timings view's own thread: it measures a list of points (variants, copy kernel, round-off runs) with its own
// rl::Engine per device, handing measurements back as soon as they are taken, so the window keeps drawing, the bars
// grow as the sweep goes, and Cancel stops it after the measurement in progress. Neighbouring points at one size
// (the copy kernel and the ladder's variants at N) are timed in turns, one call each per round, so their medians
// come from the same moments of a machine whose bandwidth drifts (core/cl/timed_run.h); they are handed back
// together when the last round ends.
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

#include "app/view/timing/timing_data.h"
#include "core/cl/devices.h"
#include "core/session/session.h"

namespace rl {
class Engine;
}

namespace rl::gui {

struct SweepRequest {
    uint64_t id = 0;
    DeviceInfo device;
    view::DeviceKey key;
    std::vector<view::PointKey> points;  // in the order to measure them
    // A student's kernel among the points (view::isKernelPoint): its text, timed by `reducelab bench --kernel-only`
    // in a child process on the device of this index, so a kernel that hangs or crashes costs its row only.
    std::optional<SessionKernel> kernel;
    int deviceIndex = 0;
};

struct SweepStatus {
    uint64_t id = 0;  // the request this is about (0: none yet)
    bool running = false;
    bool cancelled = false;  // the last sweep stopped early at the user's request
    int done = 0, total = 0;
    double progress = 0;   // points done, with the share of a batch timed in turns (its warm-ups, its rounds): the bar
    std::string activity;  // what is being measured now
    double seconds = 0;    // since the sweep started (running) or how long it took
    std::string error;     // the engine could not be made for the device
};

struct SweepMeasurement {
    uint64_t id = 0;
    view::DeviceKey device;
    view::PointKey point;
    view::Measurement m;
};

class SweepWorker {
  public:
    // `wake` is called from the worker thread after each measurement (it must be thread-safe).
    explicit SweepWorker(std::function<void()> wake);
    ~SweepWorker();

    // Cancels a running sweep; this one starts as soon as that one stops.
    void start(SweepRequest request);
    // Stops the running sweep after the measurement in progress (measurements taken so far are kept) and drops a
    // request not started yet. Returns the id of the last sweep that started (the one that ends next, if running).
    uint64_t cancel();

    std::vector<SweepMeasurement> take();  // measurements finished since the last call
    SweepStatus status() const;
    long engineRuns() const { return engineRuns_.load(); }  // Engine::run + copyCeiling calls since start-up

  private:
    void loop();
    view::Measurement measure(Engine& engine, const view::PointKey& point);
    // The points batch[0..] timed in turns (see inTurnsWith); every measurement says kCancelled when Cancel came.
    // `progress(done, of)` is called after each point's warm-up and after each round, in units of one call per
    // point (a warm-up of W calls counts W).
    std::vector<view::Measurement> measureInTurns(Engine& engine, const std::vector<view::PointKey>& batch,
                                                  const std::function<void(int, int)>& progress);
    view::Measurement measureKernel(const view::PointKey& point);
    const HostArray& inputFor(const view::PointKey& point);

    std::function<void()> wake_;
    mutable std::mutex mutex_;
    std::condition_variable cv_;
    std::optional<SweepRequest> pending_;
    std::vector<SweepMeasurement> out_;
    SweepStatus status_;
    std::chrono::steady_clock::time_point started_;
    std::atomic<bool> cancel_{false};
    std::atomic<long> engineRuns_{0};
    bool stop_ = false;
    // Worker thread only.
    std::map<std::string, std::unique_ptr<Engine>> engines_;  // by DeviceKey::text()
    std::optional<SessionKernel> kernel_;  // the running request's
    int deviceIndex_ = 0;
    std::string kernelDir_;  // a private directory (mkdtemp) for the kernel text a child times; removed at the end
    HostArray input_;
    std::string inputKey_;
    std::thread thread_;
};

// "sequential at 2^22 ints", "copy kernel at 2^20", "round-off of sequential at 2^24 floats".
std::string describePoint(const view::PointKey& point);

// Whether two points are timed in turns: the copy kernel or a built-in variant (a student's kernel is timed in its
// own process, a round-off point once), with the same N, type, operation, work-group, warm-up and repeats.
bool inTurnsWith(const view::PointKey& a, const view::PointKey& b);

}  // namespace rl::gui
