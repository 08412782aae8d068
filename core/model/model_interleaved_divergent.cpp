// CPU model of kernels/interleaved-divergent.cl.
#include "core/model/model_tree.h"
#include "core/model/models.h"

namespace rl::model {

GroupTrace interleavedDivergent(const ModelInput& in) {
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

}  // namespace rl::model
