// grid-stride: the descriptor and the CPU model of kernels/reduce/grid-stride.cl.
// Lesson, cost and requirements are read from the kernel's banner; the model is what device traces are tested against.
// Model: (and of best-gpu.cl's first pass): grid-stride accumulation in four vector lanes, four loads per step, then
// the sequential-addressing tree.
#include "core/model/model.h"
#include "core/model/model_tree.h"
#include "core/patterns/reduce/variants.h"

namespace rl::variants {
namespace {

using namespace rl::model;  // loads, trees and tails shared by the models

GroupTrace stages(const ModelInput& in) {
    const size_t wg = in.pass.local, grid = in.pass.global, n = in.pass.n, n4 = n / 4;
    const auto op = [&](double a, double b) { return apply(in.op, in.type, a, b); };
    const double id = identity(in.op, in.type);
    GroupTrace g;
    g.group = int(in.group);
    Stage load = loadStage(wg);
    for (size_t lid = 0; lid < wg; ++lid) {
        const size_t gid = in.group * wg + lid;
        double acc[4] = {id, id, id, id};
        size_t i = gid;
        for (; i + 3 * grid < n4; i += 4 * grid)
            for (size_t c = 0; c < 4; ++c) {
                const double v0 = in.input[4 * i + c], v1 = in.input[4 * (i + grid) + c];
                const double v2 = in.input[4 * (i + 2 * grid) + c], v3 = in.input[4 * (i + 3 * grid) + c];
                acc[c] = op(acc[c], op(op(v0, v1), op(v2, v3)));
            }
        for (; i < n4; i += grid)
            for (size_t c = 0; c < 4; ++c) acc[c] = op(acc[c], in.input[4 * i + c]);
        double a = op(op(acc[0], acc[1]), op(acc[2], acc[3]));
        const size_t tail = n4 * 4 + gid;
        if (tail < n) a = op(a, in.input[tail]);
        load.values[lid] = a;
        if (gid < n4 || tail < n) load.ops[lid] = {true, -1, -1, int(lid)};
    }
    g.stages.push_back(std::move(load));
    appendSequentialTree(g, in, 0);
    return g;
}

}  // namespace

VariantInfo grid_stride() {
    VariantInfo v;
    v.id = "grid-stride";
    v.title = "Grid-stride vector loads on a fixed grid, two launches";
    v.toggles.sequentialAddressing = true;
    v.toggles.compactBranching = true;
    v.toggles.multiElement = true;
    v.toggles.vectorLoads = true;
    v.groupsPerComputeUnit = 4;
    v.defaultElementsPerItem = 4;  // at least one vector per work-item before the grid stops growing
    v.model = &stages;
    return v;
}

}  // namespace rl::variants
