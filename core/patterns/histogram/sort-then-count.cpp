// sort-then-count: the descriptor and the CPU model of kernels/histogram/sort-then-count.cl.
// Lesson, cost and requirements are read from the kernel's banner; the model is what device traces are tested against.
#include "core/patterns/histogram/model_histogram.h"
#include "core/patterns/histogram/variants.h"

namespace rl::variants {
namespace {

// The cells are the wg keys, then the counts the group added to the global bins (bin b at cell wg + b).
Stage keysStage(int param, const std::vector<size_t>& keys, const std::vector<double>& counts) {
    Stage s;
    s.param = param;
    s.label = stageLabel(param);
    s.values.assign(keys.begin(), keys.end());
    s.values.insert(s.values.end(), counts.begin(), counts.end());
    s.ops.assign(keys.size(), WorkItemOp{});
    return s;
}

// The load (each work-item's key), a stage per bitonic step (the work-items that took their partner's key, as the
// kernel's compare-and-keep does it), and the runs counted (the first work-item of each run of a bin below nbins adds
// the run's length).
GroupTrace stages(const ModelInput& in) {
    const Binning binning = model::modelBinning(in);
    const size_t wg = in.pass.local, bins = binning.bins, n = in.input.size();
    GroupTrace g;
    g.group = int(in.group);
    std::vector<size_t> keys(wg, bins);
    std::vector<double> counts(bins, 0.0);
    Stage load = keysStage(-1, keys, counts);
    for (size_t lid = 0; lid < wg; ++lid) {
        const size_t i = in.group * wg + lid;
        if (i >= n) continue;
        keys[lid] = binning.binOf(in.input[i]);
        load.values[lid] = double(keys[lid]);
        load.ops[lid] = WorkItemOp{true, -1, -1, int(lid)};
    }
    g.stages.push_back(std::move(load));
    for (size_t k = 2; k <= wg; k <<= 1)
        for (size_t d = k >> 1; d > 0; d >>= 1) {
            std::vector<size_t> next = keys;
            std::vector<WorkItemOp> ops(wg);
            for (size_t lid = 0; lid < wg; ++lid) {
                const size_t partner = lid ^ d, mine = keys[lid], theirs = keys[partner];
                const bool keepSmaller = ((lid & k) == 0) == (lid < partner);
                if (keepSmaller ? theirs < mine : theirs > mine) {
                    next[lid] = theirs;
                    ops[lid] = WorkItemOp{true, int(partner), -1, int(lid)};
                }
            }
            keys = std::move(next);
            Stage st = keysStage(binsSortParam(k, d), keys, counts);
            st.ops = std::move(ops);
            g.stages.push_back(std::move(st));
        }
    std::vector<WorkItemOp> ops(wg);
    for (size_t lid = 0; lid < wg; ++lid) {
        if (keys[lid] >= bins || (lid > 0 && keys[lid - 1] == keys[lid])) continue;
        size_t end = lid + 1;
        while (end < wg && keys[end] == keys[lid]) ++end;
        counts[keys[lid]] = double(end - lid);
        const int cell = int(wg + keys[lid]);
        ops[lid] = WorkItemOp{true, cell, kRegisterOperand, cell};
    }
    Stage counted = keysStage(kBinsRunsCountedParam, keys, counts);
    counted.ops = std::move(ops);
    g.stages.push_back(std::move(counted));
    return g;
}

}  // namespace

VariantInfo sort_then_count() {
    VariantInfo v = histogramVariant("sort-then-count", "The tile sorted by bin, each run counted with one atomic");
    v.needsPow2WorkGroup = true;
    v.localBins = false;
    v.sortsTileKeys = true;
    v.notAStudentModel = "keeps a key per work-item in local memory, then the bins' counts after them, where a "
                         "student's histogram kernel has the contract's nbins counters: its stages cannot be laid "
                         "beside yours. Compare with privatized, coarsened or aggregated, which count into nbins "
                         "local counters";
    v.model = &stages;
    return v;
}

}  // namespace rl::variants
