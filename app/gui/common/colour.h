// A palette colour (app/view/palette.h, 8-bit RGBA) as the float colour ImGui's widgets take.
#pragma once
#include <imgui.h>

#include "app/view/palette.h"

namespace rl::gui {

inline ImVec4 vec4(view::Rgba c) { return ImVec4(c.r / 255.f, c.g / 255.f, c.b / 255.f, c.a / 255.f); }

}  // namespace rl::gui
