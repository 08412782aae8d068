// Small widgets shared by several panels.
#pragma once
#include <string>

#include "app/gui/common/ui_context.h"
#include "app/gui/state/explorer_state.h"

namespace rl::gui {

// When comparing: radio buttons naming the two variants, choosing the side a bottom tab shows (nothing otherwise).
void sideSelector(ExplorerState& state, const UiContext& ctx);

// The width ImGui gives a checkbox, and a small button, with `label`.
float checkboxWidth(const char* label);
float smallButtonWidth(const char* label);

// The next item beside the last one (`spacing` apart; < 0: the style's) where `width` fits what is left of the line,
// else at the start of the next.
void sameLineIfFits(float width, float spacing = -1);

// Whether the last item ends inside the current window's content region (not cut at its edge).
bool lastItemFits();

// `text` as it fits `width` on one line in the current font: whole, or cut at a word with an ellipsis.
std::string fitLine(const std::string& text, float width);

}  // namespace rl::gui
