// CPU model of kernels/first-add.cl.
#include "core/model/model_tree.h"
#include "core/model/models.h"

namespace rl::model {

GroupTrace firstAdd(const ModelInput& in) {
    GroupTrace g;
    g.group = int(in.group);
    g.stages.push_back(firstAddLoad(in));
    appendSequentialTree(g, in, 0);
    return g;
}

}  // namespace rl::model
