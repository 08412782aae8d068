// The scan models' stages and the whole multi-level scan.
#include "core/model/model_scan.h"

#include "core/model/model_tree.h"

namespace rl::model {

void appendHillisSteeleSteps(GroupTrace& g, const ModelInput& in) {
    const size_t wg = in.pass.local;
    for (size_t d = 1; d < wg; d <<= 1) {
        const Stage& prev = g.stages.back();
        Stage st = treeStage(prev, kScanStepFlag | int(d));
        for (size_t lid = d; lid < wg; ++lid) {
            st.values[lid] = apply(in.op, in.type, prev.values[lid - d], prev.values[lid]);
            st.ops[lid] = {true, int(lid - d), int(lid), int(lid)};
        }
        g.stages.push_back(std::move(st));
    }
}

namespace {

// Whether the run x[base, base + epi) walks as vectors of the variant's lanes: a whole run of whole vectors.
bool walksAsVectors(const VariantInfo& variant, size_t xSize, size_t base, size_t epi) {
    const size_t lanes = size_t(std::max(0, variant.runLanes));
    return lanes > 1 && epi % lanes == 0 && base + epi <= xSize;
}

// The run x[base, base + epi) of whole vectors scanned from the identity as the kernel's first walk does: each
// vector's lanes in Hillis-Steele steps, then combined with the carry (the last lane of the vector before).
std::vector<double> vectorRunScan(size_t lanes, Op op, ElemType type, const std::vector<double>& x, size_t base,
                                  size_t epi) {
    std::vector<double> local(epi);
    double carry = identity(op, type);
    std::vector<double> v(lanes);
    for (size_t k = 0; k < epi; k += lanes) {
        for (size_t l = 0; l < lanes; ++l) v[l] = x[base + k + l];
        for (size_t d = 1; d < lanes; d *= 2)
            for (size_t l = lanes; l-- > 0;) v[l] = apply(op, type, l >= d ? v[l - d] : identity(op, type), v[l]);
        for (size_t l = 0; l < lanes; ++l) local[k + l] = v[l] = apply(op, type, carry, v[l]);
        carry = v[lanes - 1];
    }
    return local;
}

}  // namespace

double runTotal(const VariantInfo& variant, Op op, ElemType type, const std::vector<double>& x, size_t base,
                size_t epi) {
    if (walksAsVectors(variant, x.size(), base, epi))
        return vectorRunScan(size_t(variant.runLanes), op, type, x, base, epi).back();
    double run = identity(op, type);
    for (size_t k = 0; k < epi; ++k) run = apply(op, type, run, base + k < x.size() ? x[base + k] : identity(op, type));
    return run;
}

void scanRunFrom(const VariantInfo& variant, double offset, const std::vector<double>& x, size_t base, size_t epi,
                 Op op, ElemType type, bool exclusive, std::vector<double>& out) {
    if (!walksAsVectors(variant, std::min(x.size(), out.size()), base, epi)) {
        double run = identity(op, type);
        for (size_t k = 0; k < epi && base + k < out.size(); ++k) {
            const double before = run;
            run = apply(op, type, run, x[base + k]);
            out[base + k] =
                exclusive ? (k == 0 ? offset : apply(op, type, offset, before)) : apply(op, type, offset, run);
        }
        return;
    }
    // The run's own scan (the first walk), then the offset combined on the left of each element (the second).
    const std::vector<double> local = vectorRunScan(size_t(variant.runLanes), op, type, x, base, epi);
    for (size_t k = 0; k < epi; ++k) {
        const double own = exclusive ? (k == 0 ? identity(op, type) : local[k - 1]) : local[k];
        out[base + k] = apply(op, type, offset, own);
    }
}

Stage runTotalsLoad(const ModelInput& in, size_t tile) {
    const size_t wg = in.pass.local, epi = size_t(std::max(1, in.pass.elemsPerItem));
    Stage load = loadStage(wg);
    for (size_t lid = 0; lid < wg; ++lid) {
        const size_t base = (tile * wg + lid) * epi;
        load.values[lid] = runTotal(in.variant, in.op, in.type, in.input, base, epi);
        if (base < in.pass.n) load.ops[lid] = {true, -1, -1, int(lid)};
    }
    return load;
}

void appendShiftRight(GroupTrace& g, const ModelInput& in, int param) {
    const Stage& prev = g.stages.back();
    Stage st = treeStage(prev, param);
    for (size_t lid = 0; lid < st.values.size(); ++lid) {
        st.values[lid] = lid > 0 ? prev.values[lid - 1] : identity(in.op, in.type);
        if (lid > 0) st.ops[lid] = {true, int(lid - 1), -1, int(lid)};
    }
    g.stages.push_back(std::move(st));
}

void appendBlellochSweeps(GroupTrace& g, const ModelInput& in) {
    const size_t wg = in.pass.local;
    const std::vector<double> own = g.stages.back().values;  // each work-item keeps its input in a register
    for (size_t d = 1; d < wg; d <<= 1) {
        const Stage& prev = g.stages.back();
        Stage st = treeStage(prev, kUpSweepFlag | int(d));
        for (size_t k = 0; (2 * k + 2) * d - 1 < wg; ++k) {
            const size_t ai = (2 * k + 1) * d - 1, bi = (2 * k + 2) * d - 1;
            st.values[bi] = apply(in.op, in.type, prev.values[ai], prev.values[bi]);
            st.ops[k] = {true, int(ai), int(bi), int(bi)};
        }
        g.stages.push_back(std::move(st));
    }
    {
        Stage st = treeStage(g.stages.back(), kClearRootParam);
        st.values[wg - 1] = identity(in.op, in.type);
        st.ops[wg - 1] = {true, -1, -1, int(wg - 1)};
        g.stages.push_back(std::move(st));
    }
    for (size_t d = wg / 2; d >= 1; d >>= 1) {
        const Stage& prev = g.stages.back();
        Stage st = treeStage(prev, kDownSweepFlag | int(d));
        for (size_t k = 0; (2 * k + 2) * d - 1 < wg; ++k) {
            const size_t ai = (2 * k + 1) * d - 1, bi = (2 * k + 2) * d - 1;
            st.values[ai] = prev.values[bi];
            st.values[bi] = apply(in.op, in.type, prev.values[bi], prev.values[ai]);
            st.ops[k] = {true, int(bi), -1, int(ai), int(ai), int(bi), int(bi)};
        }
        g.stages.push_back(std::move(st));
    }
    if (in.exclusive) return;
    const Stage& prev = g.stages.back();
    Stage st = treeStage(prev, kAddOwnParam);
    for (size_t lid = 0; lid < wg; ++lid) {
        st.values[lid] = apply(in.op, in.type, prev.values[lid], own[lid]);
        st.ops[lid] = {true, int(lid), kRegisterOperand, int(lid)};
    }
    g.stages.push_back(std::move(st));
}

namespace {

// The inclusive scan of `cells` in Hillis-Steele's order (what appendHillisSteeleSteps computes, without stages).
std::vector<double> hillisSteele(std::vector<double> cells, Op op, ElemType type) {
    for (size_t d = 1; d < cells.size(); d <<= 1) {
        std::vector<double> next = cells;
        for (size_t i = d; i < cells.size(); ++i) next[i] = apply(op, type, cells[i - d], cells[i]);
        cells = std::move(next);
    }
    return cells;
}

// A sequential-addressing tree over `cells` (a power-of-two count): cell 0 at the end.
double sequentialTree(std::vector<double> cells, Op op, ElemType type) {
    for (size_t s = cells.size() / 2; s > 0; s >>= 1)
        for (size_t i = 0; i < s; ++i) cells[i] = apply(op, type, cells[i], cells[i + s]);
    return cells.empty() ? identity(op, type) : cells[0];
}

struct Chunk {
    size_t start = 0, end = 0;
};

Chunk chunkOf(const PassPlan& pass, size_t group) {
    const size_t chunk = scanChunk(pass);
    return {std::min(pass.n, group * chunk), std::min(pass.n, group * chunk + chunk)};
}

// Work-item lid's accumulator in the totals launch: its runs over the chunk's tiles, element by element.
std::vector<double> totalsCells(const ModelInput& in, size_t group) {
    const size_t wg = in.pass.local, epi = size_t(std::max(1, in.pass.elemsPerItem));
    const Chunk c = chunkOf(in.pass, group);
    std::vector<double> cells(wg, identity(in.op, in.type));
    for (size_t lid = 0; lid < wg; ++lid)
        for (size_t base = c.start + lid * epi; base < c.end; base += wg * epi)
            for (size_t k = 0; k < epi && base + k < c.end; ++k)
                cells[lid] = apply(in.op, in.type, cells[lid], in.input[base + k]);
    return cells;
}

// The carry into group g's chunk: the totals of the chunks before it, work-item lid taking totals lid, lid + wg, ...
double carryInto(const ModelInput& in, size_t group) {
    std::vector<double> cells(in.pass.local, identity(in.op, in.type));
    for (size_t j = 0; j < group; ++j) {
        const double total = sequentialTree(totalsCells(in, j), in.op, in.type);
        cells[j % cells.size()] = apply(in.op, in.type, cells[j % cells.size()], total);
    }
    return sequentialTree(cells, in.op, in.type);
}

// The runs of the tile at `tile`: each work-item's inclusive scan of its RL_EPI elements (identity past `end`).
std::vector<std::vector<double>> runsOf(const ModelInput& in, size_t tile, size_t end) {
    const size_t wg = in.pass.local, epi = size_t(std::max(1, in.pass.elemsPerItem));
    std::vector<std::vector<double>> runs(wg, std::vector<double>(epi));
    for (size_t lid = 0; lid < wg; ++lid) {
        double run = identity(in.op, in.type);
        for (size_t k = 0; k < epi; ++k) {
            const size_t i = tile + lid * epi + k;
            run = apply(in.op, in.type, run, i < end ? in.input[i] : identity(in.op, in.type));
            runs[lid][k] = run;
        }
    }
    return runs;
}

}  // namespace

GroupTrace reduceThenScanGroup(const ModelInput& in) {
    const size_t wg = in.pass.local, epi = size_t(std::max(1, in.pass.elemsPerItem));
    const Chunk c = chunkOf(in.pass, in.group);
    GroupTrace g;
    g.group = int(in.group);
    Stage load = loadStage(wg);
    if (in.pass.step == 0) {  // the totals launch
        load.values = totalsCells(in, in.group);
        for (size_t lid = 0; lid < wg; ++lid)
            if (c.start + lid * epi < c.end) load.ops[lid] = {true, -1, -1, int(lid)};
        g.stages.push_back(std::move(load));
        appendSequentialTree(g, in, 0);
        return g;
    }
    const auto runs = runsOf(in, c.start, c.end);
    for (size_t lid = 0; lid < wg; ++lid) {
        load.values[lid] = runs[lid].back();
        if (c.start + lid * epi < c.end) load.ops[lid] = {true, -1, -1, int(lid)};
    }
    g.stages.push_back(std::move(load));
    appendHillisSteeleSteps(g, in);
    appendCarriedStage(g, in, carryInto(in, in.group));
    if (!in.exclusive) {
        const Stage& carried = g.stages.back();
        Stage own = treeStage(carried, kAddOwnParam);
        for (size_t lid = 0; lid < wg; ++lid) {
            own.values[lid] = apply(in.op, in.type, carried.values[lid], runs[lid].back());
            own.ops[lid] = {true, int(lid), kRegisterOperand, int(lid)};
        }
        g.stages.push_back(std::move(own));
    }
    return g;
}

void appendCarriedStage(GroupTrace& g, const ModelInput& in, double carry) {
    const std::vector<double> scanned = g.stages.back().values;
    Stage carried = treeStage(g.stages.back(), kCarriedParam);
    for (size_t lid = 0; lid < scanned.size(); ++lid) {
        carried.values[lid] = apply(in.op, in.type, carry, lid > 0 ? scanned[lid - 1] : identity(in.op, in.type));
        if (lid > 0) carried.ops[lid] = {true, int(lid - 1), -1, int(lid)};
    }
    g.stages.push_back(std::move(carried));
}

std::vector<PassTrace> modelEveryGroup(const VariantInfo& variant, const RunConfig& config,
                                       const std::vector<PassPlan>& plan, const std::vector<double>& input) {
    std::vector<PassTrace> passes;
    for (size_t p = 0; p < plan.size(); ++p) {
        PassTrace pt = passTraceOf(plan[p], p);
        for (size_t g = 0; g < plan[p].groups; ++g) {
            ModelInput mi{variant, plan[p], input, g, config.op, config.type};
            mi.exclusive = config.exclusive;
            pt.traced.push_back(modelGroup(mi));
        }
        passes.push_back(std::move(pt));
    }
    return passes;
}

// The whole scan of reduce-then-scan: both launches' groups traced, and every element as its group computes it.
std::vector<PassTrace> reduceThenScanRun(const VariantInfo& variant, const RunConfig& config,
                                         const std::vector<double>& input, std::vector<double>* output) {
    const auto plan = planPasses(variant, config);
    std::vector<PassTrace> passes = modelEveryGroup(variant, config, plan, input);
    if (!output) return passes;
    const PassPlan& pass = plan.back();
    const size_t wg = pass.local, epi = size_t(std::max(1, pass.elemsPerItem));
    output->assign(pass.n, 0);
    for (size_t g = 0; g < pass.groups; ++g) {
        ModelInput mi{variant, pass, input, g, config.op, config.type};
        const Chunk c = chunkOf(pass, g);
        double carry = carryInto(mi, g);
        for (size_t tile = c.start; tile < c.end; tile += wg * epi) {
            const auto runs = runsOf(mi, tile, c.end);
            std::vector<double> totals(wg);
            for (size_t lid = 0; lid < wg; ++lid) totals[lid] = runs[lid].back();
            const std::vector<double> scanned = hillisSteele(totals, config.op, config.type);
            for (size_t lid = 0; lid < wg; ++lid) {
                const double offset =
                    apply(config.op, config.type, carry, lid > 0 ? scanned[lid - 1] : identity(config.op, config.type));
                for (size_t k = 0; k < epi; ++k) {
                    const size_t i = tile + lid * epi + k;
                    if (i >= c.end) break;
                    (*output)[i] = config.exclusive
                                       ? (k == 0 ? offset : apply(config.op, config.type, offset, runs[lid][k - 1]))
                                       : apply(config.op, config.type, offset, runs[lid][k]);
                }
            }
            carry = apply(config.op, config.type, carry, scanned.back());
        }
    }
    return passes;
}

}  // namespace rl::model

namespace rl {

double tileTotal(const GroupTrace& tile, Op op, ElemType type) {
    for (auto it = tile.stages.rbegin(); it != tile.stages.rend(); ++it) {
        if (it->param >= 0 && (it->param & kWorkGroupScanExclusiveFlag) && !tile.stages.empty())
            return apply(op, type, it->values.back(), tile.stages.front().values.back());
        const std::string phase = stagePhase(it->param);
        if (phase == "steps" || phase == "up-sweep" || phase == "built-in" || it->param < 0) return it->values.back();
    }
    return 0;
}

namespace {

// The single pass: one PassTrace of every tile, and each element the offset of its run (the look-back stage's cell)
// combined with the run's scan up to it (or before it, exclusive).
std::vector<PassTrace> lookBackRun(const VariantInfo& variant, const RunConfig& config, const std::vector<double>& input,
                                   std::vector<double>* output) {
    const auto plan = planPasses(variant, config);
    const PassPlan& pass = plan.front();
    const size_t epi = size_t(std::max(1, pass.elemsPerItem));
    PassTrace pt = passTraceOf(pass, 0);
    if (output) output->assign(pass.n, 0);
    for (size_t g = 0; g < pass.groups; ++g) {
        ModelInput mi{variant, pass, input, g, config.op, config.type};
        mi.exclusive = config.exclusive;
        GroupTrace gt = modelGroup(mi);
        const Stage* offsets = nullptr;
        for (const auto& s : gt.stages)
            if (stagePhase(s.param) == "look-back") offsets = &s;
        for (size_t lid = 0; output && offsets && lid < pass.local; ++lid)
            model::scanRunFrom(variant, offsets->values[lid], input, (g * pass.local + lid) * epi, epi, config.op,
                               config.type, config.exclusive, *output);
        pt.traced.push_back(std::move(gt));
    }
    return {pt};
}

}  // namespace

std::vector<PassTrace> modelScanRun(const VariantInfo& variant, const RunConfig& config,
                                    const std::vector<double>& input, std::vector<double>* output) {
    if (variant.kind == VariantKind::ScanLookBack) return lookBackRun(variant, config, input, output);
    if (variant.kind == VariantKind::ScanReduceThenScan) return model::reduceThenScanRun(variant, config, input, output);
    if (variant.kind == VariantKind::ScanChunks) return model::chunksRun(variant, config, input, output);
    const auto plan = planPasses(variant, config);
    std::vector<PassTrace> passes;
    std::vector<std::vector<double>> scanned;  // each level's tile scans, before the adds
    std::vector<double> current = input;
    for (size_t p = 0; p < plan.size(); ++p) {
        PassTrace pt = passTraceOf(plan[p], p);
        std::vector<double> level(plan[p].n), totals;
        for (size_t g = 0; g < plan[p].groups; ++g) {
            ModelInput mi{variant, plan[p], current, g, config.op, config.type};
            mi.exclusive = config.exclusive;
            GroupTrace gt = modelGroup(mi);
            const auto& cells = gt.stages.back().values;
            const size_t epi = size_t(std::max(1, plan[p].elemsPerItem));
            for (size_t lid = 0; lid < plan[p].local; ++lid) {
                const size_t base = (g * plan[p].local + lid) * epi;
                if (variant.scansRunsFromOffsets)
                    model::scanRunFrom(variant, cells[lid], current, base, epi, config.op, config.type,
                                       config.exclusive, level);
                else if (base < plan[p].n)
                    level[base] = cells[lid];
            }
            const double total = tileTotal(gt, config.op, config.type);
            totals.push_back(total);
            pt.traced.push_back(std::move(gt));
        }
        passes.push_back(std::move(pt));
        scanned.push_back(std::move(level));
        current = std::move(totals);
    }
    if (output) {
        // The uniform adds, from the level below the top down to the input's: tile g of level p combines the scan
        // of level p + 1 (already complete) at g - 1 (inclusive) or g (exclusive) into each of its elements.
        for (size_t p = plan.size() - 1; p-- > 0;) {
            const auto& offsets = scanned[p + 1];
            const size_t tile = plan[p].local * size_t(std::max(1, plan[p].elemsPerItem));
            for (size_t i = 0; i < scanned[p].size(); ++i) {
                const size_t g = i / tile;
                if (config.exclusive)
                    scanned[p][i] = apply(config.op, config.type, offsets[g], scanned[p][i]);
                else if (g > 0)
                    scanned[p][i] = apply(config.op, config.type, offsets[g - 1], scanned[p][i]);
            }
        }
        *output = plan.empty() ? std::vector<double>{} : scanned.front();
    }
    return passes;
}

}  // namespace rl
