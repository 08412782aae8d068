// Builds the ladder's kernels ahead of need: a thread of its own, at the lowest priority, with an Engine of its own on
// the same device, traces every variant of the registry once with one config. What it builds lands in the disk cache
// (binary_cache.h) and the driver's own caches, so that the engine the user drives loads instead of compiling when
// the user switches variant. It never holds a lock the user's engine needs, and waits while that engine is busy.
#pragma once
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/cl/binary_cache.h"
#include "core/device_info.h"
#include "core/run_config.h"

namespace rl {

struct LadderWarmerProgress {
    int done = 0, total = 0;  // variants traced (or found unsupported) of the ones asked for
    bool finished = false;    // all done, or stopped
    double seconds = 0;       // from start (after the delay) to finish
    BinaryCacheStats disk;    // what the warmer's engine found in the disk cache
    size_t programs = 0;      // programs its engine holds in memory (at most LadderWarmer::kMaxPrograms)
};

class LadderWarmer {
public:
    // Starts after `startAfter` (at once by default): `variants` (registry ids, in order) traced with `config` (its
    // variant ignored; N at most kMaxN) on `device`, with `disk` as the engine's disk cache. Variants that the device
    // or config cannot run are counted as done and skipped; no error leaves the thread. Stopped before it starts, it
    // builds nothing (a setting changed again within the delay costs no build).
    LadderWarmer(DeviceInfo device, RunConfig config, std::vector<std::string> variants,
                 BinaryCache disk = BinaryCache::fromEnvironment(),
                 std::chrono::milliseconds startAfter = std::chrono::milliseconds(0));
    ~LadderWarmer();  // stops after the variant under way and joins
    LadderWarmer(const LadderWarmer&) = delete;
    LadderWarmer& operator=(const LadderWarmer&) = delete;

    static constexpr size_t kMaxN = size_t(1) << 16;
    // Its engine keeps only the programs of the variant under way: what it builds is for the disk cache and the
    // driver's, and a runtime may hold megabytes for each program it keeps (PoCL: the binary and its kernels').
    static constexpr size_t kMaxPrograms = 4;

    // Asks the thread to stop after the variant under way, without waiting (the destructor joins).
    void stop();
    // While held, the warmer starts nothing new (the user's request goes first); a variant under way finishes.
    void hold(bool held);
    LadderWarmerProgress progress() const;

    // The config part that decides what is built: two configs with the same key warm the same kernels.
    static std::string configKey(const RunConfig& config);

private:
    void loop();

    DeviceInfo device_;
    RunConfig config_;
    std::vector<std::string> variants_;
    BinaryCache disk_;
    std::chrono::milliseconds startAfter_;
    mutable std::mutex mutex_;
    std::condition_variable cv_;
    LadderWarmerProgress progress_;
    bool held_ = false, stop_ = false;
    std::thread thread_;
};

// Lowers the calling thread to nice 19 (Linux: a thread's own nice value), so that it runs on what other threads
// leave. Not the idle class: a driver lock held by the warmer must not starve the user's engine waiting on it.
void lowerThisThreadsPriority();

}  // namespace rl
