// The explorer's ImGui style: spacing, rounding and the widget colours taken from the theme's palette
// (app/view/theme.h), at the UI scale.
#pragma once
#include "app/view/palette.h"

namespace rl::gui {

// ImGui style (spacing, rounding, colours) for `scale`.
void applyStyle(const view::Palette& palette, float scale);

}  // namespace rl::gui
