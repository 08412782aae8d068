// sub-group-reduce: the descriptor (sub_group_reduce_* then a local tree over the sub-group partials) and the CPU
// model of kernels/reduce/sub-group-reduce.cl.
// Lesson, cost and requirements are read from the kernel's banner; the model is what device traces are tested against.
// Model: For a given sub-group size (the device's choice, which its trace records in the sub-group stage's parameter).
// Sub-group k is local ids [k*size, (k+1)*size). Each sub-group's own order of operations is the driver's; the model
// uses a sequential-addressing tree there (exact for int and min/max).
#include <algorithm>

#include "core/catalogue/kind_stages.h"
#include "core/model/model_tree.h"
#include "core/patterns/reduce/variants.h"

namespace rl::model {

GroupTrace subGroupReduce(const ModelInput& in, size_t subGroupSize) {
    const size_t wg = in.pass.local;
    const size_t size = std::max<size_t>(1, subGroupSize);
    const size_t partials = (wg + size - 1) / size;
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

    Stage sub = treeStage(load, int(size) | kBuiltinStageFlag);
    sub.label = kindStageLabel(in.variant.kind, sub.param);
    for (size_t k = 0; k < partials; ++k) {
        const size_t first = k * size, last = std::min(wg, first + size);
        sub.values[k] = treeReduce(std::vector<double>(load.values.begin() + first, load.values.begin() + last),
                                   in.op, in.type);
        sub.ops[first] = {true, int(first), int(last - 1), int(k)};
    }
    g.stages.push_back(std::move(sub));

    size_t width = 1;
    while (width < partials) width <<= 1;
    for (size_t s = width / 2; s > 0; s >>= 1) {
        const Stage& prev = g.stages.back();
        Stage st = treeStage(prev, int(s));
        for (size_t lid = 0; lid < s && lid + s < partials; ++lid) {
            st.values[lid] = apply(in.op, in.type, prev.values[lid], prev.values[lid + s]);
            st.ops[lid] = {true, int(lid), int(lid + s), int(lid)};
        }
        g.stages.push_back(std::move(st));
    }
    return g;
}

}  // namespace rl::model

namespace rl::variants {

VariantInfo sub_group_reduce() {
    VariantInfo v;
    v.id = "sub-group-reduce";
    v.title = "Built-in sub_group_reduce, then a tree over the partials";
    v.kind = VariantKind::BuiltinSubGroup;
    v.needsPow2WorkGroup = false;
    v.needsSubGroups = true;
    v.builtinCalls = "sub_group_reduce_add/min/max";
    return v;
}

}  // namespace rl::variants
