// Statistics, the shared timing loop and the JSON form of a measurement.
#include "bench/measure.h"

#include <algorithm>

namespace rl::bench {

const char* toString(Timing t) { return t == Timing::Device ? "device" : "wall"; }

const char* toString(Role r) {
    switch (r) {
        case Role::ReduceLab: return "reducelab";
        case Role::OpenClPeer: return "opencl-peer";
        case Role::HostPeer: return "host-peer";
        case Role::FrameworkPeer: return "framework-peer";
        case Role::Ceiling: return "ceiling";
        case Role::Reference: return "reference";
    }
    return "?";
}

bool isPeer(Role r) { return r == Role::OpenClPeer || r == Role::HostPeer || r == Role::FrameworkPeer; }

nlohmann::json toJson(const Measurement& m) {
    nlohmann::json j = {{"method", m.method}, {"role", toString(m.role)}, {"n", m.n}};
    if (m.skipped) {
        j["skipped"] = m.verdict;
        return j;
    }
    j.update({{"timing", toString(m.timing)}, {"median_ms", m.medianMs}, {"min_ms", m.minMs}, {"max_ms", m.maxMs},
              {"repeats", m.repeats}, {"bytes", m.bytes}, {"gbps", m.gbps()}, {"note", m.note}});
    if (m.checked) j.update({{"result", m.result}, {"correct", m.correct}, {"verdict", m.verdict}});
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

Measurement timeMethod(Timing timing, int warmup, int repeats, const Reference& ref,
                       const std::function<double(double* deviceMs)>& once) {
    Measurement m;
    m.n = ref.n;
    m.repeats = repeats;
    m.checked = true;
    m.correct = true;
    std::vector<double> wall, device;
    for (int i = 0; i < warmup + repeats; ++i) {
        double deviceMs = -1;
        const auto start = std::chrono::steady_clock::now();
        const double value = once(&deviceMs);
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        std::string verdict;
        const bool ok = acceptResult(ref, Op::Sum, ElemType::Float, value, &verdict);
        if (i == 0 || (m.correct && !ok)) {  // keep the first wrong result if any run is wrong
            m.result = value;
            m.verdict = verdict;
        }
        m.correct = m.correct && ok;
        if (i < warmup) continue;
        wall.push_back(ms);
        if (deviceMs >= 0) device.push_back(deviceMs);
    }
    const bool useDevice = timing == Timing::Device && device.size() == wall.size();
    const Stats s = statsOf(useDevice ? device : wall);
    m.timing = useDevice ? Timing::Device : Timing::Wall;
    m.medianMs = s.median;
    m.minMs = s.min;
    m.maxMs = s.max;
    return m;
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
