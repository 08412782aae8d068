// Reading scripts/bench's JSON into the series the Timings view overlays.
#include "app/view/timing/peer_figures.h"
#include "core/files/user_dirs.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "core/pattern.h"
#include "core/types.h"

namespace rl::view {
namespace fs = std::filesystem;
namespace {

std::string text(const nlohmann::json& j, const char* key, const std::string& file) {
    if (!j.contains(key) || !j.at(key).is_string())
        throw Error(ErrorKind::BadInput, file + ": no \"" + key + "\" (a scripts/bench --json file has one)");
    return j.at(key).get<std::string>();
}

}  // namespace

double PeerFigures::limitAt(size_t n) const {
    double best = 0;
    for (const auto& c : ceilings)
        if (auto it = c.gbps.find(n); it != c.gbps.end()) best = std::max(best, it->second);
    return best;
}

PeerFigures parsePeerFigures(const nlohmann::json& j, const std::string& file) {
    if (!j.is_object()) throw Error(ErrorKind::BadInput, file + ": not a scripts/bench JSON object");
    PeerFigures f;
    f.file = file;
    f.device = text(j, "device", file);
    f.driver = j.value("driver", "");
    f.date = j.value("date", "");
    f.timing = j.value("timing", "");
    const PatternInfo* pattern = findPattern(j.value("pattern", std::string("reduce")));
    if (!pattern) throw Error(ErrorKind::BadInput, file + ": unknown \"pattern\" (" + patternNames() + ")");
    f.pattern = pattern->id;
    // Files written before data_type and op were recorded reduced floats with +. A pattern without an operation (a
    // histogram counts) is filed under sum, as the Timings view asks for it.
    const auto type = parseElemType(j.value("data_type", std::string("float")));
    const auto op = pattern->takesOp ? parseOp(j.value("op", std::string("sum"))) : std::optional<Op>(Op::Sum);
    if (!type || !op) throw Error(ErrorKind::BadInput, file + ": unknown \"data_type\" or \"op\"");
    f.type = *type;
    f.op = *op;
    if (j.contains("distribution") && j.contains("bins") && j.at("bins").is_number_integer() &&
        j.at("bins").get<long long>() > 0)
        f.problem = j.value("distribution", "") + " data, " + std::to_string(j.at("bins").get<long long>()) + " bins";
    if (!j.contains("measurements") || !j.at("measurements").is_array())
        throw Error(ErrorKind::BadInput, file + ": no \"measurements\" list");
    std::map<std::string, PeerSeries> byMethod;
    for (const auto& m : j.at("measurements")) {
        if (!m.is_object() || !m.contains("gbps") || !m.at("gbps").is_number()) continue;  // skipped ones have none
        if (m.value("skipped", false) || !m.value("correct", true)) continue;
        const std::string role = m.value("role", "");
        if (role != "framework-peer" && role != "opencl-peer" && role != "host-peer" && role != "ceiling") continue;
        const std::string method = m.value("method", "");
        if (method.empty() || !m.contains("n") || !m.at("n").is_number_unsigned()) continue;
        PeerSeries& s = byMethod[method];
        s.method = method;
        s.role = role;
        s.timing = m.value("timing", f.timing);
        const double gbps = m.at("gbps").get<double>();
        if (gbps > 0) s.gbps[m.at("n").get<size_t>()] = gbps;
    }
    for (auto& [method, s] : byMethod) {
        if (s.gbps.empty()) continue;
        (s.role == "ceiling" ? f.ceilings : f.peers).push_back(std::move(s));
    }
    auto atLargest = [](const PeerSeries& s) { return s.gbps.rbegin()->second; };
    std::sort(f.peers.begin(), f.peers.end(),
              [&](const PeerSeries& a, const PeerSeries& b) { return atLargest(a) > atLargest(b); });
    return f;
}

PeerFigures readPeerFigures(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw Error(ErrorKind::BadInput, "cannot read " + path);
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(in);
    } catch (const std::exception& e) {
        throw Error(ErrorKind::BadInput, path + " is not JSON: " + e.what());
    }
    return parsePeerFigures(j, path);
}

std::vector<PeerFigures> peerFiguresIn(const std::string& dir, std::vector<std::string>* problems) {
    std::vector<PeerFigures> out;
    std::error_code ec;
    if (dir.empty() || !fs::is_directory(dir, ec)) return out;
    for (const auto& e : fs::directory_iterator(dir, ec)) {
        if (e.path().extension() != ".json") continue;
        try {
            out.push_back(readPeerFigures(e.path().string()));
        } catch (const std::exception& x) {
            if (problems) problems->push_back(x.what());
        }
    }
    return out;
}

const PeerFigures* figuresFor(const std::vector<PeerFigures>& all, const DeviceKey& device, ElemType type, Op op,
                              Pattern pattern) {
    const PeerFigures* best = nullptr;
    for (const auto& f : all) {
        if (f.device != device.name || (!f.driver.empty() && !device.driver.empty() && f.driver != device.driver))
            continue;
        if (f.type != type || f.op != op || f.pattern != pattern || f.peers.empty()) continue;
        if (!best || f.date > best->date) best = &f;  // "YYYY-MM-DD HH:MM:SS UTC" sorts by time
    }
    return best;
}

std::string defaultPeerDir() {
    return userDataDir("bench");
}

}  // namespace rl::view
