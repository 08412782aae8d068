// CPU model of kernels/global-bottom-up.cl: the whole array after the load and after each launch (step 2, 4, ...).
#include "core/kind_stages.h"
#include "core/model/models.h"

namespace rl::model {

// in.pass is the widest launch (step 2): its global size is the number of work-items each stage records.
GroupTrace globalBottomUp(const ModelInput& in) {
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
    for (size_t step = 2; step / 2 < n; step *= 2) {
        const Stage& prev = g.stages.back();
        Stage st;
        st.param = int(step);
        st.label = kindStageLabel(in.variant.kind, st.param);
        st.values = prev.values;
        st.ops.assign(items, WorkItemOp{});
        for (size_t i = 0; i < items && step * i + step / 2 < n; ++i) {
            const size_t dst = step * i, src = dst + step / 2;
            st.values[dst] = apply(in.op, in.type, prev.values[dst], prev.values[src]);
            st.ops[i] = {true, int(dst), int(src), int(dst)};
        }
        g.stages.push_back(std::move(st));
    }
    return g;
}

}  // namespace rl::model
