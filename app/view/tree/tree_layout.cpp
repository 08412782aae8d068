// Tree geometry: row heights from the canvas height and stage count, cell pitch from the visible window.
#include "app/view/tree/tree_layout.h"

#include <algorithm>
#include <cmath>

namespace rl::view {

TreeLayout::TreeLayout(const TreeLayoutParams& params) : p_(params) {
    p_.stages = std::max(1, p_.stages);
    p_.cells = std::max(1, p_.cells);
    first_ = std::clamp(p_.firstCell, 0, p_.cells - 1);
    const int count = p_.visibleCells > 0 ? std::min(p_.visibleCells, p_.cells - first_) : p_.cells - first_;
    end_ = first_ + std::max(1, count);

    x0_ = p_.canvas.x + p_.labelWidth;
    const float width = std::max(1.0f, p_.canvas.w - p_.labelWidth);
    pitch_ = width / float(end_ - first_);
    gap_ = pitch_ >= 14 ? std::clamp(pitch_ * 0.1f, 2.0f, 8.0f) : (pitch_ >= 5 ? 1.0f : 0.0f);

    // The rows that share the canvas: all, or a window of them (the others lie outside it, above or below).
    firstStage_ = std::clamp(p_.firstStage, 0, p_.stages - 1);
    const int shown = p_.visibleStages > 0 ? std::min(p_.visibleStages, p_.stages - firstStage_) : p_.stages - firstStage_;
    endStage_ = firstStage_ + std::max(1, shown);

    // Solve for the cell height: S strips, S cell rows and S-1 line gaps of gapRatio * cell height fill the canvas.
    const int S = endStage_ - firstStage_;
    const float fixed = float(S) * (p_.laneHeight + laneGap_);
    const float units = float(S) + p_.gapRatio * float(S - 1);
    cellH_ = std::clamp((p_.canvas.h - fixed) / units, p_.minCellHeight, p_.maxCellHeight);
    lineGap_ = p_.gapRatio * cellH_;
    rowPitch_ = p_.laneHeight + laneGap_ + cellH_ + lineGap_;
    contentH_ = fixed + float(S) * cellH_ + float(S - 1) * lineGap_;
}

float TreeLayout::rowTop(int stage) const { return p_.canvas.y + float(stage - firstStage_) * rowPitch_; }

Rect TreeLayout::place(float x, float y, float w, float h) const {
    if (p_.loadAtTop) return {x, y, w, h};
    const float top = p_.canvas.y;
    return {x, top + contentH_ - (y - top) - h, w, h};
}

Rect TreeLayout::cell(int stage, int c) const {
    const float x = x0_ + float(c - first_) * pitch_ + gap_ * 0.5f;
    return place(x, rowTop(stage) + p_.laneHeight + laneGap_, std::max(0.5f, pitch_ - gap_), cellH_);
}

Rect TreeLayout::lane(int stage, int item) const {
    const float gap = gap_ > 0 ? std::max(1.0f, gap_ * 0.5f) : 0.0f;
    const float x = x0_ + float(item - first_) * pitch_ + gap * 0.5f;
    return place(x, rowTop(stage), std::max(0.5f, pitch_ - gap), p_.laneHeight);
}

Rect TreeLayout::lanes(int stage) const {
    return place(x0_, rowTop(stage), pitch_ * float(end_ - first_), p_.laneHeight);
}

Rect TreeLayout::cellsBand(int stage) const {
    return place(x0_, rowTop(stage) + p_.laneHeight + laneGap_, pitch_ * float(end_ - first_), cellH_);
}

Rect TreeLayout::label(int stage) const {
    return place(p_.canvas.x, rowTop(stage), p_.labelWidth - 10, p_.laneHeight + laneGap_ + cellH_);
}

Rect TreeLayout::row(int stage) const {
    return place(p_.canvas.x, rowTop(stage), p_.canvas.w, p_.laneHeight + laneGap_ + cellH_);
}

Vec2 TreeLayout::outAnchor(int stage, int c) const {
    const Rect r = cell(stage, c);
    return {r.center().x, p_.loadAtTop ? r.bottom() : r.y};
}

Vec2 TreeLayout::inAnchor(int stage, int c) const {
    const Rect strip = lane(stage, c);
    return {cell(stage, c).center().x, p_.loadAtTop ? strip.y : strip.bottom()};
}

bool TreeLayout::hit(Vec2 point, int* stage, int* c) const {
    if (point.x < x0_ || point.x >= x0_ + pitch_ * float(end_ - first_)) return false;
    const int column = first_ + int(std::floor((point.x - x0_) / pitch_));
    for (int s = firstStage_; s < endStage_; ++s) {
        const Rect band = cellsBand(s), strip = lanes(s);
        const float y0 = std::min(band.y, strip.y), y1 = std::max(band.bottom(), strip.bottom());
        if (point.y >= y0 && point.y < y1) {
            *stage = s;
            *c = std::clamp(column, first_, end_ - 1);
            return true;
        }
    }
    return false;
}

}  // namespace rl::view
