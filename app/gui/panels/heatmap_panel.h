// The local-memory heat map panel: stages x local index coloured by value (HeatmapRenderer's shader), for groups too
// wide for the tree to show every cell; a legend, stage labels, the current stage framed, and a tooltip per cell.
#pragma once
#include "app/gui/state/explorer_state.h"
#include "app/gui/common/ui_context.h"

namespace rl::gui {

struct HeatmapPanel {
    void Draw(ExplorerState& state, const UiContext& ctx);
};

}  // namespace rl::gui
