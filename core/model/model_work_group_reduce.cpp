// CPU model of kernels/work-group-reduce.cl: each work-item's value after the load, then the group's result in
// every cell. The built-in's order of operations is the driver's; the model adds in a sequential-addressing tree,
// so integers and float min/max match exactly and float sums match within rounding.
#include "core/kind_stages.h"
#include "core/model/models.h"

namespace rl::model {

double treeReduce(std::vector<double> values, Op op, ElemType type) {
    if (values.empty()) return identity(op, type);
    size_t width = 1;
    while (width < values.size()) width <<= 1;
    for (size_t s = width / 2; s > 0; s >>= 1)
        for (size_t i = 0; i < s && i + s < values.size(); ++i) values[i] = apply(op, type, values[i], values[i + s]);
    return values[0];
}

GroupTrace workGroupReduce(const ModelInput& in) {
    const size_t wg = in.pass.local;
    GroupTrace g;
    g.group = int(in.group);
    Stage load = loadStage(wg);
    load.label = kindStageLabel(in.variant.kind, -1);
    for (size_t lid = 0; lid < wg; ++lid) {
        const size_t gid = in.group * wg + lid;
        load.values[lid] = gid < in.pass.n ? in.input[gid] : identity(in.op, in.type);
        if (gid < in.pass.n) load.ops[lid] = {true, -1, -1, int(lid)};
    }
    g.stages.push_back(load);
    Stage st = treeStage(load, int(wg) | kBuiltinStageFlag);
    st.label = kindStageLabel(in.variant.kind, st.param);
    const double total = treeReduce(load.values, in.op, in.type);
    for (size_t lid = 0; lid < wg; ++lid) {
        st.values[lid] = total;
        st.ops[lid] = {true, int(lid), -1, int(lid)};
    }
    g.stages.push_back(std::move(st));
    return g;
}

}  // namespace rl::model
