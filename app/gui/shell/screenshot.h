// Screenshots of the window as the app drew it: the back buffer read after rendering (before the swap), written
// as PNG, plus PATH.json describing where the frame's tree, result and scrub bar were drawn, for the tests.
#pragma once
#include <string>

#include "app/gui/common/ui_context.h"

namespace rl::gui {

// Reads the current framebuffer (width x height pixels) and writes a PNG. Returns "" or an error message.
std::string writeScreenshot(const std::string& path, int width, int height);

// The scales the frame was drawn at, and the fonts' pixel sizes (what HiDPI tests check).
struct ScaleFacts {
    float contentScale = 1;  // the display's (or --content-scale / REDUCELAB_CONTENT_SCALE)
    float unitScale = 1;     // window units per logical unit (Window::unitScale)
    float userScale = 1;     // --scale
    float textScale = 1;     // the text size, Ctrl +/-/0
    float uiScale = 1;       // the product: what fonts and style sizes are multiplied by
    float body = 0, bold = 0, heading = 0, mono = 0;  // font sizes in pixels
};

// Writes the geometry of the frame next to a screenshot (path + ".json"). `pixelScale`: framebuffer pixels per
// window unit. Returns "" or an error message.
std::string writeGeometry(const std::string& path, const FrameGeometry& geometry, int width, int height,
                          float pixelScale, const std::string& variant, int step, int steps,
                          const ScaleFacts& scale = {});

}  // namespace rl::gui
