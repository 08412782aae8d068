// The explorer's looks: the default dark theme, a high-contrast projector theme and a colour-blind-safe theme
// (palettes in app/export/palettes.h, shared with the exporters). The two classroom themes also draw shape cues
// on the tree (app/export/state_marks.h), so no state is told apart by hue alone.
#pragma once
#include <string>

#include "app/export/palettes.h"

namespace rl::gui {

struct ThemeState {
    std::string id = "dark";

    const exporter::ThemeInfo& info() const;
    const view::Palette& palette() const { return *info().palette; }
    bool stateMarks() const { return info().stateMarks; }
    bool set(const std::string& themeId);  // false (and no change) for an unknown id

    // Radio items for a menu; true when the theme changed.
    bool menuItems();
};

}  // namespace rl::gui
