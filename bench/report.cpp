// Table and target checks of the bench.
#include "bench/report.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <iostream>
#include <filesystem>
#include <fstream>

#include "core/files/user_dirs.h"

namespace rl::bench {
namespace {

std::string fmt(const char* f, double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, f, v);
    return buf;
}

const Measurement* find(const std::vector<Measurement>& all, const std::string& method, size_t n) {
    for (const auto& m : all)
        if (m.method == method && m.n == n && !m.skipped) return &m;
    return nullptr;
}

// The fastest peer in this column (optionally of one role only), correct results only.
const Measurement* bestPeer(const std::vector<Measurement>& all, size_t n, const Role* only = nullptr) {
    const Measurement* best = nullptr;
    for (const auto& m : all)
        if (m.n == n && !m.skipped && isPeer(m.role) && (!only || m.role == *only) && m.correct &&
            (!best || m.gbps() > best->gbps()))
            best = &m;
    return best;
}

// The fastest correct copy kernel in this column (the engine's, or on CPU devices the contiguous one).
const Measurement* ceiling(const std::vector<Measurement>& all, size_t n) {
    const Measurement* best = nullptr;
    for (const auto& m : all)
        if (m.n == n && !m.skipped && m.role == Role::Ceiling && (!m.checked || m.correct) &&
            (!best || m.gbps() > best->gbps()))
            best = &m;
    return best;
}

}  // namespace

std::string sizeLabel(size_t n) {
    if (n && !(n & (n - 1))) {
        int k = 0;
        while ((size_t(1) << k) < n) ++k;
        return "2^" + std::to_string(k);
    }
    return std::to_string(n);
}

void printTable(std::ostream& out, const std::vector<Measurement>& all, const std::vector<size_t>& sizes) {
    std::vector<std::string> methods;
    for (Role role :
         {Role::ReduceLab, Role::Trial, Role::OpenClPeer, Role::HostPeer, Role::FrameworkPeer, Role::Ceiling,
          Role::Reference})
        for (const auto& m : all)
            if (m.role == role && std::find(methods.begin(), methods.end(), m.method) == methods.end())
                methods.push_back(m.method);
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> header = {"method"};
    for (size_t n : sizes) header.push_back(sizeLabel(n));
    rows.push_back(header);
    for (const auto& method : methods) {
        std::vector<std::string> row = {method};
        for (size_t n : sizes) {
            const Measurement* m = find(all, method, n);
            if (!m) {
                bool skipped = false;
                for (const auto& s : all) skipped |= s.method == method && s.n == n && s.skipped;
                row.push_back(skipped ? "skipped" : "-");
                continue;
            }
            std::string cell = fmt("%.1f", m->gbps());
            if (m->checked && !m->correct) cell += " WRONG";
            const Measurement* peer = bestPeer(all, n);
            const Measurement* copy = ceiling(all, n);
            const bool isCopy = m->role == Role::Ceiling || m->role == Role::Reference;
            cell += " " + (peer && !isCopy ? fmt("%.2fx", m->gbps() / peer->gbps()) : std::string("    -"));
            cell += " " + (copy && !isCopy ? fmt("%4.0f%%", 100.0 * m->gbps() / copy->gbps()) : std::string("    -"));
            row.push_back(cell);
        }
        rows.push_back(row);
    }
    std::vector<size_t> width(header.size(), 0);
    for (const auto& r : rows)
        for (size_t c = 0; c < r.size(); ++c) width[c] = std::max(width[c], r[c].size());
    for (size_t i = 0; i < rows.size(); ++i) {
        for (size_t c = 0; c < rows[i].size(); ++c) {
            const std::string& s = rows[i][c];
            const std::string pad(width[c] - s.size(), ' ');
            out << (c ? "  " : "") << (c == 0 ? s + pad : pad + s);
        }
        out << "\n";
        if (i == 0) {
            size_t total = 0;
            for (size_t w : width) total += w + 2;
            out << std::string(total - 2, '-') << "\n";
        }
    }
}

std::vector<TargetCheck> checkTargets(const std::vector<Measurement>& all, const std::vector<size_t>& sizes,
                                      const std::string& best, bool cpuDevice, const std::string& op) {
    std::vector<TargetCheck> out;
    auto add = [&](const std::string& what, const Measurement* ours, const Measurement* other, double target,
                   bool otherIsCopy) {
        TargetCheck t;
        t.what = what;
        t.target = target;
        if (!ours || !other) {
            t.detail = !ours ? best + " not measured" : "peer not measured";
        } else if (ours->checked && !ours->correct) {
            t.detail = best + " gave a wrong result";
        } else {
            t.ratio = ours->gbps() / other->gbps();
            t.met = t.ratio >= target;
            t.detail = fmt("%.1f", ours->gbps()) + " vs " + fmt("%.1f", other->gbps()) + " GB/s (" + other->method +
                       (otherIsCopy ? ", bytes read + written" : "") + ")";
        }
        out.push_back(t);
    };
    for (size_t n : sizes) {
        const Measurement* ours = find(all, best, n);
        if (cpuDevice) {
            const Role opencl = Role::OpenClPeer, host = Role::HostPeer;
            add(best + " / best OpenCL peer at " + sizeLabel(n), ours, bestPeer(all, n, &opencl), 2.0, false);
            add(best + " / host std::reduce at " + sizeLabel(n), ours, bestPeer(all, n, &host), 1.0, false);
        } else {
            add(best + " / cupy." + op + " at " + sizeLabel(n), ours, find(all, "cupy." + op, n), 1.0, false);
            add(best + " / torch." + op + " at " + sizeLabel(n), ours, find(all, "torch." + op, n), 1.0, false);
            if (n >= (size_t(1) << 28))
                add(best + " / copy kernel at " + sizeLabel(n), ours, ceiling(all, n), 0.95, true);
        }
    }
    return out;
}

nlohmann::json wgJson(const BenchOptions& o) {
    return o.wgGiven ? nlohmann::json(o.wg) : nlohmann::json("each variant's own (its note names it)");
}

// $XDG_DATA_HOME/reducelab/bench/ (else ~/.local/share/...), the newest run per file name.
std::string keepForTheExplorer(const nlohmann::json& j, const std::string& device) {
    const std::string dir = userDataDir("bench");
    if (dir.empty()) return "";
    std::string name;
    for (char c : device) name += std::isalnum(static_cast<unsigned char>(c)) ? c : '-';
    name += "_" + j.value("data_type", std::string("float")) + "_" + j.value("op", std::string("sum"));
    if (j.value("pattern", std::string("reduce")) != "reduce") name += "_" + j.value("pattern", std::string());
    name += ".json";
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    std::ofstream out(dir + "/" + name, std::ios::trunc);
    out << j.dump(2) << "\n";
    return out ? dir + "/" + name : "";
}

TargetCheck bestAgainst(const std::vector<Measurement>& all, size_t n, const std::string& what, Role role,
                        double goal, const std::string& noun) {
    auto fastest = [&](auto wanted) {
        const Measurement* best = nullptr;
        for (const auto& m : all)
            if (m.n == n && !m.skipped && wanted(m) && (!best || m.gbps() > best->gbps())) best = &m;
        return best;
    };
    const Measurement* ours = fastest([](const Measurement& m) { return m.role == Role::ReduceLab && m.correct; });
    const Measurement* other = fastest([&](const Measurement& m) { return m.role == role && (!m.checked || m.correct); });
    TargetCheck t;
    t.what = what + " at " + sizeLabel(n);
    t.target = goal;
    if (!ours || !other) {
        t.detail = !ours ? "no ReduceLab " + noun + " measured" : "nothing measured to compare with";
    } else {
        t.ratio = ours->gbps() / other->gbps();
        t.met = t.ratio >= goal;
        t.detail = ours->method + " " + std::to_string(ours->gbps()).substr(0, 6) + " vs " + other->method + " " +
                   std::to_string(other->gbps()).substr(0, 6) + " GB/s";
    }
    return t;
}

void printTargets(std::ostream& out, const std::vector<TargetCheck>& checks) {
    size_t w = 0;
    for (const auto& t : checks) w = std::max(w, t.what.size());
    for (const auto& t : checks)
        out << t.what << std::string(w - t.what.size(), ' ') << "  "
            << (t.ratio > 0 ? fmt("%6.2fx", t.ratio) : "     -") << " (target >= " << fmt("%.2f", t.target) << ")  "
            << (t.met ? "met    " : "NOT MET") << "  " << t.detail << "\n";
}

std::string now() {
    char buf[64];
    const std::time_t t = std::time(nullptr);
    std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S %Z", std::localtime(&t));
    return buf;
}

std::string warmUpWords(const BenchOptions& o) {
    return "after >= " + std::to_string(o.warmup) + " warm-up runs and >= " + std::to_string(int(kMinWarmupMs)) +
           " ms" + (o.warmOnce ? " (the ms once per size, its first method's)" : "");
}

nlohmann::json runHeader(const BenchOptions& o, const DeviceInfo& dev, Timing timing, const std::string& mode,
                         const std::string& typeName, const std::string& op) {
    return {{"date", now()},
            {"device", dev.name},
            {"platform", dev.platform},
            {"driver", dev.driver},
            {"type", dev.type},
            {"compute_units", dev.computeUnits},
            {"timing", toString(timing)},
            {"timing_mode", mode},
            {"data_type", typeName},
            {"op", op},
            {"warmup", o.warmup},
            {"warm_floor", o.warmOnce ? "once per size" : "every method"},
            {"repeats", o.repeats},
            {"seed", o.seed},
            {"wg", wgJson(o)},
            {"epi", o.epi > 0 ? nlohmann::json(o.epi) : nlohmann::json("each variant's own (its note names the groups)")},
            {"block", o.block},
            {"cold_l2", o.coldL2},
            // wall clock minus the monotonic clock --calls stamps: lines the calls up with samples taken on the
            // wall clock (bench/gpu/clocks.sh)
            {"wall_minus_monotonic_s",
             std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count() -
                 std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count()}};
}

void writeRun(nlohmann::json& j, const std::vector<Measurement>& all, const std::vector<TargetCheck>& targets,
              const BenchOptions& o, const std::string& device) {
    j["measurements"] = nlohmann::json::array();
    for (const auto& m : all) j["measurements"].push_back(toJson(m, o.calls));
    j["targets"] = nlohmann::json::array();
    for (const auto& t : targets)
        j["targets"].push_back(
            {{"what", t.what}, {"ratio", t.ratio}, {"target", t.target}, {"met", t.met}, {"detail", t.detail}});
    if (!o.jsonPath.empty()) std::ofstream(o.jsonPath) << j.dump(2) << "\n";
    if (const std::string kept = keepForTheExplorer(j, device); !kept.empty())
        std::cout << "figures kept for the explorer's Timings view: " << kept << "\n";
}

PythonJob pythonJob(const BenchOptions& o, const std::string& peer, const std::vector<std::pair<size_t, std::string>>& files,
                    const std::string& mode, const DeviceInfo& dev) {
    PythonJob job;
    job.script = o.scriptDir + "/peer_" + peer + ".py";
    job.pythons = o.pythons;
    job.files = files;
    job.warmup = o.warmup;
    job.repeats = o.repeats;
    job.timing = mode;
    job.calls = o.calls;
    job.warmOnce = o.warmOnce;
    job.coldL2 = o.coldL2;
    job.type = o.type;
    job.platform = dev.platform;
    job.device = dev.name;
    return job;
}

std::vector<Measurement> runPython(const PythonJob& job, const std::vector<size_t>& sizes, const std::string& fallback,
                                   Role role, const std::string& what) {
    std::string why;
    std::cerr << "running " << job.script << (what.empty() ? "" : " " + what) << "\n";
    std::vector<Measurement> got = runPythonPeer(job, &why);
    if (got.empty())
        for (size_t n : sizes) got.push_back(skippedMeasurement(fallback, role, n, why));
    else if (!why.empty())
        std::cerr << why << "\n";
    return got;
}

}  // namespace rl::bench
