// CSV writers for the ladder, the sizes sweep and the round-off sweep.
#include "app/view/timing/timing_csv.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace rl::view {

std::string csvField(const std::string& text) {
    if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
    std::string out = "\"";
    for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c == '\n' || c == '\r' ? ' ' : c);
    return out + "\"";
}

std::string csvNumber(double v) {
    if (!std::isfinite(v)) return "";
    char buf[40];
    for (int digits = 6; digits <= 17; ++digits) {  // the shortest text that reads back exactly
        std::snprintf(buf, sizeof buf, "%.*g", digits, v);
        if (std::strtod(buf, nullptr) == v) break;
    }
    return buf;
}

std::string ladderCsv(const LadderTable& t, const std::string& deviceName) {
    std::string out =
        "variant,harris_step,n,type,status,median_ms,min_ms,max_ms,gbps,step_speedup,cumulative_speedup,copy_gbps,"
        "pct_of_copy,g80_ms,g80_gbps,best,device,note\n";
    const std::string copy = t.copy.ok ? csvNumber(t.copy.gbps) : "";
    for (const auto& r : t.rows) {
        const bool m = r.measured();
        auto num = [&](double v) { return m ? csvNumber(v) : std::string(); };
        out += csvField(r.variant.id) + "," + (r.variant.harrisStep ? std::to_string(r.variant.harrisStep) : "") + "," +
               std::to_string(t.n) + "," + std::string(toString(t.type)) + "," + csvField(statusText(r.status)) + "," +
               num(r.m.medianMs) + "," + num(r.m.minMs) + "," + num(r.m.maxMs) + "," + num(r.m.gbps) + "," +
               num(r.stepSpeedup) + "," + num(r.cumulative) + "," + copy + "," +
               (m && t.copy.ok ? csvNumber(r.pctCopy) : "") + "," + (r.g80 ? csvNumber(r.g80->timeMs) : "") + "," +
               (r.g80 ? csvNumber(r.g80->gbps) : "") + "," + (r.best ? "yes" : "") + "," + csvField(deviceName) + "," +
               csvField(r.reason) + "\n";
    }
    return out;
}

std::string sizesCsv(const std::vector<SizeSeries>& series) {
    std::string out = "series,n,median_ms,min_ms,max_ms,gbps,gbps_min,gbps_max,correct\n";
    for (const auto& s : series)
        for (const auto& p : s.points) {
            const auto& m = p.m;
            out += csvField(s.id) + "," + std::to_string(p.n) + "," + csvNumber(m.medianMs) + "," + csvNumber(m.minMs) +
                   "," + csvNumber(m.maxMs) + "," + csvNumber(m.gbps) + "," + csvNumber(m.gbpsAt(m.maxMs)) + "," +
                   csvNumber(m.gbpsAt(m.minMs)) + "," + (s.copy ? "" : (m.correct ? "yes" : "no")) + "\n";
        }
    return out;
}

std::string roundoffCsv(const RoundoffTable& t) {
    std::string out = "n,method,value,reference,abs_error,rel_error\n";
    auto line = [&](size_t n, const std::string& method, double v, double ref) {
        out += std::to_string(n) + "," + csvField(method) + "," + csvNumber(v) + "," + csvNumber(ref) + "," +
               csvNumber(std::abs(v - ref)) + "," + csvNumber(relativeError(v, ref)) + "\n";
    };
    for (const auto& r : t.rows) {
        if (r.hostSerial) line(r.n, "host serial float", *r.hostSerial, r.reference);
        for (size_t i = 0; i < t.variants.size() && i < r.device.size(); ++i)
            if (r.device[i]) line(r.n, t.variants[i], *r.device[i], r.reference);
    }
    return out;
}

}  // namespace rl::view
