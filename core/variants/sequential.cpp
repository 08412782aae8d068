// sequential: the descriptor (Harris step 3) and the CPU model of kernels/sequential.cl.
// Lesson, cost and requirements are read from the kernel's banner; the model is what device traces are tested against.
#include "core/model/model.h"
#include "core/variants/variants.h"

namespace rl::variants {
namespace {

using namespace rl::model;  // loads, trees and tails shared by the models

GroupTrace stages(const ModelInput& in) {
    const size_t wg = in.pass.local;
    GroupTrace g;
    g.group = int(in.group);
    Stage load = loadStage(wg);
    for (size_t lid = 0; lid < wg; ++lid) {
        const size_t gid = in.group * wg + lid;
        load.values[lid] = gid < in.pass.n ? in.input[gid] : identity(in.op, in.type);
        if (gid < in.pass.n) load.ops[lid] = {true, -1, -1, int(lid)};
    }
    g.stages.push_back(load);
    for (size_t s = wg / 2; s > 0; s >>= 1) {
        const Stage& prev = g.stages.back();
        Stage st = treeStage(prev, int(s));
        for (size_t lid = 0; lid < s; ++lid) {
            st.values[lid] = apply(in.op, in.type, prev.values[lid], prev.values[lid + s]);
            st.ops[lid] = {true, int(lid), int(lid + s), int(lid)};
        }
        g.stages.push_back(std::move(st));
    }
    return g;
}

}  // namespace

VariantInfo sequential() {
    VariantInfo v;
    v.id = "sequential";
    v.title = "Sequential addressing";
    v.harrisStep = 3;
    v.toggles.sequentialAddressing = true;
    v.toggles.compactBranching = true;
    v.model = &stages;
    return v;
}

}  // namespace rl::variants
