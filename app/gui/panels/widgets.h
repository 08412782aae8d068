// Small widgets shared by several panels.
#pragma once
#include <string>

#include "app/gui/common/ui_context.h"
#include "app/gui/state/explorer_state.h"

struct ImDrawList;
struct ImFont;

namespace rl::gui {

// When comparing: radio buttons naming the two variants, choosing the side a bottom tab shows (nothing otherwise).
void sideSelector(ExplorerState& state, const UiContext& ctx);

// The width ImGui gives a checkbox, and a button (small or not), with `label`.
float checkboxWidth(const char* label);
float buttonWidth(const char* label);

// The next item beside the last one (`spacing` apart; < 0: the style's) where `width` fits what is left of the line,
// else at the start of the next.
void sameLineIfFits(float width, float spacing = -1);

// Whether the last item ends inside the current window's content region (not cut at its edge), give or take
// `slack` pixels (wrapped text's box may end a pixel past the wrap position: ImGui rounds the last advance up).
bool lastItemFits(float slack = 0.5f);

// Items set left to right, each beside the last where it fits (sameLineIfFits), else at the start of the next line;
// or, not in a row, each on a line of its own. Tells whether every one ended inside the window.
class FlowRow {
public:
    explicit FlowRow(float spacing = -1, bool inRow = true) : spacing_(spacing), inRow_(inRow) {}
    // Before each item after the first, `width` wide
    void next(float width) {
        fits_ = fits_ && lastItemFits();
        if (inRow_) sameLineIfFits(width, spacing_);
    }
    // After the last item: whether every item fitted
    bool fits() const { return fits_ && lastItemFits(); }

private:
    float spacing_;
    bool inRow_;
    bool fits_ = true;
};

// `text` as it fits `width` on one line in the current font: whole, or cut at a word with an ellipsis.
std::string fitLine(const std::string& text, float width);
// The same in `font` at `size` (text drawn straight onto a draw list, at a size of its own).
std::string fitLine(const std::string& text, float width, ImFont* font, float size);

// The hook at the start of a row that goes on with the line above (a wrapped line of code): down from the row's top,
// then right, to an arrowhead, at `x` in a row from `y` of `lineH`, for text of `fontSize`.
void drawContinuationHook(ImDrawList* dl, float x, float y, float lineH, float fontSize, view::Rgba colour, float s);

}  // namespace rl::gui
