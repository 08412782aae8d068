// The Tiles tab: a multi-tile scan's tiles as the device left them (each tile's total and the offset it was given),
// and for decoupled-look-back the log its kernel kept: every tile's status (X, A, P) over the launch, a cursor that
// steps through the log entry by entry with the entry in words, and the predecessors a tile read, drawn from its row
// to theirs at the moment it read them.
#pragma once
#include <cstdint>

#include "app/gui/common/ui_context.h"
#include "app/gui/state/explorer_state.h"
#include "app/view/tiles/tiles_scene.h"

namespace rl::gui {

struct TilesPanel {
    void Draw(ExplorerState& state, const UiContext& ctx);

private:
    uint64_t serial_ = 0;  // the bundle the cached timeline and tiles belong to
    view::TilesFacts facts_;
};

}  // namespace rl::gui
