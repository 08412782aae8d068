// The result column: the device's result against the CPU reference, a wrong-by-design kernel's failure in red with
// its explanation and the first stage where the trace leaves the model, and what the current stage does.
#pragma once
#include "app/gui/state/explorer_state.h"
#include "app/gui/common/ui_context.h"

namespace rl::gui {

struct ResultPanel {
    void Draw(ExplorerState& state, const UiContext& ctx);

private:
    void result(ExplorerState& state, int sideIndex, const UiContext& ctx, bool recordGeometry);
    // What the current stage does (one variant).
    void stage(const ExplorerState& state, int sideIndex, const UiContext& ctx);
    // When comparing: both variants' stage facts side by side, each column titled by its variant.
    void compareStages(const ExplorerState& state, const UiContext& ctx);
    static const Stage* currentStage(const ExplorerState& state, int sideIndex);
};

}  // namespace rl::gui
