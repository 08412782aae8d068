// Where the explorer's window is and how large (logical units), as the settings keep it between runs.
#pragma once

namespace rl::gui {

struct WindowGeometry {
    int x = 0, y = 0, width = 1600, height = 1000;
    bool maximized = false;
};

}  // namespace rl::gui
