// Kernel source: the exact .cl file that ran (its kernelFile, kernels/<pattern>/<id>.cl, optionally with the
// common.cl prelude), with the lines of the current stage highlighted (view::stageLines) and the variant's lesson
// beside it.
#pragma once
#include <string>
#include <vector>

#include "app/gui/state/explorer_state.h"
#include "app/gui/common/ui_context.h"

namespace rl::gui {

// The source follows the playback (the current stage's lines highlighted and brought into view), wraps long lines
// at the pane's width, is drawn in the monospaced font of the current text size, and shows in the bottom tab or as
// a full-height panel beside the tree (`beside`).
struct SourcePanel {
    void Draw(ExplorerState& state, const UiContext& ctx, bool beside = false);

private:
    void code(const ExplorerState& state, const UiContext& ctx);
    void lesson(const ExplorerState& state, const UiContext& ctx);
    // wrap long lines, common.cl too, and the button that moves the source beside the tree or back
    void controls(ExplorerState& state, const UiContext& ctx, bool beside, bool inRow);

    // The text on screen and the span last scrolled to (so the view follows the stage, not every frame).
    std::string fileId_;
    std::vector<std::string> lines_;
    int commonLines_ = 0;  // lines of the prelude shown before the variant's own
    int scrolledFirst_ = -2;
    int scrollChecks_ = 0;  // frames left in which the stage's lines are brought into view if they do not show
};

}  // namespace rl::gui
