// CPU model of kernels/interleaved-strided.cl.
#include "core/model/model_tree.h"
#include "core/model/models.h"

namespace rl::model {

GroupTrace interleavedStrided(const ModelInput& in) {
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

}  // namespace rl::model
