// The pass / group picker above the tree: every pass of the whole reduction as a row of work-groups, the group on
// screen highlighted and joined to the group its partial goes to in the next pass. Clicking a group shows it
// (re-tracing when it was not recorded).
#pragma once
#include "app/gui/state/explorer_state.h"
#include "app/gui/common/ui_context.h"

namespace rl::gui {

struct PassMap {
    // Draws in a band of the given height at the cursor; returns the height used.
    float Draw(ExplorerState& state, Side& side, const UiContext& ctx, float width);
};

}  // namespace rl::gui
