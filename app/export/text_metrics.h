// Text widths without a GL context: DejaVu measured with FreeType the way the screen's ImGui atlas measures it
// (sizes baked at 11, 13, 15, 18, 22, 28, 36 pixels times the scale, hinted advances rounded up, no kerning), so an
// export fits values in cells exactly as the screen does. Falls back to view::estimateTextWidth without the fonts.
#pragma once
#include <memory>

#include "app/view/tree/scene.h"

namespace rl::exporter {

class TextMetrics {
public:
    explicit TextMetrics(float scale);
    ~TextMetrics();
    TextMetrics(const TextMetrics&) = delete;
    TextMetrics& operator=(const TextMetrics&) = delete;

    bool hasFonts() const;
    float width(const std::string& text, float size, view::FontRole role) const;
    view::TextMeasure measure() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// Where DejaVu lives (fonts-dejavu-core); "" when the file is not found.
std::string dejavuPath(view::FontRole role);

}  // namespace rl::exporter
