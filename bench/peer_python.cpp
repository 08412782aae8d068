// Runs a Python peer script once over every size's data file and reads its JSON lines back.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>

#include "core/pattern.h"
#include "bench/peers.h"

namespace rl::bench {
namespace {

std::string quote(const std::string& s) {
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

Role roleOf(const std::string& r) {
    if (r == "opencl-peer") return Role::OpenClPeer;
    if (r == "framework-peer") return Role::FrameworkPeer;
    if (r == "ceiling") return Role::Ceiling;
    if (r == "reference") return Role::Reference;
    return Role::HostPeer;
}

// Runs one interpreter; returns false (with *why) if it could not run the peer at all.
bool runWith(const std::string& python, const PythonJob& job, std::vector<Measurement>& out, std::string* why) {
    std::string cmd =
        quote(python) + " " + quote(job.script) + " --warmup " + std::to_string(job.warmup) + " --repeats " +
        std::to_string(job.repeats) + " --timing " + job.timing + " --dtype " + std::string(toString(job.type)) +
        " --op " + std::string(toString(job.op)) + " --platform " + quote(job.platform) + " --device " +
        quote(job.device) + " --pattern " + patternInfo(job.pattern).name + (job.interleave ? " --interleave" : "") +
        (job.calls ? " --calls" : "") + (job.warmOnce ? " --warm-once" : "") + (job.coldL2 ? " --cold-l2" : "") +
        (job.passes > 1 ? " --passes " + std::to_string(job.passes) : "") + " --bins " + std::to_string(job.bins);
    for (const auto& [n, path] : job.files) cmd += " --data " + std::to_string(n) + "=" + quote(path);
    cmd += " 2>&1";
    FILE* pipe = popen(cmd.c_str(), "r");
    if (!pipe) {
        *why = "could not start " + python;
        return false;
    }
    std::string line, log;
    bool unavailable = false;
    char buf[4096];
    while (fgets(buf, sizeof buf, pipe)) {
        line += buf;
        if (line.empty() || line.back() != '\n') continue;
        line.pop_back();
        nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
        if (!line.empty() && line[0] == '{' && !j.is_discarded()) {
            if (j.contains("unavailable")) {
                unavailable = true;
                *why = python + ": " + j["unavailable"].get<std::string>();
            } else {
                Measurement m;
                m.method = j.value("method", "?");
                m.role = roleOf(j.value("role", ""));
                m.n = j.value("n", size_t(0));
                if (j.contains("skipped")) {
                    m.skipped = true;
                    m.verdict = j["skipped"].get<std::string>();
                } else {
                    m.timing = j.value("timing", "wall") == "device" ? Timing::Device : Timing::Wall;
                    m.medianMs = j.value("median_ms", 0.0);
                    m.minMs = j.value("min_ms", 0.0);
                    m.maxMs = j.value("max_ms", 0.0);
                    m.repeats = j.value("repeats", 0);
                    m.bytes = j.value("bytes", 0.0);
                    m.note = j.value("note", "");
                    if (j.contains("result") && j["result"].is_number()) {
                        m.result = j["result"].get<double>();
                        m.checked = true;  // checked by the caller against its reference
                    }
                    if (j.contains("correct") && j["correct"].is_boolean()) {  // checked by the peer (scans)
                        m.checked = true;
                        m.correct = j["correct"].get<bool>();
                        m.verdict = j.value("verdict", "");
                    }
                    if (j.contains("calls") && j["calls"].is_array())
                        for (const auto& c : j["calls"])
                            if (c.is_array() && c.size() == 3)
                                m.calls.push_back({c[0].get<double>(), c[1].get<double>(), c[2].get<double>()});
                    if (j.contains("results_all_equal") && !j["results_all_equal"].get<bool>())
                        m.note += "; results differed between runs";
                }
                out.push_back(m);
            }
        } else {
            log += "  " + line + "\n";
        }
        line.clear();
    }
    const int rc = pclose(pipe);
    if (unavailable) return false;
    if (rc != 0) {
        *why =
            python + " " + job.script + " exited with status " + std::to_string(rc) + (log.empty() ? "" : ":\n" + log);
        return !out.empty();
    }
    if (!log.empty()) std::cerr << job.script << " said:\n" << log;
    return true;
}

}  // namespace

std::string writeDataFile(const std::string& dir, uint64_t seed, const HostArray& input) {
    const std::string path = dir + "/reducelab_bench_" + std::to_string(input.size()) + "_" + std::to_string(seed) +
                             (input.type == ElemType::Int ? ".i32" : ".f32");
    std::ofstream f(path, std::ios::binary);
    f.write(static_cast<const char*>(input.data()), std::streamsize(input.bytes()));
    if (!f) throw Error(ErrorKind::DeviceFailure, "could not write " + path + ": choose another --tmp directory");
    return path;
}

std::vector<Measurement> runPythonPeer(const PythonJob& job, std::string* why) {
    std::string reasons;
    for (const auto& python : job.pythons) {
        std::vector<Measurement> out;
        std::string w;
        if (runWith(python, job, out, &w)) {
            if (!w.empty()) *why = w;
            return out;
        }
        reasons += (reasons.empty() ? "" : "; ") + w;
    }
    *why = reasons.empty() ? "no Python interpreter given" : reasons;
    return {};
}

}  // namespace rl::bench
