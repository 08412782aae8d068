// unroll-last-warp: the descriptor (Harris step 5 as published: not correct by design in OpenCL) and the CPU model of
// kernels/reduce/unroll-last-warp.cl.
// Lesson, cost and requirements are read from the kernel's banner; the model is what device traces are tested against.
// Model: as its author meant it (a lockstep 32-wide warp), which is also exactly what unroll-last-warp-safe.cl and
// complete-unroll.cl compute, stage for stage.
#include <string>

#include "core/model/model.h"
#include "core/model/model_tree.h"
#include "core/patterns/reduce/variants.h"

namespace rl::variants {
namespace {

using namespace rl::model;  // loads, trees and tails shared by the models

GroupTrace stages(const ModelInput& in) {
    if (in.pass.local < 64)
        throw Error(ErrorKind::BadInput,
                    "the unrolled tail needs a work-group size of at least 64, not " + std::to_string(in.pass.local));
    GroupTrace g;
    g.group = int(in.group);
    g.stages.push_back(firstAddLoad(in));
    appendSequentialTree(g, in, 32);
    appendLockstepTail(g, in);
    return g;
}

}  // namespace

VariantInfo unroll_last_warp() {
    VariantInfo v;
    v.id = "unroll-last-warp";
    v.title = "Unroll the last warp (warp-synchronous, as published)";
    v.harrisStep = 5;
    v.toggles.sequentialAddressing = true;
    v.toggles.compactBranching = true;
    v.toggles.firstAddDuringLoad = true;
    v.toggles.unrollLastWarp = true;
    v.defaultElementsPerItem = 2;
    v.minWorkGroup = 64;
    v.correctByDesign = false;
    v.wrongReason =
        "the tail assumes the 32 lanes of a warp run in lockstep, each step's reads finishing before any lane's "
        "write, with no barrier. Devices without lockstep 32-wide warps (PoCL runs a work-group's items one after "
        "another) read cells their neighbours have not yet written and give wrong results; under OpenCL's memory "
        "model the unsynchronised reads and writes are a data race, undefined behaviour even on GPUs, which with "
        "independent thread scheduling need not keep a warp converged. unroll-last-warp-safe is the correct tail";
    v.model = &stages;
    return v;
}

}  // namespace rl::variants
