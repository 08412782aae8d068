// Words: the current stage told in sentences (app/view/narration.h), wrapped to the pane and copyable, for students
// who follow the tree with a screen reader (Dear ImGui draws pixels no screen reader can read) and for slides.
#pragma once
#include <cstdint>
#include <string>

#include "app/gui/state/explorer_state.h"
#include "app/gui/common/ui_context.h"

namespace rl::gui {

struct WordsPanel {
    void Draw(ExplorerState& state, const UiContext& ctx);

private:
    // The words of the shown step, made again only when the trace or the step changes.
    const view::TraceBundle* bundle_ = nullptr;
    uint64_t serial_ = 0;
    int step_ = -1;
    std::string title_, text_;
    double copiedAt_ = -1e9;  // when "Copy" was pressed (seconds), to say so for a moment
};

}  // namespace rl::gui
