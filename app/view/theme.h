// The explorer's looks in one place: the default dark theme, a high-contrast projector theme and a colour-blind-safe
// theme, the list the menu and `reducelab export --theme` choose from, and the explorer's choice. Plain data, no GL:
// the screen and the exporters use the same palettes. The two classroom themes also draw shape cues on the tree
// (app/view/state_marks.h), so no state is told apart by hue alone.
#pragma once
#include <string>
#include <vector>

#include "app/view/palette.h"

namespace rl::view {

const Palette& darkPalette();
const Palette& projectorPalette();
const Palette& colorBlindPalette();

struct ThemeInfo {
    std::string id;     // "dark", "projector", "colorblind"
    std::string title;  // shown in the menu
    const Palette* palette;
    bool stateMarks;  // draw shape cues (outlines, strokes, corner marks) besides the colours
};

const std::vector<ThemeInfo>& themes();
// The theme with this id, or nullptr.
const ThemeInfo* findTheme(const std::string& id);

// The theme the explorer shows (the classroom menu changes it; the settings remember it).
struct ThemeState {
    std::string id = "dark";

    const ThemeInfo& info() const;
    const Palette& palette() const { return *info().palette; }
    bool stateMarks() const { return info().stateMarks; }
    bool set(const std::string& themeId);  // false (and no change) for an unknown id
};

}  // namespace rl::view
