// Shape cues for the tree, so no state is told apart by hue alone: what the current stage wrote gets a bold frame,
// cells written earlier a folded corner, cells no longer needed a strike-through, identity padding a cross, and
// active work-items' lanes an outline. Added on top of view::buildTreeScene's picture (screen and exports alike).
#pragma once
#include "app/view/scene.h"
#include "app/view/tree_facts.h"
#include "app/view/tree_layout.h"

namespace rl::exporter {

// Appends the marks of rows 0..stage to `scene`. Cells narrower than 8 pixels get none (lightness carries them).
void addStateMarks(view::Scene& scene, const view::TreeFacts& facts, const view::TreeLayout& layout,
                   const view::Palette& palette, int stage);

}  // namespace rl::exporter
