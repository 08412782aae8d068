// Messages: every error, warning and kernel build log, newest last, with the details (build logs) expandable.
#pragma once
#include "app/gui/state/explorer_state.h"
#include "app/gui/common/ui_context.h"

namespace rl::gui {

struct MessagesPanel {
    void Draw(ExplorerState& state, const UiContext& ctx);

private:
    int shownSerial_ = 0;  // to scroll to the newest message when one arrives
};

}  // namespace rl::gui
