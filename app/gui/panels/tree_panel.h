// The tree panel: one side's work-group drawn as rows of local memory per stage (view::buildTreeScene), with the
// pass / group picker above it, hover tooltips (index, value, writer, operands) and horizontal zoom for wide groups.
#pragma once
#include "app/gui/state/explorer_state.h"
#include "app/gui/panels/pass_map.h"
#include "app/gui/common/ui_context.h"

struct ImVec2;

namespace rl::gui {

struct TreePanel {
    PassMap passMap;

    // Draws side `sideIndex` filling the current window's remaining content region (`height` if > 0).
    void Draw(ExplorerState& state, int sideIndex, const UiContext& ctx, float height = 0);

private:
    void tooltip(const ExplorerState& state, const view::TreeFacts& facts, int stage, int cell, const UiContext& ctx);
    void counts(const Side& side, int step, const UiContext& ctx);
    static void progress(const UiContext& ctx, ImVec2 topRight);
};

}  // namespace rl::gui
