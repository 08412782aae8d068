// global-top-down: the descriptor (Lawlor's one-launch top-down loop) and the CPU model of
// kernels/reduce/global-top-down.cl.
// Lesson, cost and requirements are read from the kernel's banner; the model is what device traces are tested against.
// Model: With the semantics the kernel intends: every round sees all of the previous round's writes, as if one barrier
// synchronised every work-item. The device matches it only while one work-group covers the input; past that, the
// difference is the lesson.
#include "core/catalogue/kind_stages.h"
#include "core/model/model.h"
#include "core/patterns/reduce/variants.h"

namespace rl::variants {
namespace {

using namespace rl::model;  // loads, trees and tails shared by the models

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

}  // namespace

VariantInfo global_top_down() {
    VariantInfo v;
    v.id = "global-top-down";
    v.title = "Global memory, top-down, one launch with barrier(CLK_GLOBAL_MEM_FENCE)";
    v.kind = VariantKind::GlobalTopDown;
    v.needsPow2WorkGroup = false;
    v.correctByDesign = false;
    v.wrongReason =
        "barrier() only synchronises the work-items of one work-group, so with more than one work-group (N > 2 x "
        "work-group size, as ceil(N/2) work-items run) a group can read a cell that another group has not updated "
        "yet in the previous round; it is correct only when one work-group covers the input";
    v.model = &stages;
    return v;
}

}  // namespace rl::variants
