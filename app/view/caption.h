// The caption line of a stage, as the lecture mode shows it and the exports print it: the variant, where the stage
// sits (pass, stage), and what happens in it, read from the recorded operations.
#pragma once
#include <functional>
#include <string>

#include "app/view/tree/playback.h"
#include "app/view/tree/tree_facts.h"
#include "core/pattern.h"
#include "core/trace.h"
#include "core/catalogue/variant.h"

namespace rl::view {

// One recorded operation in symbols: "cell 3 ← cell 1 + cell 3" (min(..), max(..) for those), and a scan's other
// forms: "cell 3 ← cell 7" (a value moved), "cell 15 ← the identity" (cleared), "cell 3 ← cell 3 + its input"
// (combined with a value the work-item keeps in a register), "cell 3 → global memory" (read out); in the pattern's
// words where it has its own ("bin 3 ← bin 3 + 1", "bin 3 → the global bins").
std::string operationText(Op op, int a, int b, int w, const CellWords& words = {});
// The run's pattern's words, with the copies its local memory holds of each output value (a histogram whose cells
// are its bins' copies: "bin 3 (copy 5)") and the keys its cells hold before them (a sorted tile: "key 3").
CellWords wordsOf(const TraceRun& run);
// A cell in those words: "cell 3", "bin 3", "bin 1 (copy 3)", "key 3".
std::string cellName(int c, const CellWords& words);
// Whether every operation of the list combines two cells (a reduction's tree; not a scan's moves and clears).
bool allCombineTwoCells(const std::vector<CellOp>& ops);

// e.g. "Sequential addressing · pass 1 of 1 · stage 2 of 0–4 (s = 4)" (stages count from the load, 0).
std::string stageTitle(const TraceRun& run, const VariantInfo& variant, const StepRef& ref);

// e.g. "4 of 16 work-items active, work-item 0: cell 0 + cell 4 → cell 0 · 0 divergent SIMD groups · no bank conflict".
std::string stageDescription(const TraceRun& run, const StepRef& ref);

// The values written in a stage, exactly, for when the cells are too narrow for them: e.g.
// "s = 4 wrote  cell 0 = 123456  ·  cell 1 = -98765" (at most `maxCells`, then "… and N more"; cells in `words`).
std::string stageReadout(const TreeFacts& facts, int stage, ElemType type, int maxCells = 16,
                         const CellWords& words = {});
// The same with as many cells as fit `width` (measured by `measure`), then "… and N more": a readout cut at the
// edge of its line would end inside a value ("cell 2 ="). At least one cell, at most `maxCells`; where even one
// cell and its count do not fit, the cell and "…".
std::string stageReadout(const TreeFacts& facts, int stage, ElemType type, const CellWords& words, float width,
                         const std::function<float(const std::string&)>& measure, int maxCells = 16);

}  // namespace rl::view
