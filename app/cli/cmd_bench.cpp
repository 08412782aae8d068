// reducelab bench: the Harris-style table on this device: time, bandwidth, step and cumulative speedup, and the
// share of a copy kernel's bandwidth measured in the same run; Harris's G80 figures beside his seven steps.
#include <iostream>

#include "app/cli/commands.h"
#include "app/cli/table.h"
#include "core/cl/engine.h"
#include "core/harris_reference.h"
#include "core/json_io.h"

namespace rl::cli {

int cmdBench(const Options& o) {
    Engine engine(selectDevice(o.device));
    RunConfig base = o.config;
    if (!o.raw.count("type")) base.type = ElemType::Int;  // Harris's table reduces ints
    std::vector<size_t> sizes = o.sizes.empty() ? std::vector<size_t>{size_t(1) << 22} : o.sizes;
    // The rows: the variants asked for (all by default), then a student's kernel with --kernel FILE, which by
    // default sits under the first step of the ladder, the baseline of the speedups.
    const bool own = o.raw.count("kernel") != 0;
    std::vector<VariantInfo> rowsToRun;
    if (o.variants.empty() && own)
        rowsToRun.push_back(*findVariant("interleaved-divergent"));
    else if (o.variants.empty() || (o.variants.size() == 1 && o.variants[0] == "all"))
        rowsToRun = allVariants();
    else
        for (const auto& id : o.variants) rowsToRun.push_back(*findVariant(id));
    if (own) {
        Options kernelOnly = o;
        kernelOnly.raw.erase("variant");
        kernelOnly.config.type = base.type;
        rowsToRun.push_back(chosenVariant(kernelOnly));
    }
    const int warmup = o.warmup < 0 ? 2 : o.warmup, repeats = o.repeats < 0 ? 10 : o.repeats;
    nlohmann::json out = {{"device", engine.device().name}, {"platform", engine.device().platform},
                          {"op", toString(base.op)}, {"type", toString(base.type)}, {"wg", base.wg},
                          {"warmup", warmup}, {"repeats", repeats}, {"sizes", nlohmann::json::array()}};
    bool anyFailure = false;
    for (size_t n : sizes) {
        base.n = n;
        engine.fits(n, base.type);  // before any input is allocated
        const HostArray input = makeInput(base.type, base.data, n, base.seed);
        const CopyCeiling copy = engine.copyCeiling(n, base.type, warmup, repeats);
        nlohmann::json rows = nlohmann::json::array();
        Table t({"variant", "ms", "GB/s", "step", "cumul.", "% copy", "result", "G80 ms", "G80 GB/s"});
        double firstMs = 0, prevMs = 0;
        std::vector<std::string> skipped;
        for (const VariantInfo& v : rowsToRun) {
            const std::string& id = v.id;
            RunConfig c = base;
            c.variant = id;
            const HarrisFigure* g80 = harrisFigure(v.harrisStep);
            nlohmann::json row = {{"variant", id}, {"n", n}};
            try {
                const RunResult r = engine.run(v, c, input, warmup, repeats);
                const double step = prevMs > 0 ? prevMs / r.medianMs : 1.0;
                if (firstMs == 0) firstMs = r.medianMs;
                const double cumulative = firstMs / r.medianMs;
                prevMs = r.medianMs;
                const double pct = copy.gbps > 0 ? 100.0 * r.gbps() / copy.gbps : 0;
                const std::string verdict = r.correct ? (v.correctByDesign ? "ok" : "ok (luck: not by design)")
                                                      : (v.correctByDesign ? "WRONG" : "WRONG (by design)");
                if (!r.correct && v.correctByDesign) anyFailure = true;
                t.add({id, fixed(r.medianMs, 3), fixed(r.gbps(), 2), fixed(step, 2) + "x", fixed(cumulative, 2) + "x",
                       fixed(pct, 1) + "%", verdict, g80 ? fixed(g80->timeMs, 3) : "", g80 ? fixed(g80->gbps, 3) : ""});
                row.update({{"time_ms", r.medianMs}, {"min_ms", r.minMs}, {"max_ms", r.maxMs}, {"gbps", r.gbps()},
                            {"step_speedup", step}, {"cumulative_speedup", cumulative}, {"pct_of_copy", pct},
                            {"correct", r.correct}, {"correct_by_design", v.correctByDesign}, {"verdict", r.verdict}});
            } catch (const Error& e) {
                t.add({id, "-", "-", "-", "-", "-", "skipped (below)"});
                skipped.push_back(id + ": " + e.what());
                row.update({{"skipped", e.what()}});
            }
            rows.push_back(row);
        }
        out["sizes"].push_back({{"n", n}, {"copy", json::copyCeiling(copy)}, {"rows", rows}});
        if (!o.json) {
            std::cout << "N = " << n << " " << toString(base.type) << " (" << bytes(n * elemSize(base.type)) << "), op "
                      << toString(base.op) << ", work-group " << base.wg << ", median of " << repeats << " after "
                      << warmup << " warm-up, on " << engine.device().name << "\n"
                      << "copy ceiling: " << fixed(copy.gbps, 2) << " GB/s (bytes read + written), "
                      << fixed(copy.medianMs, 3) << " ms\n\n";
            t.print(std::cout);
            for (const auto& line : skipped) std::cout << "skipped " << line << "\n";
            std::cout << "\nGB/s = bytes read once / median time. step = speedup over the row above; cumul. = over "
                         "the first row. G80 = Harris's published figures (2^22 ints, peak "
                      << kHarrisG80PeakGbps << " GB/s).\n\n";
        }
    }
    if (o.json) std::cout << out.dump(2) << "\n";
    return anyFailure ? 1 : 0;
}

}  // namespace rl::cli
