// Small widgets shared by several panels.
#pragma once
#include "app/gui/state/explorer_state.h"
#include "app/gui/common/ui_context.h"

namespace rl::gui {

// When comparing: radio buttons naming the two variants, choosing the side a bottom tab shows (nothing otherwise).
void sideSelector(ExplorerState& state, const UiContext& ctx);

}  // namespace rl::gui
