// The stages in words, for students who follow the tree with a screen reader and for slides: which work-items
// combine which cells, which are idle, which SIMD groups diverge, where local-memory banks conflict, and the result.
// The same facts as the caption and the readout (caption.h), in sentences; the exports and the explorer's Words tab
// show them.
#pragma once
#include <string>
#include <vector>

#include "app/view/tree/playback.h"
#include "app/view/tree/tree_facts.h"
#include "core/trace.h"
#include "core/catalogue/variant.h"

namespace rl::view {

// Ascending numbers as words: "3", "0 to 3", "0, 2 and 5", "0, 2, 4 and so on up to 14 (every 2nd)"; past
// `maxParts` runs that follow no step, the first ones then "and N more".
std::string describeNumbers(const std::vector<int>& numbers, int maxParts = 4);

// "Stage 2 (s = 4)", "Stage 0, the load"; "Pass 2, work-group 1, stage 1 (s = 8)" when the run has several passes.
std::string stageHeading(const TraceRun& run, const StepRef& ref);

// One stage as a paragraph, e.g. "Stage 2 (s = 4): work-items 0 to 3 each add the cell 4 places to their right into
// their own (cell 0 = 10 + 14 = 24, ...); work-items 4 to 15 are idle. SIMD group 0 diverges (4 active, 12 idle).
// No bank conflicts." The heading in front unless `withHeading` is false.
std::string stageNarration(const TraceRun& run, const StepRef& ref, bool withHeading = true);

// The run's result and whether it equals the CPU reference, as a sentence.
std::string resultNarration(const TraceRun& run);

// Step `step` of a timeline: its stage's paragraph, and on the last step the result's sentence after it.
std::string stepNarration(const TraceRun& run, const std::vector<StepRef>& timeline, int step, bool withHeading = true);

// One cell after stage `stage`, e.g. "cell 3: 24, written in this stage by work-item 3 from cells 3 and 7".
std::string cellNarration(const TreeFacts& facts, int stage, int cell, ElemType type);

// Every step of a timeline as Markdown: a title and what was run, then a heading and a paragraph per step.
std::string narrationMarkdown(const TraceRun& run, const VariantInfo& variant, const std::vector<StepRef>& timeline);

}  // namespace rl::view
