// The playback bar across the top: first / back / play-pause / forward / last, the scrub bar over every stage of
// every pass, the stage caption, the speed, and the engine's progress indicator.
#pragma once
#include "app/gui/state/explorer_state.h"
#include "app/gui/common/ui_context.h"

namespace rl::gui {

struct Toolbar {
    void Draw(ExplorerState& state, const UiContext& ctx);

private:
    bool iconButton(const char* id, int icon, const UiContext& ctx, const char* tip);
    void scrubBar(ExplorerState& state, const UiContext& ctx, float width);
};

}  // namespace rl::gui
