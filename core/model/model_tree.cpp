// Loads, sequential tree and lockstep tail shared by the Harris-ladder models.
#include "core/model/model_tree.h"

namespace rl::model {

double elementOrIdentity(const ModelInput& in, size_t i) {
    return i < in.pass.n ? in.input[i] : identity(in.op, in.type);
}

Stage plainLoad(const ModelInput& in) {
    const size_t wg = in.pass.local;
    Stage load = loadStage(wg);
    for (size_t lid = 0; lid < wg; ++lid) {
        const size_t gid = in.group * wg + lid;
        load.values[lid] = elementOrIdentity(in, gid);
        if (gid < in.pass.n) load.ops[lid] = {true, -1, -1, int(lid)};
    }
    return load;
}

Stage firstAddLoad(const ModelInput& in) {
    const size_t wg = in.pass.local;
    Stage load = loadStage(wg);
    for (size_t lid = 0; lid < wg; ++lid) {
        const size_t i = in.group * 2 * wg + lid;
        load.values[lid] = apply(in.op, in.type, elementOrIdentity(in, i), elementOrIdentity(in, i + wg));
        if (i < in.pass.n) load.ops[lid] = {true, -1, -1, int(lid)};
    }
    return load;
}

namespace {

// The sequential-addressing tree's stages s = first, first / 2, ... while s > above.
void appendTreeStages(GroupTrace& g, const ModelInput& in, size_t first, size_t above) {
    for (size_t s = first; s > above; s >>= 1) {
        const Stage& prev = g.stages.back();
        Stage st = treeStage(prev, int(s));
        for (size_t lid = 0; lid < s; ++lid) {
            st.values[lid] = apply(in.op, in.type, prev.values[lid], prev.values[lid + s]);
            st.ops[lid] = {true, int(lid), int(lid + s), int(lid)};
        }
        g.stages.push_back(std::move(st));
    }
}

}  // namespace

void appendSequentialTree(GroupTrace& g, const ModelInput& in, size_t above) {
    appendTreeStages(g, in, in.pass.local / 2, above);
}

void appendFusedTreeOver(GroupTrace& g, const ModelInput& in, size_t width) {
    const auto add = [&](const Stage& from, size_t x, size_t y) { return apply(in.op, in.type, from.values[x], from.values[y]); };
    size_t s = width / 2;
    for (; s >= 2; s >>= 2) {
        const size_t h = s / 2;
        Stage first = treeStage(g.stages.back(), int(s));
        for (size_t i = 0; i < h; ++i) {
            first.values[i] = add(g.stages.back(), i, i + s);
            first.values[i + h] = add(g.stages.back(), i + h, i + h + s);
            first.ops[i] = {true, int(i), int(i + s), int(i), int(i + h), int(i + h + s), int(i + h)};
        }
        g.stages.push_back(std::move(first));
        Stage second = treeStage(g.stages.back(), int(h));
        for (size_t i = 0; i < h; ++i) {
            second.values[i] = add(g.stages.back(), i, i + h);
            second.ops[i] = {true, int(i), int(i + h), int(i)};
        }
        g.stages.push_back(std::move(second));
    }
    if (s == 1) {
        Stage last = treeStage(g.stages.back(), 1);
        last.values[0] = add(g.stages.back(), 0, 1);
        last.ops[0] = {true, 0, 1, 0};
        g.stages.push_back(std::move(last));
    }
}

void appendLockstepTail(GroupTrace& g, const ModelInput& in) {
    for (int s = 32; s > 0; s >>= 1) {
        const Stage& prev = g.stages.back();
        Stage st = treeStage(prev, s | kTailStepFlag);
        for (int lid = 0; lid < 32; ++lid) {  // reads come from `prev`: no lane sees another's write of this step
            st.values[lid] = apply(in.op, in.type, prev.values[lid], prev.values[lid + s]);
            st.ops[lid] = {true, lid, lid + s, lid};
        }
        g.stages.push_back(std::move(st));
    }
}

double treeReduce(std::vector<double> values, Op op, ElemType type) {
    if (values.empty()) return identity(op, type);
    size_t width = 1;
    while (width < values.size()) width <<= 1;
    for (size_t s = width / 2; s > 0; s >>= 1)
        for (size_t i = 0; i < s && i + s < values.size(); ++i) values[i] = apply(op, type, values[i], values[i + s]);
    return values[0];
}

}  // namespace rl::model
