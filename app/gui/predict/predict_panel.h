// The Predict panel at the top of the result column: the toggle, the question (active work-items, a cell's value,
// divergent SIMD groups, the bank-conflict degree), the entry, Submit (Enter) and Skip, the differences of the
// stage just revealed and the running score. The picking itself happens on the tree (predict_overlay.h).
#pragma once
#include "app/gui/state/explorer_state.h"
#include "app/gui/common/ui_context.h"

namespace rl::gui {

struct PredictPanel {
    void Draw(ExplorerState& state, const UiContext& ctx);

private:
    void entry(ExplorerState& state, const UiContext& ctx, int waiting);
    void outcome(const ExplorerState& state, const UiContext& ctx);

    char valueBuffer_[64] = {};
    std::string error_;  // why the last Submit did nothing
};

}  // namespace rl::gui
