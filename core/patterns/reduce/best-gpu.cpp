// best-gpu: the descriptor and the CPU model of kernels/reduce/best-gpu.cl.
// Lesson, cost and requirements are read from the kernel's banner; the model is what device traces are tested against.
// Model: its first pass loads as grid-stride.cl's; each pass that runs inside the same launch (the last group to
// start, or with more than wg groups the last of each block of wg groups, then the last of the blocks) gives its
// group's partials to its work-items one each, in order. Every tree is the sequential tree two stages to a barrier
// (appendFusedTreeOver): over the work-group, and in a finish over the smallest power of two of work-items that
// holds the partials.
#include <algorithm>

#include "core/model/model.h"
#include "core/model/model_tree.h"
#include "core/patterns/reduce/variants.h"

namespace rl::variants {
namespace {

using namespace rl::model;  // loads, trees and tails shared by the models

GroupTrace stages(const ModelInput& in) {
    if (!in.pass.inPreviousLaunch) {  // grid-stride's load, then the fused tree
        GroupTrace g = findVariant("grid-stride")->model(in);
        g.stages.resize(1);
        appendFusedTreeOver(g, in, in.pass.local);
        return g;
    }
    // A finish: this group's partials are [group * wg, group * wg + count), one per work-item, in order.
    const size_t wg = in.pass.local, first = in.group * wg;
    const size_t count = first < in.pass.n ? std::min(wg, in.pass.n - first) : 0;
    GroupTrace g;
    g.group = int(in.group);
    Stage load = loadStage(wg);
    for (size_t lid = 0; lid < wg; ++lid) {
        load.values[lid] = lid < count ? in.input[first + lid] : identity(in.op, in.type);
        if (lid < count) load.ops[lid] = {true, -1, -1, int(lid)};
    }
    g.stages.push_back(std::move(load));
    size_t width = 1;
    while (width < count) width <<= 1;
    appendFusedTreeOver(g, in, width);
    return g;
}

}  // namespace

VariantInfo best_gpu() {
    VariantInfo v;
    v.id = "best-gpu";
    v.title = "Best for GPUs: grid-stride, one launch, last to start finishes";
    v.kind = VariantKind::LastGroup;
    v.toggles.sequentialAddressing = true;
    v.toggles.compactBranching = true;
    v.toggles.multiElement = true;
    v.toggles.vectorLoads = true;
    v.groupsPerComputeUnit = 4;  // the most a timed run launches; timedGrid (core/catalogue/pass_plan.h) chooses per size
    v.defaultElementsPerItem = 4;  // traces: at least one vector per work-item before the grid stops growing
    v.needsInt64Atomics = true;
    v.no64BitReason = "publishes each work-group's partial as one 64-bit atomic word holding the launch's epoch and "
                      "the 32-bit value: a 64-bit element leaves no room for the epoch";
    v.model = &stages;
    return v;
}

}  // namespace rl::variants
