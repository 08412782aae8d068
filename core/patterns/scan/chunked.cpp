// chunked: the descriptor (scan step 7, for CPU devices) and the CPU model of kernels/scan/chunked.cl.
// Lesson, cost and requirements are read from the kernel's banner; the model is what device traces are tested against.
// Model: work-item i of the grid owns elements [i * per, (i + 1) * per), per = the group's chunk / wg. The totals
// launch records each chunk's total (the load); the scan launch records its group's chunk totals, Hillis-Steele's
// steps over them, and each work-item's offset (the carry of the groups before, combined as the kernel does, and the
// chunks before its own); every element is then its chunk's running combination from that offset.
#include <algorithm>

#include "core/catalogue/pass_plan.h"
#include "core/model/model.h"
#include "core/model/model_scan.h"
#include "core/model/model_tree.h"
#include "core/patterns/scan/variants.h"

namespace rl::variants {
namespace {

using namespace rl::model;

struct Span {
    size_t start = 0, end = 0;
};

// Work-item `item`'s chunk of the pass (both launches share the grid and the chunk).
Span chunkOfItem(const PassPlan& pass, size_t item) {
    const size_t per = scanChunk(pass) / std::max<size_t>(1, pass.local);
    const size_t start = std::min(pass.n, item * per);
    return {start, std::min(pass.n, start + per)};
}

double chunkTotal(const ModelInput& in, size_t item) {
    const Span s = chunkOfItem(in.pass, item);
    double acc = identity(in.op, in.type);
    for (size_t i = s.start; i < s.end; ++i) acc = apply(in.op, in.type, acc, in.input[i]);
    return acc;
}

// The carry into group g: work-item lid combines the totals lid, lid + wg, ... of the groups before, then a
// sequential-addressing tree.
double carryInto(const ModelInput& in, size_t group) {
    const size_t wg = in.pass.local;
    std::vector<double> cells(wg, identity(in.op, in.type));
    for (size_t j = 0; j < group * wg; ++j) cells[j % wg] = apply(in.op, in.type, cells[j % wg], chunkTotal(in, j));
    for (size_t s = wg / 2; s > 0; s >>= 1)
        for (size_t i = 0; i < s; ++i) cells[i] = apply(in.op, in.type, cells[i], cells[i + s]);
    return cells[0];
}

GroupTrace stages(const ModelInput& in) {
    const size_t wg = in.pass.local;
    GroupTrace g;
    g.group = int(in.group);
    Stage load = loadStage(wg);
    for (size_t lid = 0; lid < wg; ++lid) {
        const size_t item = in.group * wg + lid;
        load.values[lid] = chunkTotal(in, item);
        const Span s = chunkOfItem(in.pass, item);
        if (s.start < s.end) load.ops[lid] = {true, -1, -1, int(lid)};
    }
    g.stages.push_back(std::move(load));
    if (in.pass.step == 0) return g;  // the totals launch records its chunks' totals only
    appendHillisSteeleSteps(g, in);
    appendCarriedStage(g, in, carryInto(in, in.group));
    return g;
}

}  // namespace

VariantInfo chunked() {
    VariantInfo v;
    v.pattern = Pattern::Scan;
    v.id = "chunked";
    v.title = "Best for CPUs: one contiguous chunk per work-item";
    v.kind = VariantKind::ScanChunks;
    v.args = KernelArgs{0, 1, 2, 3, 4, 6};  // (in, out, n, scratch, chunk, totals RL_TRACE_PARAMS)
    v.scratchPerItem = 2;                   // Hillis-Steele's two buffers over the chunks' totals
    v.defaultElementsPerItem = 4;           // chunks are whole multiples of 4 elements (16 elements: 4 chunks of 4)
    // Timed: the fixed grid, as best-cpu's: few groups per core, each work-item one long loop.
    v.groupsPerComputeUnit = 2;
    v.model = &stages;
    return v;
}

}  // namespace rl::variants

namespace rl::model {

std::vector<PassTrace> chunksRun(const VariantInfo& variant, const RunConfig& config, const std::vector<double>& input,
                                 std::vector<double>* output) {
    const auto plan = planPasses(variant, config);
    std::vector<PassTrace> passes = modelEveryGroup(variant, config, plan, input);
    if (!output) return passes;
    const PassPlan& pass = plan.back();
    output->assign(pass.n, 0);
    for (const GroupTrace& g : passes.back().traced) {
        const Stage& offsets = g.stages.back();
        for (size_t lid = 0; lid < pass.local; ++lid) {
            const variants::Span s = variants::chunkOfItem(pass, size_t(g.group) * pass.local + lid);
            double acc = offsets.values[lid];
            for (size_t i = s.start; i < s.end; ++i) {
                const double before = acc;
                acc = apply(config.op, config.type, acc, input[i]);
                (*output)[i] = config.exclusive ? before : acc;
            }
        }
    }
    return passes;
}

}  // namespace rl::model
