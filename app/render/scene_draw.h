// Replays a view::Scene with ImGui's draw list (the screen's renderer of the tree; exporters write the same Scene
// as SVG), and measures text with the real fonts for the scene builders.
#pragma once
#include "app/render/fonts.h"
#include "app/view/tree/scene.h"

struct ImDrawList;

namespace rl::render {

// `antiAliasFills`: smooth rounded corners (costs about three times the triangles, which a software rasteriser
// feels with thousands of cells; the tree turns it off past a few hundred cells).
void drawScene(ImDrawList* list, const view::Scene& scene, const Fonts& fonts, bool antiAliasFills = true);

view::TextMeasure measureWith(const Fonts& fonts);

}  // namespace rl::render
