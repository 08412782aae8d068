// The reduction tree at one moment of playback, as a Scene: rows of cells coloured by state, the active work-items'
// lanes, lines from operands to results, values, and (during a transition) the operand values moving to their result.
#pragma once
#include "app/view/tree/scene.h"
#include "app/view/tree/tree_facts.h"
#include "app/view/tree/tree_layout.h"

namespace rl::view {

struct TreeSceneOptions {
    int stage = 0;          // the current stage: rows 0..stage are shown, later rows as outlines
    float transition = 1;   // 0..1: progress of the move from stage-1 into `stage` (1: settled)
    int hoverStage = -1;    // the cell under the pointer, whose cone is outlined
    int hoverCell = -1;
    ElemType type = ElemType::Float;
    bool showValues = true;
    bool showFuture = true;     // outlines of the stages still to come
    bool showPastLines = true;  // the lines of earlier stages, fainter
    float valueSize = 20;       // largest text size for values in cells
    float labelSize = 18;       // stage labels, where the cells are tall enough (60% of it, or 11, at the least)
    // The cells are counters (a histogram's bins): each is drawn with a bar of its count against the largest count
    // of the group, so the rows grow into a bar chart stage by stage; and a cell that two or more work-items of one
    // SIMD group of `simdWidth` incremented in the current stage (contention) is outlined as hot.
    bool countBars = false;
    int firstCounter = 0;  // countBars: the cells below it are not counters (a sorted tile's keys) and get no bar
    int simdWidth = 32;
};

// The state a cell is drawn in (tests and exporters use the same classification as the screen).
enum class CellLook { Future, Written, WrittenPast, Live, Dead, Padding };
CellLook cellLook(const TreeFacts& facts, int row, int cell, int currentStage);
Rgba cellFill(CellLook look, const Palette& palette);

// Whether a value's exact text is written whole in a cell `width` wide at `size` (narrowed to 0.8 at most), as
// buildTreeScene decides; a value that is not is an ellipsis there (the panels read it out instead).
bool valueFits(const std::string& text, float width, float size, const TextMeasure& measure);

Scene buildTreeScene(const TreeFacts& facts, const TreeLayout& layout, const Palette& palette,
                     const TreeSceneOptions& options, const TextMeasure& measure);

}  // namespace rl::view
