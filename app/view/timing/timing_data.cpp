// Point keys, measurements as JSON, sweep lists and the round-off input.
#include "app/view/timing/timing_data.h"

#include <algorithm>
#include <cstdio>
#include <random>
#include <set>

namespace rl::view {
namespace {

const char* kindText(PointKind k) {
    switch (k) {
        case PointKind::Run:
            return "run";
        case PointKind::Copy:
            return "copy";
        case PointKind::Roundoff:
            return "roundoff";
    }
    return "run";
}

size_t floorPow2(size_t v) {
    size_t p = 1;
    while (p <= v / 2) p *= 2;
    return p;
}

}  // namespace

std::string PointKey::text() const {
    std::string s = std::string(kindText(kind)) + "|" + variant + "|n=" + std::to_string(n) + "|" +
                    std::string(toString(type)) + "|" + std::string(toString(op));
    if (kind != PointKind::Copy) s += "|wg=" + std::to_string(wg);
    s += "|w=" + std::to_string(warmup) + "|r=" + std::to_string(repeats);
    return s;
}

std::string kernelPointId(const std::string& file, const std::string& entry, const std::string& text) {
    uint64_t h = 1469598103934665603ull;  // FNV-1a: stable across runs and builds (the cache file keeps the key)
    for (const std::string* part : {&entry, &text}) {
        for (unsigned char c : *part) h = (h ^ c) * 1099511628211ull;
        h = (h ^ 0xff) * 1099511628211ull;
    }
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
    return "kernel:" + file + "#" + hex;
}

bool isKernelPoint(const std::string& variant) {
    return variant.rfind("kernel:", 0) == 0;
}

std::string kernelPointFile(const std::string& variant) {
    if (!isKernelPoint(variant)) return "";
    const std::string rest = variant.substr(7);
    return rest.substr(0, rest.rfind('#'));
}

std::string DeviceKey::text() const {
    return name + " | " + driver + " | " + platform;
}

nlohmann::json toJson(const Measurement& m) {
    nlohmann::json j = {{"ok", m.ok}, {"when", m.when}};
    if (!m.ok) {
        j["unavailable"] = m.unavailable;
        j["error"] = m.error;
        return j;
    }
    j.update({{"median_ms", m.medianMs},
              {"min_ms", m.minMs},
              {"max_ms", m.maxMs},
              {"gbps", m.gbps},
              {"correct", m.correct},
              {"verdict", m.verdict},
              {"result", m.result},
              {"reference", m.reference},
              {"host_serial", m.hostSerial}});
    return j;
}

Measurement measurementFromJson(const nlohmann::json& j) {
    Measurement m;
    m.ok = j.at("ok").get<bool>();
    m.when = j.value("when", "");
    if (!m.ok) {
        m.unavailable = j.value("unavailable", false);
        m.error = j.at("error").get<std::string>();
        return m;
    }
    m.medianMs = j.at("median_ms").get<double>();
    m.minMs = j.at("min_ms").get<double>();
    m.maxMs = j.at("max_ms").get<double>();
    m.gbps = j.at("gbps").get<double>();
    m.correct = j.at("correct").get<bool>();
    m.verdict = j.value("verdict", "");
    m.result = j.at("result").get<double>();
    m.reference = j.at("reference").get<double>();
    m.hostSerial = j.value("host_serial", 0.0);
    return m;
}

std::vector<size_t> powersOfTwo(size_t lo, size_t hi, int log2Step) {
    std::vector<size_t> out;
    lo = floorPow2(std::max<size_t>(1, lo));
    hi = floorPow2(std::max(lo, hi));
    const int step = std::clamp(log2Step, 1, 8);
    for (size_t n = lo; n < hi; n <<= step) {
        out.push_back(n);
        if (n > (hi >> step)) break;
    }
    if (out.empty() || out.back() != hi) out.push_back(hi);
    return out;
}

PointKey runKey(const TimingParams& p, const std::string& variant, size_t n) {
    PointKey k;
    k.kind = PointKind::Run;
    k.variant = variant;
    k.n = n;
    k.type = p.type;
    k.op = Op::Sum;
    k.wg = p.wg;
    k.warmup = p.warmup;
    k.repeats = p.repeats;
    return k;
}

PointKey copyKey(const TimingParams& p, size_t n) {
    PointKey k = runKey(p, "", n);
    k.kind = PointKind::Copy;
    return k;
}

PointKey roundoffKey(const TimingParams& p, const std::string& variant, size_t n) {
    PointKey k;
    k.kind = PointKind::Roundoff;
    k.variant = variant;
    k.n = n;
    k.type = ElemType::Float;
    k.op = Op::Sum;
    k.wg = p.wg;
    k.warmup = 0;
    k.repeats = 1;
    return k;
}

std::vector<PointKey> sweepPoints(const TimingParams& p, const std::vector<std::string>& ladderVariants) {
    std::vector<PointKey> out;
    std::set<std::string> seen;
    auto add = [&](const PointKey& k) {
        if (seen.insert(k.text()).second) out.push_back(k);
    };
    add(copyKey(p, p.n));
    for (const auto& id : ladderVariants) add(runKey(p, id, p.n));
    for (size_t n : powersOfTwo(p.sizeMin, p.sizeMax, p.sizeLog2Step)) {
        add(copyKey(p, n));
        for (const auto& id : p.sizeVariants) add(runKey(p, id, n));
    }
    for (size_t n : powersOfTwo(p.roundMin, p.roundMax, p.roundLog2Step))
        for (const auto& id : p.roundVariants) add(roundoffKey(p, id, n));
    return out;
}

HostArray positiveFloats(size_t n, uint64_t seed) {
    HostArray a;
    a.type = ElemType::Float;
    a.floats.resize(n);
    std::mt19937_64 rng(seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull);
    for (auto& v : a.floats) v = float(rng() >> 40) * (1.0f / 16777216.0f);  // 24 random bits: exact in float
    return a;
}

}  // namespace rl::view
