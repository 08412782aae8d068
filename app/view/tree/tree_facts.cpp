// Derivation of per-cell facts (writers, reads, liveness, cones) from a recorded work-group.
#include "app/view/tree/tree_facts.h"

#include <algorithm>

namespace rl::view {

TreeFacts::TreeFacts(const GroupTrace& group) : group_(&group) {
    stages_ = int(group.stages.size());
    for (const auto& s : group.stages) cells_ = std::max(cells_, int(s.values.size()));
    const size_t total = size_t(stages_) * size_t(cells_);
    writer_.assign(total, -1);
    lastStage_.assign(total, -1);
    flags_.assign(total, 0);
    active_.assign(size_t(stages_), 0);
    auto inRange = [this](int c) { return c >= 0 && c < cells_; };

    for (int k = 0; k < stages_; ++k) {
        const Stage& s = stage(k);
        for (const WorkItemOp& op : s.ops) active_[size_t(k)] += op.active ? 1 : 0;
        forEachOperation(s.ops, [&](const CellOp& op) {
            if (inRange(op.w)) writer_[index(k, op.w)] = op.item;
            if (k > 0 && !isLoad(k)) {
                if (inRange(op.a)) flags_[index(k, op.a)] |= kRead;
                if (inRange(op.b)) flags_[index(k, op.b)] |= kRead;
            }
        });
        for (int c = 0; c < cells_; ++c) {
            const int previous = k > 0 ? lastStage_[index(k - 1, c)] : -1;
            lastStage_[index(k, c)] = writer_[index(k, c)] >= 0 ? k : previous;
        }
    }
    // Padding: cells no work-item loaded, where some did (global-memory kinds record their input with no load ops).
    if (stages_ > 0 && isLoad(0) && active_[0] > 0)
        for (int c = 0; c < cells_; ++c)
            if (writer_[index(0, c)] < 0) flags_[index(0, c)] |= kPadding;

    // Liveness, backwards: a value is needed after stage k if stage k+1 reads it, or if stage k+1 leaves it in place
    // and it is needed after k+1. After the last stage only the result cell is; unless that stage reads its cells out
    // to global memory (operations that read and write no cell: a histogram's merge), which makes every cell a
    // result.
    bool readsOut = false;
    if (stages_ > 0)
        for (const WorkItemOp& op : stage(stages_ - 1).ops) readsOut = readsOut || (op.active && op.a >= 0 && op.w < 0);
    if (stages_ > 0 && readsOut)
        for (int c = 0; c < cells_; ++c) flags_[index(stages_ - 1, c)] |= kLive;
    if (stages_ > 0 && resultCell() < cells_) flags_[index(stages_ - 1, resultCell())] |= kLive;
    for (int k = stages_ - 2; k >= 0; --k)
        for (int c = 0; c < cells_; ++c) {
            const bool readNext = flags_[index(k + 1, c)] & kRead;
            const bool keptNext = writer_[index(k + 1, c)] < 0 && (flags_[index(k + 1, c)] & kLive);
            if (readNext || keptNext) flags_[index(k, c)] |= kLive;
        }
}

double TreeFacts::value(int k, int c) const {
    const auto& v = stage(k).values;
    return size_t(c) < v.size() ? v[size_t(c)] : 0.0;
}

std::vector<uint8_t> TreeFacts::cone(int k, int c) const {
    std::vector<uint8_t> mask(size_t(stages_) * size_t(cells_), 0);
    if (k < 0 || k >= stages_ || c < 0 || c >= cells_) return mask;
    mask[index(k, c)] = 1;
    for (int s = k; s > 0; --s) {
        for (int cell = 0; cell < cells_; ++cell) {
            if (!mask[index(s, cell)]) continue;
            const int item = writer_[index(s, cell)];
            if (item < 0 || isLoad(s)) {  // unchanged in stage s: the same cell one stage earlier
                mask[index(s - 1, cell)] = 1;
                continue;
            }
            const CellOp op = operationWriting(stage(s).ops[size_t(item)], item, cell);  // a fused stage's second too
            for (int from : {op.a, op.b})
                if (from >= 0 && from < cells_) mask[index(s - 1, from)] = 1;
        }
    }
    return mask;
}

}  // namespace rl::view
