// work-group-reduce: the descriptor (OpenCL C 2.0 built-in work_group_reduce_*) and the CPU model of kernels/work-
// group-reduce.cl.
// Lesson, cost and requirements are read from the kernel's banner; the model is what device traces are tested against.
// Model: Each work-item's value after the load, then the group's result in every cell. The built-in's order of
// operations is the driver's; the model adds in a sequential-addressing tree, so integers and float min/max match
// exactly and float sums match within rounding.
#include "core/catalogue/kind_stages.h"
#include "core/model/model_tree.h"
#include "core/patterns/reduce/variants.h"

namespace rl::model {

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

namespace rl::variants {

VariantInfo work_group_reduce() {
    VariantInfo v;
    v.id = "work-group-reduce";
    v.title = "Built-in work_group_reduce (OpenCL C 2.0)";
    v.kind = VariantKind::BuiltinWorkGroup;
    v.needsPow2WorkGroup = false;
    v.needsOpenCL20 = true;
    v.builtinCalls = "work_group_reduce_add/min/max";
    return v;
}

}  // namespace rl::variants
