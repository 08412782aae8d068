// multi-element: the descriptor (Harris step 7) and the CPU model of kernels/reduce/multi-element.cl.
// Lesson, cost and requirements are read from the kernel's banner; the model is what device traces are tested against.
// Model: Grid-stride accumulation in the kernel's exact order, then the unrolled tree.
#include <algorithm>
#include <string>

#include "core/model/model.h"
#include "core/model/model_tree.h"
#include "core/patterns/reduce/variants.h"

namespace rl::variants {
namespace {

using namespace rl::model;  // loads, trees and tails shared by the models

GroupTrace stages(const ModelInput& in) {
    const size_t wg = in.pass.local;
    if (wg < 64)
        throw Error(ErrorKind::BadInput,
                    "multi-element needs a work-group size of at least 64, not " + std::to_string(wg));
    const size_t global = in.pass.global;
    const size_t epi = size_t(std::max(1, in.pass.elemsPerItem));
    GroupTrace g;
    g.group = int(in.group);
    Stage load = loadStage(wg);
    for (size_t lid = 0; lid < wg; ++lid) {
        const size_t gid = in.group * wg + lid;
        double acc = identity(in.op, in.type);  // acc = (((identity op x0) op x1) op x2) ..., x_k = in[gid + k*global]
        for (size_t k = 0; k < epi; ++k) acc = apply(in.op, in.type, acc, elementOrIdentity(in, gid + k * global));
        load.values[lid] = acc;
        if (gid < in.pass.n) load.ops[lid] = {true, -1, -1, int(lid)};
    }
    g.stages.push_back(std::move(load));
    appendSequentialTree(g, in, 32);
    appendLockstepTail(g, in);
    return g;
}

}  // namespace

VariantInfo multi_element() {
    VariantInfo v;
    v.id = "multi-element";
    v.title = "Multiple elements per work-item (grid-stride)";
    v.harrisStep = 7;
    v.toggles.sequentialAddressing = true;
    v.toggles.compactBranching = true;
    v.toggles.firstAddDuringLoad = true;
    v.toggles.unrollLastWarp = true;
    v.toggles.completeUnroll = true;
    v.toggles.multiElement = true;
    v.minWorkGroup = 64;
    v.wgFixedAtBuild = true;
    v.elementsPerItemSettable = true;
    v.defaultElementsPerItem = 8;
    v.model = &stages;
    return v;
}

}  // namespace rl::variants
