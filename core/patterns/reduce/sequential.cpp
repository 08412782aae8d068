// sequential: the descriptor (Harris step 3) and the CPU model of kernels/reduce/sequential.cl.
// Lesson, cost and requirements are read from the kernel's banner; the model is what device traces are tested against.
#include "core/model/model.h"
#include "core/model/model_tree.h"
#include "core/patterns/reduce/variants.h"

namespace rl::variants {
namespace {

using namespace rl::model;  // loads, trees and tails shared by the models

GroupTrace stages(const ModelInput& in) {
    GroupTrace g;
    g.group = int(in.group);
    g.stages.push_back(plainLoad(in));  // cell lid = in[group * wg + lid], the identity past n
    appendSequentialTree(g, in, 0);     // s = wg/2 .. 1: work-item lid < s adds cell lid + s into cell lid
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
