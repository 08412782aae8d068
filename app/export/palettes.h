// The classroom palettes beside the explorer's dark one: a high-contrast palette for projectors and a palette safe
// for colour-blind viewers (Okabe-Ito hues whose states also differ in lightness). Plain data, no GL: the screen
// (app/gui/themes.h) and the exporters use the same ones.
#pragma once
#include <string>
#include <vector>

#include "app/view/palette.h"

namespace rl::exporter {

const view::Palette& projectorPalette();
const view::Palette& colorBlindPalette();

struct ThemeInfo {
    std::string id;     // "dark", "projector", "colorblind"
    std::string title;  // shown in the menu
    const view::Palette* palette;
    bool stateMarks;  // draw shape cues (outlines, strokes, corner marks) besides the colours
};

const std::vector<ThemeInfo>& themes();
// The theme with this id, or nullptr.
const ThemeInfo* findTheme(const std::string& id);

}  // namespace rl::exporter
