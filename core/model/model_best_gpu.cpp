// CPU model of kernels/best-gpu.cl: its first pass is grid-stride.cl's; the pass that runs inside the same launch
// (the last group to finish) gives partial g to work-item g % wg, in order, then runs the sequential tree.
#include "core/model/model_tree.h"
#include "core/model/models.h"

namespace rl::model {

GroupTrace bestGpu(const ModelInput& in) {
    if (!in.pass.inPreviousLaunch) return gridStride(in);
    const size_t wg = in.pass.local, partials = in.pass.n;
    GroupTrace g;
    g.group = int(in.group);
    Stage load = loadStage(wg);
    for (size_t lid = 0; lid < wg; ++lid) {
        double a = identity(in.op, in.type);
        for (size_t p = lid; p < partials; p += wg) a = apply(in.op, in.type, a, in.input[p]);
        load.values[lid] = a;
        if (lid < partials) load.ops[lid] = {true, -1, -1, int(lid)};
    }
    g.stages.push_back(std::move(load));
    appendSequentialTree(g, in, 0);
    return g;
}

}  // namespace rl::model
