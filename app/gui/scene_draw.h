// Replays a view::Scene with ImGui's draw list (the screen's renderer of the tree; exporters write the same Scene
// as SVG), and measures text with the real fonts for the scene builders.
#pragma once
#include "app/gui/theme.h"
#include "app/view/scene.h"

struct ImDrawList;

namespace rl::gui {

void drawScene(ImDrawList* list, const view::Scene& scene, const Fonts& fonts);

view::TextMeasure measureWith(const Fonts& fonts);

}  // namespace rl::gui
