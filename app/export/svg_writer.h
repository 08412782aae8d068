// SVG of a Scene: real vector shapes (rect, line, polygon) and real text (DejaVu Sans, editable in slide software),
// placed where the screen's ImGui renderer places them, in the same colours.
#pragma once
#include <string>

#include "app/view/tree/scene.h"

namespace rl::exporter {

// The whole document. `width` x `height` pixels; `title` goes into <title> and `desc` into <desc> (for screen
// readers and file browsers; a default line when empty). The scene's labels become invisible boxes over what they
// describe, each a group with its own <title>.
std::string sceneToSvg(const view::Scene& scene, int width, int height, const std::string& title,
                       const std::string& desc = "");

// Writes `text` to `path` through a temporary file; throws rl::Error (BadInput) naming the path when it cannot.
void writeTextFile(const std::string& path, const std::string& text);

}  // namespace rl::exporter
