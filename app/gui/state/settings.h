// What the explorer remembers between runs: window geometry, panel split sizes, the last problem and view options.
// Stored as JSON in the user's config directory beside imgui.ini; a corrupt file falls back to defaults.
#pragma once
#include <string>

#include "app/gui/state/window_geometry.h"
#include "core/run_config.h"

namespace rl::gui {

struct LayoutSplits {
    float left = 380;      // controls column width (unscaled units)
    float right = 420;     // result column width
    float bottom = 0.38f;  // bottom tabs, as a fraction of the centre column's height
    float workbench = 760;  // the workbench column's width, when open (unscaled units)
};

struct Settings {
    WindowGeometry window;
    LayoutSplits splits;
    RunConfig config;
    std::string device;          // device name (indices change when drivers are installed)
    std::string compareVariant;  // empty: not comparing
    float speed = 1.5f;          // stages per second
    bool loadAtTop = true;
    bool showValues = true;
    int bottomTab = 0;
    bool wrapSource = true;     // the kernel source wraps long lines
    bool sourceBeside = false;  // the kernel source as a panel beside the tree
    int heatNormalize = 0;       // 0: per stage, 1: whole group
    // Classroom (app/view/theme.h, lecture_mode.h): the look, the user's font scale and the last session file.
    std::string theme = "dark";  // dark, projector (high contrast), colorblind
    float fontScale = 1;         // Ctrl +/-/0, multiplies the display's content scale (0.5 .. 4)
    std::string lastSession;     // the session file opened or saved last
};

// $XDG_CONFIG_HOME/reducelab, else $HOME/.config/reducelab, else "" (settings then are not saved).
std::string defaultConfigDir();

// Reads dir/settings.json; on a missing file returns defaults silently, on a bad one returns defaults and a warning.
Settings loadSettings(const std::string& dir, std::string* warning);
// Writes dir/settings.json (creating dir); returns false with an error message on failure.
bool saveSettings(const std::string& dir, const Settings& settings, std::string* error);

// The explorer's defaults for a first run: small enough that every value is legible.
Settings defaultSettings();

}  // namespace rl::gui
