// What the tree shows about one traced work-group, derived once from its recorded stages: who wrote each cell in
// each stage, which cells were read, which values a later stage still needs, and the cone of cells feeding a cell.
#pragma once
#include <cstdint>
#include <vector>

#include "core/trace.h"

namespace rl::view {

class TreeFacts {
public:
    // `group` must outlive this object (it is kept by reference).
    explicit TreeFacts(const GroupTrace& group);

    const GroupTrace& group() const { return *group_; }
    const Stage& stage(int k) const { return group_->stages[size_t(k)]; }
    int stages() const { return stages_; }
    int cells() const { return cells_; }
    int resultCell() const { return 0; }  // the cell every local tree leaves its group's value in
    bool isLoad(int k) const { return stage(k).param < 0; }

    double value(int k, int c) const;
    // The work-item that wrote cell c in stage k, or -1 when no active work-item wrote it in that stage.
    int writer(int k, int c) const { return writer_[index(k, c)]; }
    bool written(int k, int c) const { return writer(k, c) >= 0; }
    // Read as an operand (a or b) by an active work-item of stage k (k >= 1).
    bool read(int k, int c) const { return flags_[index(k, c)] & kRead; }
    // The value the cell holds after stage k is still needed by a later stage (or is the group's result).
    bool live(int k, int c) const { return flags_[index(k, c)] & kLive; }
    // Loaded by no work-item while others were: identity padding past N.
    bool padding(int c) const { return flags_[index(0, c)] & kPadding; }
    // The last stage <= k that wrote cell c (-1 if none) and the work-item that did.
    int lastWriteStage(int k, int c) const { return lastStage_[index(k, c)]; }
    int activeItems(int k) const { return active_[size_t(k)]; }

    // Cells (stage-major mask, stages() x cells()) whose values flow into cell c after stage k, c included.
    std::vector<uint8_t> cone(int k, int c) const;

private:
    enum : uint8_t { kRead = 1, kLive = 2, kPadding = 4 };
    size_t index(int k, int c) const { return size_t(k) * size_t(cells_) + size_t(c); }

    const GroupTrace* group_;
    int stages_ = 0, cells_ = 0;
    std::vector<int> writer_, lastStage_, active_;
    std::vector<uint8_t> flags_;
};

}  // namespace rl::view
