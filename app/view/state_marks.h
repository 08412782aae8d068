// Shape cues for the tree, so no state is told apart by hue alone: what the current stage wrote gets a bold frame,
// cells written earlier a folded corner, cells no longer needed a strike-through, identity padding a cross, and
// active work-items' lanes an outline. Added on top of buildTreeScene's picture (screen and exports alike).
#pragma once
#include "app/view/tree/scene.h"
#include "app/view/tree/tree_facts.h"
#include "app/view/tree/tree_layout.h"

namespace rl::view {

// Appends the marks of rows 0..stage to `scene`. Cells narrower than 8 pixels get none (lightness carries them).
void addStateMarks(Scene& scene, const TreeFacts& facts, const TreeLayout& layout,
                   const Palette& palette, int stage);

}  // namespace rl::view
