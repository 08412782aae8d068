// reducelab bench: the Harris-style table on this device: time, bandwidth, step and cumulative speedup, and the
// share of a copy kernel's bandwidth measured in the same run; Harris's G80 figures beside his seven steps. The rows
// and the copy kernel are timed in turns, one call each per round, so their medians come from the same minutes.
#include <algorithm>
#include <iostream>
#include <map>
#include <optional>

#include "app/cli/commands.h"
#include "app/cli/table.h"
#include "core/cl/engine.h"
#include "core/cl/timed_run.h"
#include "core/model/harris_reference.h"
#include "core/files/json_io.h"
#include "core/pattern.h"
#include "core/model/reference.h"
#include "core/files/run_settings.h"
#include "core/process/child_process.h"

namespace rl::cli {
namespace {

// A student's kernel timed at every size in a child process (forked before this process opens OpenCL), so a kernel
// that never ends or crashes the driver costs one row, not the benchmark. Per size: the run's JSON, or the reason
// it did not run.
struct OwnRows {
    std::map<size_t, RunResult> results;
    std::map<size_t, std::string> skipped;
    std::string failure;  // the child did not finish: why (every size then shows it)
};

OwnRows timeOwnKernel(const VariantInfo& own, const Options& o, const RunConfig& base,
                      const std::vector<size_t>& sizes, int warmup, int repeats, double timeoutSeconds) {
    const process::ChildResult child = process::runForked(
        [&] {
            nlohmann::json out = nlohmann::json::array();
            Engine engine(selectDevice(o.device));
            for (size_t n : sizes) {
                RunConfig c = base;
                c.n = n;
                c.variant = own.id;
                try {
                    engine.fits(n, c.type);
                    const HostArray input = makeInput(c);
                    out.push_back({{"n", n}, {"result", json::runResult(engine.run(own, c, input, warmup, repeats))}});
                } catch (const Error& e) {
                    out.push_back({{"n", n}, {"skipped", e.what()}});
                }
            }
            return out.dump() + "\n";
        },
        timeoutSeconds);
    OwnRows rows;
    if (child.end == process::ChildResult::End::TimedOut) {
        rows.failure = "did not finish within " + std::to_string(int(timeoutSeconds)) +
                       " s and was stopped (a loop that never ends? --timeout sets the limit)";
        return rows;
    }
    try {
        if (!child.exited() || child.exitCode != 0) throw std::runtime_error(child.describe());
        for (const auto& e : nlohmann::json::parse(child.out)) {
            const size_t n = e.at("n").get<size_t>();
            if (e.contains("skipped"))
                rows.skipped[n] = e.at("skipped").get<std::string>();
            else
                rows.results[n] = json::readRunResult(e.at("result"));
        }
    } catch (const std::exception&) {
        std::string why = child.err;
        while (!why.empty() && (why.back() == '\n' || why.back() == ' ')) why.pop_back();
        if (why.rfind('\n') != std::string::npos) why = why.substr(why.rfind('\n') + 1);
        rows.failure = "the process timing it " + child.describe() + (why.empty() ? "" : ": " + why) +
                       " (reducelab check --kernel shows why: out-of-bounds accesses are the usual cause)";
    }
    return rows;
}

// One row of the table timed in turns with the others: its result, or why it was skipped. The last entry holds
// the copy kernel's ceiling.
struct TimedRow {
    RunResult result;
    std::string skipped;
    ErrorKind skippedKind = ErrorKind::Unsupported;
    CopyCeiling copy;
};

// Times the rows and the copy kernel in turns: every row's warm-up first, then `repeats` rounds of one call each
// (rl::timeInTurns), so that every median samples the same moments of the machine (core/cl/timed_run.h says why).
// The student's own kernel (ownId) is timed in its child.
std::vector<TimedRow> timeRows(Engine& engine, const std::vector<VariantInfo>& rowsToRun, const std::string& ownId,
                               const RunConfig& base, const HostArray& input, bool withCopy, int warmup,
                               int repeats) {
    std::vector<TimedRow> out(rowsToRun.size() + 1);
    std::vector<std::optional<TimedRun>> timed(rowsToRun.size());
    const bool anyRow = std::any_of(rowsToRun.begin(), rowsToRun.end(), [&](const VariantInfo& v) { return v.id != ownId; });
    if (!anyRow && !withCopy) return out;  // --kernel-only: the student's kernel is timed in its own process
    const cl::Buffer uploaded = engine.upload(input);
    const Reference reference = computeReference(input, base.op);
    auto skip = [&](size_t i, const Error& e) {
        out[i].skipped = e.what();
        out[i].skippedKind = e.kind();
        timed[i].reset();
    };
    std::vector<TimedCall*> calls;
    for (size_t i = 0; i < rowsToRun.size(); ++i) {
        if (rowsToRun[i].id != ownId) {
            RunConfig c = base;
            c.variant = rowsToRun[i].id;
            try {
                timed[i].emplace(engine, rowsToRun[i], c, input, uploaded, reference);
                timed[i]->warmup(warmup);
            } catch (const Error& e) {
                skip(i, e);
            }
        }
        calls.push_back(timed[i] ? &*timed[i] : nullptr);
    }
    std::optional<TimedCopy> copy;
    if (withCopy) {
        copy.emplace(engine, base.n, base.type);
        copy->warmup(warmup);
        calls.push_back(&*copy);
    }
    rl::timeInTurns(calls, repeats, [&](size_t i, const Error& e) {
        if (i < rowsToRun.size()) skip(i, e);
        else throw e;  // the copy kernel failed: the device is in trouble, not one row
    });
    for (size_t i = 0; i < rowsToRun.size(); ++i)
        if (timed[i]) out[i].result = timed[i]->result();
    if (copy) out.back().copy = copy->result();
    return out;
}

}  // namespace

int cmdBench(const Options& o) {
    RunConfig base = o.config;
    if (!o.raw.count("wg")) base.wg = kTimedWorkGroup;  // a table of speeds: the timed size, not a trace's 16
    std::vector<size_t> sizes = o.sizes.empty() ? std::vector<size_t>{size_t(1) << 22} : o.sizes;
    // The rows: the variants asked for (all by default), then a student's kernel with --kernel FILE, which by
    // default sits under the first step of the ladder, the baseline of the speedups.
    const bool own = o.raw.count("kernel") != 0;
    const bool kernelOnly = o.raw.count("kernel-only") != 0;
    if (kernelOnly && !own) throw UsageError("--kernel-only needs --kernel FILE");
    std::vector<VariantInfo> rowsToRun;
    if (kernelOnly)
        ;
    else if (o.variants.empty() && own)
        rowsToRun.push_back(patternVariants(o.pattern).front());  // the ladder's first step
    else if (o.variants.empty() || (o.variants.size() == 1 && o.variants[0] == "all"))
        rowsToRun = patternVariants(o.pattern);
    else
        for (const auto& id : o.variants) rowsToRun.push_back(*findVariant(id));
    const int warmup = o.warmup < 0 ? 2 : o.warmup, repeats = o.repeats < 0 ? 10 : o.repeats;
    OwnRows ownRows;
    std::string ownId;
    if (own) {
        Options ownOptions = o;
        ownOptions.raw.erase("variant");
        ownOptions.config.type = base.type;
        const VariantInfo v = chosenVariant(ownOptions);
        ownId = v.id;
        rowsToRun.push_back(v);
        const double timeout =
            o.raw.count("timeout") ? double(parseInteger("--timeout", o.raw.at("timeout"), 1, 3600)) : 120.0;
        ownRows = timeOwnKernel(v, o, base, sizes, warmup, repeats, timeout);  // before this process opens OpenCL
    }
    Engine engine(selectDevice(o.device));
    nlohmann::json out = {{"pattern", patternInfo(o.pattern).name}, {"device", engine.device().name}, {"platform", engine.device().platform},
                          {"op", toString(base.op)}, {"type", toString(base.type)}, {"wg", base.wg},
                          {"warmup", warmup}, {"repeats", repeats}, {"sizes", nlohmann::json::array()},
                          {"data", settingText(base, "data")}, {"timing", "device"}};
    for (const std::string& name : patternInfo(o.pattern).ownSettings)  // a histogram's bins and range
        out[name] = settingText(base, name);
    bool anyFailure = false;
    for (size_t n : sizes) {
        base.n = n;
        engine.fits(n, base.type);  // before any input is allocated
        const HostArray input = makeInput(base);
        const std::vector<TimedRow> timedRows = timeRows(engine, rowsToRun, own ? ownId : "", base, input,
                                                             !kernelOnly, warmup, repeats);
        const CopyCeiling copy = timedRows.back().copy;
        nlohmann::json rows = nlohmann::json::array();
        // Harris's G80 figures are a reduction's: a scan's table ends at the verdict.
        const bool g80Columns = patternInfo(o.pattern).harrisFigures;
        auto columns = [g80Columns](std::vector<std::string> r) {
            if (!g80Columns) r.resize(std::min<size_t>(r.size(), 7));
            return r;
        };
        Table t(columns({"variant", "ms", "GB/s", "step", "cumul.", "% copy", "result", "G80 ms", "G80 GB/s"}));
        double firstMs = 0, prevMs = 0;
        std::vector<std::string> skipped;
        for (size_t rowIndex = 0; rowIndex < rowsToRun.size(); ++rowIndex) {
            const VariantInfo& v = rowsToRun[rowIndex];
            const std::string& id = v.id;
            const HarrisFigure* g80 = harrisFigure(v.harrisStep);
            nlohmann::json row = {{"variant", id}, {"n", n}};
            try {
                const bool isOwn = own && id == ownId;
                if (isOwn && !ownRows.failure.empty()) throw Error(ErrorKind::DeviceFailure, ownRows.failure);
                if (isOwn && ownRows.skipped.count(n)) throw Error(ErrorKind::BadInput, ownRows.skipped.at(n));
                if (!isOwn && !timedRows[rowIndex].skipped.empty())
                    throw Error(timedRows[rowIndex].skippedKind, timedRows[rowIndex].skipped);
                const RunResult r = isOwn ? ownRows.results.at(n) : timedRows[rowIndex].result;
                const double step = prevMs > 0 ? prevMs / r.medianMs : 1.0;
                if (firstMs == 0) firstMs = r.medianMs;
                const double cumulative = firstMs / r.medianMs;
                prevMs = r.medianMs;
                const double pct = copy.gbps > 0 ? 100.0 * r.gbps() / copy.gbps : 0;
                const std::string verdict = r.correct ? (v.correctByDesign ? "ok" : "ok (luck: not by design)")
                                                      : (v.correctByDesign ? "WRONG" : "WRONG (by design)");
                if (!r.correct && v.correctByDesign) anyFailure = true;
                t.add(columns({id, fixed(r.medianMs, 3), fixed(r.gbps(), 2), fixed(step, 2) + "x",
                               fixed(cumulative, 2) + "x", (copy.gbps > 0 ? fixed(pct, 1) + "%" : "-"), verdict,
                               g80 ? fixed(g80->timeMs, 3) : "", g80 ? fixed(g80->gbps, 3) : ""}));
                row.update({{"time_ms", r.medianMs}, {"min_ms", r.minMs}, {"max_ms", r.maxMs}, {"gbps", r.gbps()},
                            {"step_speedup", step}, {"cumulative_speedup", cumulative}, {"pct_of_copy", pct},
                            {"correct", r.correct}, {"correct_by_design", v.correctByDesign}, {"verdict", r.verdict},
                            {"result", json::value(r.result)}, {"reference", json::value(r.reference)}});
            } catch (const Error& e) {
                if (own && id == ownId) anyFailure = true;  // the user's own kernel failed: not a device limit
                t.add({id, "-", "-", "-", "-", "-", "skipped (below)"});
                skipped.push_back(id + ": " + e.what());
                row.update({{"skipped", e.what()}});
            }
            rows.push_back(row);
        }
        out["sizes"].push_back({{"n", n}, {"copy", json::copyCeiling(copy)}, {"rows", rows}});
        if (!o.json) {
            std::cout << "N = " << n << " " << toString(base.type) << " (" << bytes(n * elemSize(base.type)) << "), op "
                      << toString(base.op) << ", work-group " << base.wg << ", median of " << repeats << " calls timed in turns with the other rows after "
                      << warmup << " warm-up, on " << engine.device().name << "\n";
            if (!kernelOnly)
                std::cout << "copy ceiling: " << fixed(copy.gbps, 2) << " GB/s (bytes read + written), "
                          << fixed(copy.medianMs, 3) << " ms\n";
            std::cout << "\n";
            t.print(std::cout);
            for (const auto& line : skipped) std::cout << "skipped " << line << "\n";
            const PatternInfo& info = patternInfo(o.pattern);
            std::cout << "\nGB/s = " << info.bandwidthNote
                      << " / median time. step = speedup over the row above; cumul. = over the first row.";
            if (info.harrisFigures)
                std::cout << " G80 = Harris's published figures (2^22 ints, peak " << kHarrisG80PeakGbps << " GB/s).";
            std::cout << "\n\n";
        }
    }
    if (o.json) std::cout << out.dump(2) << "\n";
    return anyFailure ? 1 : 0;
}

}  // namespace rl::cli
