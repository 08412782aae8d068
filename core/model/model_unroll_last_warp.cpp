// CPU model of kernels/unroll-last-warp.cl as its author meant it (a lockstep 32-wide warp), which is also exactly
// what unroll-last-warp-safe.cl and complete-unroll.cl compute, stage for stage.
#include <string>

#include "core/model/model_tree.h"
#include "core/model/models.h"

namespace rl::model {

GroupTrace unrollLastWarp(const ModelInput& in) {
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

}  // namespace rl::model
