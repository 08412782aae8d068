// Pure geometry of the reduction tree: where each stage's row, work-item strip and cells lie in a canvas.
// No drawing here: the screen (ImGui), the tests and the SVG/PNG exporters all place things with this one layout.
//
// Each stage is one row: a thin strip of work-item lanes (lit where the work-item was active in that stage), then
// the cells of local memory after the stage. Rows go from the load at the top to the result at the bottom
// (or mirrored with loadAtTop = false). Lines from operands leave a cell's far edge and arrive at the next row's strip.
#pragma once
#include "app/view/geometry.h"

namespace rl::view {

struct TreeLayoutParams {
    Rect canvas;             // the area the tree may use
    int stages = 1;          // rows
    int cells = 1;           // cells (and work-items) per row
    int firstCell = 0;       // horizontal window: the first cell shown
    int visibleCells = 0;    // how many cells are shown (0: all)
    int firstStage = 0;      // vertical window: the first row shown (rows before it lie above the canvas)
    int visibleStages = 0;   // how many rows share the canvas's height (0: all)
    float labelWidth = 120;  // the stage-label column on the left
    float laneHeight = 7;    // the work-item strip
    float maxCellHeight = 60;
    float minCellHeight = 12;
    float gapRatio = 0.9f;   // vertical space for operand lines, as a fraction of the cell height
    bool loadAtTop = true;
};

class TreeLayout {
public:
    explicit TreeLayout(const TreeLayoutParams& params);

    const TreeLayoutParams& params() const { return p_; }
    int firstVisible() const { return first_; }
    int endVisible() const { return end_; }  // one past the last visible cell
    bool visible(int cell) const { return cell >= first_ && cell < end_; }
    int firstStageShown() const { return firstStage_; }
    int endStageShown() const { return endStage_; }  // one past the last row inside the canvas
    bool rowShown(int stage) const { return stage >= firstStage_ && stage < endStage_; }
    float pitch() const { return pitch_; }            // horizontal distance between cells
    float cellGap() const { return gap_; }            // empty space between neighbouring cells
    float cellHeight() const { return cellH_; }
    float contentHeight() const { return contentH_; }  // may exceed the canvas for very many stages

    Rect cell(int stage, int cell) const;
    Rect lane(int stage, int item) const;
    Rect lanes(int stage) const;  // the whole strip of a row over the visible cells
    Rect cellsBand(int stage) const;  // the cells of a row over the visible cells
    Rect label(int stage) const;      // the label column beside a row (strip and cells)
    Rect row(int stage) const;        // label, strip and cells
    Vec2 outAnchor(int stage, int cell) const;  // where lines to the next stage leave this cell
    Vec2 inAnchor(int stage, int cell) const;   // where lines from the previous stage arrive above this cell

    // The stage and cell under a point, if any (the strip counts as part of its row's cells).
    bool hit(Vec2 point, int* stage, int* cell) const;

private:
    float rowTop(int stage) const;  // unmirrored top of a row (strip first, then cells)
    Rect place(float x, float y, float w, float h) const;  // applies the mirror for loadAtTop = false

    TreeLayoutParams p_;
    int first_ = 0, end_ = 0, firstStage_ = 0, endStage_ = 1;
    float x0_ = 0, pitch_ = 1, gap_ = 0, cellH_ = 1, laneGap_ = 2, lineGap_ = 1, rowPitch_ = 1, contentH_ = 0;
};

}  // namespace rl::view
