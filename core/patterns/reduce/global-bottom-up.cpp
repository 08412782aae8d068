// global-bottom-up: the descriptor (Lawlor's bottom-up tree, one launch per level) and the CPU model of
// kernels/reduce/global-bottom-up.cl.
// Lesson, cost and requirements are read from the kernel's banner; the model is what device traces are tested against.
// Model: The whole array after the load and after each launch (step 2, 4, ...).
#include "core/catalogue/kind_stages.h"
#include "core/model/model.h"
#include "core/patterns/reduce/variants.h"

namespace rl::variants {
namespace {

using namespace rl::model;  // loads, trees and tails shared by the models

// in.pass is the widest launch (step 2): its global size is the number of work-items each stage records.
GroupTrace stages(const ModelInput& in) {
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

}  // namespace

VariantInfo global_bottom_up() {
    VariantInfo v;
    v.id = "global-bottom-up";
    v.title = "Global memory, bottom-up, one launch per level";
    v.kind = VariantKind::GlobalBottomUp;
    v.needsPow2WorkGroup = false;
    v.model = &stages;
    return v;
}

}  // namespace rl::variants
