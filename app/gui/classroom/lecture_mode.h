// Lecture mode (F5 or the toolbar's Lecture button): the tree fills the screen under one caption line (variant,
// stage, what happens in it), every control hidden. Clicker keys step (Page Down / Page Up, arrows, space), B
// blanks the screen, S shows the kernel source beside the tree (following the stages, in the lecture's text size),
// Ctrl +/−/0 scale the text live (the font atlas is rebuilt at the new size, so text stays crisp), F11 full screen,
// F5 or Esc leaves. For a multi-tile scan T shows its tiles instead of the tree (the Tiles tab's picture at the
// lecture's size): then the clicker keys step through a look-back's log, entry by entry.
#pragma once

#include <cfloat>

#include "app/gui/panels/source_panel.h"
#include "app/gui/state/explorer_state.h"
#include "app/gui/common/ui_context.h"
#include "app/gui/common/window.h"
#include "app/view/tiles/tiles_scene.h"

namespace rl::gui {

struct LectureMode {
    bool active = false;
    bool blank = false;
    bool showSource = false;  // S: the kernel source beside the tree
    bool showTiles = false;   // T: a multi-tile scan's tiles instead of the tree
    float fontScale = 1;  // the user's text scale (all modes), times the display's content scale

    void toggle();
    // Keys of the lecture mode. Returns true when normal key handling must be skipped.
    bool handleKeys(ExplorerState& state, Window& window);
    // Ctrl +/-/0: the text size, in every mode and also while a text field (the kernel editor) has the keyboard.
    void handleTextSizeKeys();
    void setFontScale(float scale);

    // Draws the whole lecture screen (the caller draws nothing else). `hints`: the keys' line at the bottom (not on
    // the presenter view's projector, which shows the tree and its caption only).
    void Draw(ExplorerState& state, const UiContext& ctx, bool hints = true);
    // One side's caption and tree in `area` of the current window, as the lecture screen draws it: at the playback's
    // step, or at `previewStep` (>= 0: the presenter's "next" preview, drawn without predict mode's marks and not
    // recorded in the frame's geometry).
    void drawSide(ExplorerState& state, int sideIndex, const UiContext& ctx, view::Rect area, int previewStep = -1);

private:
    bool tilesShown(const ExplorerState& state) const;
    void drawTiles(ExplorerState& state, const UiContext& ctx, view::Rect area);

    SourcePanel source_;
    float keysLeft_ = FLT_MAX;  // while Draw draws the sides: where the keys' line starts (a readout keeps left of it)
    uint64_t tilesSerial_ = 0;  // the bundle the tiles' facts belong to
    view::TilesFacts tiles_;
};

}  // namespace rl::gui
