// work-group-scan: the descriptor (OpenCL C 2.0 built-ins work_group_scan_inclusive_* and exclusive_*) and the CPU
// model of kernels/scan/work-group-scan.cl.
// Lesson, cost and requirements are read from the kernel's banner.
// Model: each work-item's element after the load, then every cell's prefix as the built-in returns it. The built-in's
// order of operations is the driver's; the model combines from the left, so integers and min/max match exactly and
// float sums within rounding: the descriptor leaves VariantInfo::model empty (as work-group-reduce's), and tests
// call the model directly.
#include "core/model/model_tree.h"
#include "core/patterns/scan/variants.h"

namespace rl::model {

GroupTrace workGroupScan(const ModelInput& in) {
    const size_t wg = in.pass.local;
    GroupTrace g;
    g.group = int(in.group);
    const Stage load = plainLoad(in);  // cell lid = in[group * wg + lid], the identity past n
    g.stages.push_back(load);
    Stage st = treeStage(load, int(wg) | (in.exclusive ? kWorkGroupScanExclusiveFlag : kWorkGroupScanFlag));
    double prefix = identity(in.op, in.type);
    for (size_t lid = 0; lid < wg; ++lid) {
        const double before = prefix;
        prefix = apply(in.op, in.type, prefix, load.values[lid]);
        st.values[lid] = in.exclusive ? before : prefix;
        st.ops[lid] = {true, int(lid), -1, int(lid)};
    }
    g.stages.push_back(std::move(st));
    return g;
}

}  // namespace rl::model

namespace rl::variants {

VariantInfo work_group_scan() {
    VariantInfo v;
    v.pattern = Pattern::Scan;
    v.id = "work-group-scan";
    v.title = "Built-in work_group_scan (OpenCL C 2.0)";
    v.kind = VariantKind::ScanTiles;
    v.args = kScanArgs;
    v.needsOpenCL20 = true;
    v.builtinCalls = "work_group_scan_inclusive_add/min/max and work_group_scan_exclusive_add/min/max";
    return v;
}

}  // namespace rl::variants
