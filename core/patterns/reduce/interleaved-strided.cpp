// interleaved-strided: the descriptor (Harris step 2) and the CPU model of kernels/reduce/interleaved-strided.cl.
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
        for (size_t lid = 0; 2 * s * lid < wg; ++lid) {  // work-item lid works on cell index = 2*s*lid
            const size_t index = 2 * s * lid;
            st.values[index] = apply(in.op, in.type, prev.values[index], prev.values[index + s]);
            st.ops[lid] = {true, int(index), int(index + s), int(index)};
        }
        g.stages.push_back(std::move(st));
    }
    return g;
}

}  // namespace

VariantInfo interleaved_strided() {
    VariantInfo v;
    v.id = "interleaved-strided";
    v.title = "Interleaved addressing, strided index";
    v.harrisStep = 2;
    v.toggles.compactBranching = true;
    v.model = &stages;
    return v;
}

}  // namespace rl::variants
