// The ladder warmer's thread: one Engine, each variant validated and traced once, between the user's requests.
#include "core/cl/ladder_warmer.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <exception>
#include <memory>

#include "core/cl/engine.h"
#include "core/input.h"

namespace rl {

void lowerThisThreadsPriority() {
#ifdef __linux__
    setpriority(PRIO_PROCESS, id_t(syscall(SYS_gettid)), 19);  // best effort: a refusal leaves it as it was
#endif
}

LadderWarmer::LadderWarmer(DeviceInfo device, RunConfig config, std::vector<std::string> variants, BinaryCache disk,
                           std::chrono::milliseconds startAfter)
    : device_(std::move(device)),
      config_(std::move(config)),
      variants_(std::move(variants)),
      disk_(std::move(disk)),
      startAfter_(startAfter) {
    config_.n = std::min(config_.n, kMaxN);
    progress_.total = int(variants_.size());
    thread_ = std::thread([this] { loop(); });
}

LadderWarmer::~LadderWarmer() {
    stop();
    thread_.join();
}

void LadderWarmer::stop() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stop_ = true;
    }
    cv_.notify_all();
}

void LadderWarmer::hold(bool held) {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        held_ = held;
    }
    cv_.notify_all();
}

LadderWarmerProgress LadderWarmer::progress() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return progress_;
}

std::string LadderWarmer::configKey(const RunConfig& c) {
    // Not N: it changes no build option, and a new N at the same work-group size launches the same local size.
    return std::to_string(int(c.type)) + "/" + std::to_string(int(c.op)) + "/" + std::to_string(c.wg) + "/" +
           std::to_string(c.elemsPerItem) + "/" + std::to_string(c.groups) + "/" + std::to_string(c.finalOnHost);
}

void LadderWarmer::loop() {
    lowerThisThreadsPriority();
    {
        std::unique_lock<std::mutex> lock(mutex_);
        cv_.wait_for(lock, startAfter_, [this] { return stop_; });
    }
    const auto start = std::chrono::steady_clock::now();
    std::unique_ptr<Engine> engine;
    std::optional<HostArray> input;
    for (const std::string& id : variants_) {
        {
            std::unique_lock<std::mutex> lock(mutex_);
            cv_.wait(lock, [this] { return stop_ || !held_; });
            if (stop_) break;
        }
        try {  // a variant this device or config cannot run is simply not warmed: the user will hear why if asked
            if (!engine) {
                engine = std::make_unique<Engine>(device_);
                engine->programs().setDiskCache(disk_);
                engine->programs().setMaxPrograms(kMaxPrograms);
            }
            RunConfig c = config_;
            c.variant = id;
            if (!input) input = makeInput(c);
            engine->validate(c, Engine::Purpose::Trace);
            engine->trace(c, *input, TraceSelection::wholeUpToCells(c.wg));
        } catch (const std::exception&) {
        }
        std::lock_guard<std::mutex> lock(mutex_);
        ++progress_.done;
        if (engine) {
            progress_.disk = engine->programs().diskCache().stats();
            progress_.programs = engine->programs().size();
        }
    }
    std::lock_guard<std::mutex> lock(mutex_);
    progress_.finished = true;
    progress_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace rl
