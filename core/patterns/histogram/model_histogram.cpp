// The histogram kernels' CPU models.
#include "core/patterns/histogram/model_histogram.h"

#include <algorithm>

namespace rl {

size_t binCopies(size_t bins) {
    size_t copies = 8;
    while (copies > 1 && copies * bins * 4 > (size_t(32) << 10)) copies /= 2;
    return copies;
}

}  // namespace rl

namespace rl::model {
namespace {

Stage binsStage(int param, const std::vector<double>& values, size_t wg) {
    Stage s;
    s.param = param;
    s.label = stageLabel(param);
    s.values = values;
    s.ops.assign(wg, WorkItemOp{});
    return s;
}

WorkItemOp increment(int word) { return WorkItemOp{true, word, kRegisterOperand, word}; }

}  // namespace

Binning modelBinning(const ModelInput& in) {
    if (!in.config)
        throw Error(ErrorKind::Unsupported, "the histogram models need the run's configuration (its bins and range)");
    return binningOf(*in.config, in.input);
}

GroupTrace privatizedGroup(const ModelInput& in, const HistogramShape& shape) {
    const Binning binning = modelBinning(in);
    const size_t wg = in.pass.local, epi = size_t(std::max(1, in.pass.elemsPerItem)), bins = binning.bins;
    const size_t copies = std::max<size_t>(1, shape.copies), words = bins * copies, n = in.input.size();
    const size_t tileEpi = shape.tileElems > 0 ? shape.tileElems : epi;
    // Step k's element for work-item lid: in the group's (k / tileEpi)-th tile, its (k % tileEpi)-th step.
    auto elementOf = [&](size_t k, size_t lid) {
        const size_t tile = in.group + (k / tileEpi) * (shape.tileElems > 0 ? in.pass.groups : 1), j = k % tileEpi;
        const size_t at = shape.order == TileOrder::Interleaved ? j * wg + lid
                          : shape.order == TileOrder::Vector4   ? 4 * ((j / 4) * wg + lid) + j % 4
                                                                : lid * tileEpi + j;
        return tile * wg * tileEpi + at;
    };
    GroupTrace g;
    g.group = int(in.group);
    std::vector<double> values(words, 0.0);

    Stage cleared = binsStage(kBinsClearedParam, values, wg);
    for (size_t lid = 0; lid < wg && lid < words; ++lid) cleared.ops[lid] = WorkItemOp{true, -1, -1, int(lid)};
    g.stages.push_back(std::move(cleared));

    std::vector<size_t> runBin(wg, bins), runCount(wg, 0);
    // A fixed grid's last groups may have a tile fewer: their steps end with their last tile.
    size_t steps = epi;
    if (shape.tileElems > 0) {
        const size_t tiles = (n + wg * tileEpi - 1) / (wg * tileEpi);
        steps = (in.group < tiles ? (tiles - in.group + in.pass.groups - 1) / in.pass.groups : 0) * tileEpi;
    }
    for (size_t k = 0; k < steps; ++k) {
        std::vector<WorkItemOp> ops(wg);
        for (size_t lid = 0; lid < wg; ++lid) {
            const size_t i = elementOf(k, lid);
            const size_t b = i < n ? binning.binOf(in.input[i]) : bins;
            if (shape.aggregate) {
                if (b != runBin[lid]) {
                    if (runCount[lid] > 0) {
                        values[runBin[lid]] += double(runCount[lid]);
                        ops[lid] = increment(int(runBin[lid]));
                    }
                    runBin[lid] = b;
                    runCount[lid] = 0;
                }
                if (b < bins) ++runCount[lid];
            } else if (shape.subGroup > 0) {
                // The lowest lane of its sub-group holding b counts for all of them.
                const size_t first = lid - lid % shape.subGroup, end = std::min(wg, first + shape.subGroup);
                bool lowest = true;
                size_t lanes = 0;
                for (size_t other = first; other < end; ++other) {
                    const size_t j = elementOf(k, other);
                    if ((j < n ? binning.binOf(in.input[j]) : bins) != b) continue;
                    lowest = lowest && other >= lid;
                    ++lanes;
                }
                if (b < bins && lowest) {
                    values[b] += double(lanes);
                    ops[lid] = increment(int(b));
                }
            } else if (b < bins) {
                const size_t word = b * copies + lid % copies;
                values[word] += 1;
                ops[lid] = increment(int(word));
            }
        }
        Stage st = binsStage(kBinsStepFlag | int(k), values, wg);
        st.ops = std::move(ops);
        g.stages.push_back(std::move(st));
    }
    if (shape.aggregate) {
        std::vector<WorkItemOp> ops(wg);
        for (size_t lid = 0; lid < wg; ++lid)
            if (runCount[lid] > 0) {
                values[runBin[lid]] += double(runCount[lid]);
                ops[lid] = increment(int(runBin[lid]));
            }
        Stage st = binsStage(kBinsFlushedParam, values, wg);
        st.ops = std::move(ops);
        g.stages.push_back(std::move(st));
    }
    if (copies > 1) {
        for (size_t c = 0; c < bins; ++c) {
            double sum = 0;
            for (size_t r = 0; r < copies; ++r) sum += values[c * copies + r];
            values[c * copies] = sum;
        }
        Stage st = binsStage(kBinsCopiesSummedParam, values, wg);
        for (size_t lid = 0; lid < wg && lid < bins; ++lid)
            st.ops[lid] = WorkItemOp{true, int(lid * copies), -1, int(lid * copies)};
        g.stages.push_back(std::move(st));
    }
    Stage merged = binsStage(kBinsMergedParam, values, wg);
    for (size_t lid = 0; lid < wg && lid < bins; ++lid) merged.ops[lid] = WorkItemOp{true, int(lid * copies), -1, -1};
    g.stages.push_back(std::move(merged));
    return g;
}

size_t bitonicSteps(size_t wg) {
    size_t log = 0;
    while ((size_t(1) << log) < wg) ++log;
    return log * (log + 1) / 2;
}

GroupTrace globalAtomicsGroup(const ModelInput& in) {
    const Binning binning = modelBinning(in);
    const size_t wg = in.pass.local, n = in.input.size();
    GroupTrace g;
    g.group = int(in.group);
    Stage st = binsStage(kBinsStepFlag, std::vector<double>(binning.bins, 0.0), wg);
    for (size_t lid = 0; lid < wg; ++lid) {
        const size_t i = in.group * wg + lid;
        if (i >= n) continue;
        if (const size_t b = binning.binOf(in.input[i]); b < binning.bins) {
            st.ops[lid] = increment(int(b));
            st.values[b] += 1;  // what the group added to the global bins
        }
    }
    g.stages.push_back(std::move(st));
    return g;
}

}  // namespace rl::model
