// The fonts every ImGui picture is drawn with (DejaVu, rasterised by FreeType at the exact pixel size for the
// display's content scale, so text stays crisp on HiDPI and on a projector), for the screen and the exports alike.
#pragma once
#include <string>
#include <vector>

#include "app/view/tree/scene.h"

struct ImFont;

namespace rl::render {

struct Fonts {
    ImFont* regular = nullptr;  // body text
    ImFont* bold = nullptr;     // emphasis, panel titles
    ImFont* heading = nullptr;  // large numbers and headings
    ImFont* mono = nullptr;     // kernel source
    std::vector<std::pair<float, ImFont*>> boldSizes;  // bold faces for values in cells, ascending sizes in pixels
    std::vector<std::pair<float, ImFont*>> regularSizes;
    float scale = 1;            // pixels per unit of the base sizes below
    bool embedded = false;      // DejaVu embedded at build time (else found on disk, else ImGui's default)

    // The face to draw text of `pixels` size with in a role: the smallest baked size >= pixels (never blown up).
    ImFont* pick(view::FontRole role, float pixels) const;
};

// Base sizes in pixels at scale 1 (a 96-dpi display). Chosen to be readable on a projector from the back.
inline constexpr float kBodySize = 18, kHeadingSize = 24, kMonoSize = 17;

// Builds the atlas for `scale` (replacing any previous fonts). Returns a warning when the fallback font is used.
Fonts loadFonts(float scale, std::string* warning);

// "FreeType 2.12.1": the rasteriser the fonts go through (shown in the messages at start-up).
std::string freetypeVersion();

}  // namespace rl::render
