// Statistics, the shared timing loop and the JSON form of a measurement.
#include "bench/measure.h"

#include <sched.h>

#include <algorithm>
#include <stdexcept>
#include <thread>

#include "bench/busy_device.h"

namespace rl::bench {

const char* toString(Timing t) {
    return t == Timing::Device ? "device" : "wall";
}

const char* toString(Role r) {
    switch (r) {
        case Role::ReduceLab:
            return "reducelab";
        case Role::OpenClPeer:
            return "opencl-peer";
        case Role::HostPeer:
            return "host-peer";
        case Role::FrameworkPeer:
            return "framework-peer";
        case Role::Ceiling:
            return "ceiling";
        case Role::Reference:
            return "reference";
        case Role::Trial:
            return "trial";
    }
    return "?";
}

bool isPeer(Role r) {
    return r == Role::OpenClPeer || r == Role::HostPeer || r == Role::FrameworkPeer;
}

nlohmann::json toJson(const Measurement& m, bool withCalls) {
    nlohmann::json j = {{"method", m.method}, {"role", toString(m.role)}, {"n", m.n}};
    if (m.skipped) {
        j["skipped"] = m.verdict;
        return j;
    }
    j.update({{"timing", toString(m.timing)},
              {"median_ms", m.medianMs},
              {"min_ms", m.minMs},
              {"max_ms", m.maxMs},
              {"repeats", m.repeats},
              {"bytes", m.bytes},
              {"gbps", m.gbps()},
              {"note", m.note}});
    if (m.checked) j.update({{"result", m.result}, {"correct", m.correct}, {"verdict", m.verdict}});
    if (withCalls && !m.calls.empty()) j["calls"] = m.calls;
    return j;
}

Stats statsOf(std::vector<double> ms) {
    Stats s;
    if (ms.empty()) return s;
    std::sort(ms.begin(), ms.end());
    const size_t mid = ms.size() / 2;
    s.median = ms.size() % 2 ? ms[mid] : 0.5 * (ms[mid - 1] + ms[mid]);
    s.min = ms.front();
    s.max = ms.back();
    return s;
}

namespace {

struct Progress {
    Measurement m;
    std::vector<double> wall, device, queuedGap, starts, cpus;
    bool failed = false;
};

// One call of a method: times it and checks its result; a throw marks the method failed with the reason. Only
// when the device's timing is wanted does the method get somewhere to put it (and so makes profiling events).
double runOnce(Method& method, Progress& p, const Reference& shared, bool first, bool wantDevice,
               const TimingContext& context) {
    const Reference& ref = method.ref ? *method.ref : shared;
    double deviceMs = -1;
    BusyDevice* busy = wantDevice && method.deviceQueue ? context.busy : nullptr;
    if (busy) busy->start();  // not timed: the call's commands queue behind it
    const auto start = std::chrono::steady_clock::now();
    double value = 0;
    try {
        value = method.once(wantDevice ? &deviceMs : nullptr);
        if (busy && method.firstStartNs)
            p.queuedGap.push_back((double(method.firstStartNs()) - double(busy->lastEndNs())) * 1e-3);
    } catch (const std::exception& e) {
        p.failed = true;
        p.m.skipped = true;
        p.m.verdict = e.what();
        return 0;
    }
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    p.cpus.push_back(sched_getcpu());  // after the clock: not timed
    if (!method.verify) {
        std::string verdict;
        const bool ok = acceptResult(ref, context.op, context.type, value, &verdict);
        if (first || (p.m.correct && !ok)) {  // keep the first wrong result if any run is wrong
            p.m.result = value;
            p.m.verdict = verdict;
        }
        p.m.correct = p.m.correct && ok;
    }
    p.wall.push_back(ms);
    p.device.push_back(deviceMs);
    p.starts.push_back(std::chrono::duration<double>(start.time_since_epoch()).count());
    return ms;
}

}  // namespace

std::vector<Measurement> timeMethods(std::vector<Method>& methods, Timing timing, int warmup, int repeats,
                                     const Reference& ref, bool cpuHost, const TimingContext& context) {
    const auto settle = [cpuHost] {
        if (cpuHost) std::this_thread::sleep_for(std::chrono::milliseconds(20));
    };
    std::vector<Progress> progress(methods.size());
    const auto wantDevice = [&](size_t k) { return timing == Timing::Device || methods[k].alwaysDevice; };
    for (size_t k = 0; k < methods.size(); ++k) {
        Progress& p = progress[k];
        p.m.method = methods[k].label;
        p.m.role = methods[k].role;
        p.m.n = methods[k].ref ? methods[k].ref->n : ref.n;
        p.m.repeats = repeats;
        p.m.checked = true;
        p.m.correct = true;
        if (!methods[k].skipped.empty()) {
            p.failed = true;
            p.m.skipped = true;
            p.m.verdict = methods[k].skipped;
        }
    }
    // Warm-up, one method at a time (a GPU needs a little while of steady work to leave its idle clocks; with
    // warmFloorOnce only the first method's warm-up is that while, the device busy from then on).
    bool floorGiven = false;
    for (size_t k = 0; k < methods.size(); ++k) {
        settle();
        const bool floor = !(context.warmFloorOnce && floorGiven);
        double warmedMs = 0;
        for (int i = 0; !progress[k].failed && (i < warmup || (floor && warmedMs < kMinWarmupMs && i < 100000)); ++i)
            warmedMs += runOnce(methods[k], progress[k], ref, i == 0, wantDevice(k), context);
        floorGiven = floorGiven || !progress[k].failed;
        progress[k].wall.clear();
        progress[k].device.clear();
        progress[k].queuedGap.clear();
        progress[k].starts.clear();
        progress[k].cpus.clear();
    }
    // A turn gives each method `block` calls in a row (1: a plain round-robin).
    const int block = std::max(1, context.block);
    for (int r = 0; r < repeats; r += block)
        for (size_t k = 0; k < methods.size(); ++k)
            for (int b = 0; b < block && r + b < repeats && !progress[k].failed; ++b) {
                if (cpuHost) {
                    settle();
                    const size_t gaps = progress[k].queuedGap.size();
                    // untimed: its figures are dropped below
                    runOnce(methods[k], progress[k], ref, false, wantDevice(k), context);
                    if (progress[k].failed) continue;
                    progress[k].wall.pop_back();
                    progress[k].device.pop_back();
                    progress[k].starts.pop_back();
                    progress[k].cpus.pop_back();
                    progress[k].queuedGap.resize(gaps);
                }
                runOnce(methods[k], progress[k], ref, false, wantDevice(k), context);
            }
    std::vector<Measurement> out;
    for (size_t k = 0; k < methods.size(); ++k) {
        Progress& p = progress[k];
        Measurement& m = p.m;
        if (!p.failed) {
            bool allDevice = timing == Timing::Device || methods[k].alwaysDevice;
            for (double d : p.device) allDevice = allDevice && d >= 0;
            const Stats s = statsOf(allDevice ? p.device : p.wall);
            m.timing = allDevice ? Timing::Device : Timing::Wall;
            m.medianMs = s.median;
            m.minMs = s.min;
            m.maxMs = s.max;
            m.bytes = methods[k].bytes;
            m.note = methods[k].note;
            if (methods[k].verify) m.correct = methods[k].verify(&m.verdict);
            if (methods[k].finish) methods[k].finish(m, repeats);
            if (allDevice && !p.queuedGap.empty()) m.note += (m.note.empty() ? "" : "; ") + queuedNote(p.queuedGap);
            if (allDevice && context.busy && context.busy->clearBytes() && methods[k].deviceQueue)
                m.note += "; the cache cleared first (" + std::to_string(context.busy->clearBytes() >> 20) +
                          " MiB written)";
            const std::vector<double>& ms = allDevice ? p.device : p.wall;
            for (size_t i = 0; i < ms.size(); ++i) m.calls.push_back({p.starts[i], ms[i], p.cpus[i]});
        }
        out.push_back(m);
    }
    return out;
}

Measurement pooled(const std::vector<Measurement>& passes) {
    if (passes.empty()) return {};
    Measurement m = passes.front();
    for (size_t i = 1; i < passes.size(); ++i) {
        const Measurement& p = passes[i];
        if (p.skipped && !m.skipped) {
            m.skipped = true;
            m.verdict = p.verdict;
        }
        if (m.checked && m.correct && !p.correct) {
            m.correct = false;
            m.result = p.result;
            m.verdict = p.verdict;
        }
        m.calls.insert(m.calls.end(), p.calls.begin(), p.calls.end());
    }
    if (m.skipped) return m;
    std::vector<double> ms;
    for (const auto& c : m.calls) ms.push_back(c[1]);
    const Stats s = statsOf(ms);
    m.medianMs = s.median;
    m.minMs = s.min;
    m.maxMs = s.max;
    m.repeats = int(ms.size());
    return m;
}

namespace {

// The reference a multi-size timing hands timeMethods (every method carries its own: Method::ref).
const Reference& referenceOf(const std::vector<Method>& methods) {
    for (const Method& m : methods)
        if (!m.ref) throw std::invalid_argument("timing several sizes at once needs every method's Method::ref");
    return *methods.front().ref;
}

}  // namespace

std::vector<std::vector<Measurement>> timeSizesInPasses(std::vector<std::vector<Method>*>& sizes, int passes,
                                                        int warmup, int repeats, bool cpuHost,
                                                        const TimingContext& context) {
    std::vector<std::vector<std::vector<Measurement>>> parts(sizes.size());  // [size][pass][method]
    for (int p = 0; p < passes; ++p) {
        const int calls = repeats * (p + 1) / passes - repeats * p / passes;
        for (size_t i = 0; i < sizes.size(); ++i)
            if (!sizes[i]->empty())
                parts[i].push_back(
                    timeMethods(*sizes[i], Timing::Wall, warmup, calls, referenceOf(*sizes[i]), cpuHost, context));
    }
    std::vector<std::vector<Measurement>> out(sizes.size());
    for (size_t i = 0; i < sizes.size(); ++i)
        for (size_t k = 0; k < sizes[i]->size(); ++k) {
            std::vector<Measurement> ofMethod;
            for (const auto& pass : parts[i]) ofMethod.push_back(pass[k]);
            out[i].push_back(pooled(ofMethod));
        }
    return out;
}

std::vector<std::vector<Measurement>> timeSizesInRounds(std::vector<std::vector<Method>*>& sizes, int warmup,
                                                        int repeats, bool cpuHost, const TimingContext& context) {
    std::vector<Method> everything;
    for (auto* methods : sizes)
        for (Method& m : *methods) everything.push_back(std::move(m));
    std::vector<std::vector<Measurement>> out(sizes.size());
    if (everything.empty()) return out;
    auto all = timeMethods(everything, Timing::Wall, warmup, repeats, referenceOf(everything), cpuHost, context);
    size_t next = 0;
    for (size_t i = 0; i < sizes.size(); ++i)
        for (size_t k = 0; k < sizes[i]->size(); ++k) out[i].push_back(std::move(all[next++]));
    return out;
}

Measurement skippedMeasurement(const std::string& method, Role role, size_t n, const std::string& why) {
    Measurement m;
    m.method = method;
    m.role = role;
    m.n = n;
    m.skipped = true;
    m.verdict = why;
    return m;
}

}  // namespace rl::bench
