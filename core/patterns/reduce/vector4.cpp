// vector4: the descriptor (the CSCI376 seed's vector kernel) and the CPU model of kernels/reduce/vector4.cl.
// Lesson, cost and requirements are read from the kernel's banner; the model is what device traces are tested against.
// Model: Four elements per work-item combined (x op y) op (z op w), then the tree.
#include "core/model/model.h"
#include "core/model/model_tree.h"
#include "core/patterns/reduce/variants.h"

namespace rl::variants {
namespace {

using namespace rl::model;  // loads, trees and tails shared by the models

GroupTrace stages(const ModelInput& in) {
    const size_t wg = in.pass.local;
    GroupTrace g;
    g.group = int(in.group);
    Stage load = loadStage(wg);
    for (size_t lid = 0; lid < wg; ++lid) {
        const size_t first = (in.group * wg + lid) * 4;
        const double x = elementOrIdentity(in, first), y = elementOrIdentity(in, first + 1);
        const double z = elementOrIdentity(in, first + 2), w = elementOrIdentity(in, first + 3);
        load.values[lid] = apply(in.op, in.type, apply(in.op, in.type, x, y), apply(in.op, in.type, z, w));
        if (first < in.pass.n) load.ops[lid] = {true, -1, -1, int(lid)};
    }
    g.stages.push_back(std::move(load));
    appendSequentialTree(g, in, 0);
    return g;
}

}  // namespace

VariantInfo vector4() {
    VariantInfo v;
    v.id = "vector4";
    v.title = "Vector loads (float4 / int4)";
    v.harrisStep = 0;
    v.toggles.sequentialAddressing = true;
    v.toggles.compactBranching = true;
    v.toggles.vectorLoads = true;
    v.defaultElementsPerItem = 4;
    v.model = &stages;
    return v;
}

}  // namespace rl::variants
