// Warps and banks: for the current stage, each SIMD group as a row of lanes (active, idle; the group marked
// active, idle or divergent), the local-memory bank each active lane touches in the chosen access and the group's
// conflict degree. All of it is the engine's hardware model (core/model/analysis.h), labelled as such.
#pragma once
#include "app/gui/state/explorer_state.h"
#include "app/gui/common/ui_context.h"

namespace rl::gui {

struct WarpsPanel {
    void Draw(ExplorerState& state, const UiContext& ctx);
};

}  // namespace rl::gui
