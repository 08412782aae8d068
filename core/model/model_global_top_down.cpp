// CPU model of kernels/global-top-down.cl with the semantics the kernel intends: every round sees all of the
// previous round's writes, as if one barrier synchronised every work-item. The device matches it only while one
// work-group covers the input; past that, the difference is the lesson.
#include "core/kind_stages.h"
#include "core/model/models.h"

namespace rl::model {

GroupTrace globalTopDown(const ModelInput& in) {
    const size_t n = in.pass.n;
    const size_t items = in.pass.global;
    GroupTrace g;
    g.group = 0;
    Stage load;
    load.param = -1;
    load.label = kindStageLabel(in.variant.kind, -1);
    load.values.assign(in.input.begin(), in.input.begin() + n);
    load.ops.assign(items, WorkItemOp{});
    g.stages.push_back(std::move(load));
    for (size_t m = n; m > 1;) {
        const size_t stride = (m + 1) / 2;
        const Stage& prev = g.stages.back();
        Stage st;
        st.param = int(stride);
        st.label = kindStageLabel(in.variant.kind, st.param);
        st.values = prev.values;
        st.ops.assign(items, WorkItemOp{});
        for (size_t i = 0; i < items && i + stride < m; ++i) {
            st.values[i] = apply(in.op, in.type, prev.values[i], prev.values[i + stride]);
            st.ops[i] = {true, int(i), int(i + stride), int(i)};
        }
        g.stages.push_back(std::move(st));
        m = stride;
    }
    return g;
}

}  // namespace rl::model
