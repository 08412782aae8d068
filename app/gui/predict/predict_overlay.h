// Predict mode on the tree, drawn over side A's tree after it (explorer and lecture screen alike): the hidden
// stage's row marked "?", the work-items picked and the cell chosen; once revealed, the differences (a ring
// round each active work-item left out, a cross on each one wrongly called active, the typed value beside the
// recorded one). Clicks on the hidden row pick work-items or the cell. Also the lecture screen's question line
// and its keys, and the script verbs that drive predict mode in tests.
#pragma once
#include <string>

#include "app/gui/state/explorer_state.h"
#include "app/gui/common/ui_context.h"

namespace rl::gui {

// Draws on the current window's draw list, over the side-A tree recorded in ctx.geometry this frame.
// `lecture`: the lecture screen's sizes.
void drawPredictOverlay(ExplorerState& state, const UiContext& ctx, bool lecture);

// The lecture screen's question (or answer) line at (x, y), `width` wide; returns the height it took (0 when
// predict mode is off).
float drawLecturePredictLine(ExplorerState& state, const UiContext& ctx, float x, float y, float width);

// The expected answer of `step` of side A to the question predict mode asks, in words ("3 work-items of one SIMD
// group hit one bin"): the lecture screen shows it once the room answered, the presenter's console at once.
std::string predictAnswer(const ExplorerState& state, int step);

// Lecture-mode keys: Q turns predict mode on and off, 1-4 choose the question, and while a stage waits the
// clicker's "next" reveals it (scoring the room's answer when one was marked). Returns true when it took the key.
bool predictLectureKeys(ExplorerState& state);
// Whether predict mode asks this kind of question of what the explorer shows: contention only where the pattern
// counts it (a histogram's bins).
bool kindOffered(const ExplorerState& state, predict::Kind kind);

// Script verbs: predict:on|off|submit|skip|reveal|start-over|clear, predict-kind:active|value|divergent|conflict,
// predict-pick:I[,J...] (toggles), predict-cell:C, predict-value:TEXT, predict-count:N. Returns "" or an error.
std::string predictScriptAction(const std::string& verb, const std::string& arg, ExplorerState& state);

}  // namespace rl::gui
