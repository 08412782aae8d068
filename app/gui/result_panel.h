// The result column: the device's result against the CPU reference, a wrong-by-design kernel's failure in red with
// its explanation and the first stage where the trace leaves the model, and what the current stage does.
#pragma once
#include "app/gui/explorer_state.h"
#include "app/gui/ui_context.h"

namespace rl::gui {

struct ResultPanel {
    void Draw(ExplorerState& state, const UiContext& ctx);

private:
    void result(ExplorerState& state, int sideIndex, const UiContext& ctx, bool recordGeometry);
    void stage(const ExplorerState& state, const UiContext& ctx);
};

}  // namespace rl::gui
