// interleaved-divergent: the descriptor (Harris step 1) and the CPU model of kernels/reduce/interleaved-divergent.cl.
// Lesson, cost and requirements are read from the kernel's banner; the model is what device traces are tested against.
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
    g.stages.push_back(plainLoad(in));
    for (size_t s = 1; s < wg; s *= 2) {
        const Stage& prev = g.stages.back();
        Stage st = treeStage(prev, int(s));
        for (size_t lid = 0; lid < wg; lid += 2 * s) {  // exactly the work-items with lid % (2s) == 0
            st.values[lid] = apply(in.op, in.type, prev.values[lid], prev.values[lid + s]);
            st.ops[lid] = {true, int(lid), int(lid + s), int(lid)};
        }
        g.stages.push_back(std::move(st));
    }
    return g;
}

}  // namespace

VariantInfo interleaved_divergent() {
    VariantInfo v;
    v.id = "interleaved-divergent";
    v.title = "Interleaved addressing, divergent branch";
    v.harrisStep = 1;
    v.model = &stages;
    return v;  // all toggles off: interleaved addressing, divergent branching
}

}  // namespace rl::variants
