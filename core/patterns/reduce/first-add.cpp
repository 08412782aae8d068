// first-add: the descriptor (Harris step 4) and the CPU model of kernels/reduce/first-add.cl.
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
    g.stages.push_back(firstAddLoad(in));
    appendSequentialTree(g, in, 0);
    return g;
}

}  // namespace

VariantInfo first_add() {
    VariantInfo v;
    v.id = "first-add";
    v.title = "First add during load";
    v.harrisStep = 4;
    v.toggles.sequentialAddressing = true;
    v.toggles.compactBranching = true;
    v.toggles.firstAddDuringLoad = true;
    v.defaultElementsPerItem = 2;
    v.model = &stages;
    return v;
}

}  // namespace rl::variants
