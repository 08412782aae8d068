// Small widgets shared by several panels.
#pragma once
#include <string>

#include "app/gui/common/ui_context.h"
#include "app/gui/state/explorer_state.h"

namespace rl::gui {

// When comparing: radio buttons naming the two variants, choosing the side a bottom tab shows (nothing otherwise).
void sideSelector(ExplorerState& state, const UiContext& ctx);

// `text` as it fits `width` on one line in the current font: whole, or cut at a word with an ellipsis.
std::string fitLine(const std::string& text, float width);

}  // namespace rl::gui
