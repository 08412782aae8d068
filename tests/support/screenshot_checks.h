// Reading the explorer's screenshots (PNG + the JSON geometry it writes beside them) and measuring colours in them.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "app/view/geometry.h"
#include "app/view/theme.h"
#include "app/view/tree/tree_layout.h"

namespace rl::apptest {

struct Image {
    int width = 0, height = 0;
    std::vector<unsigned char> rgb;
    view::Rgba at(int x, int y) const;
};

struct Shot {
    Image image;
    nlohmann::json geometry;
};

// Loads PATH and PATH.json; fails the current test (and returns false) when either is missing or malformed.
bool loadShot(const std::string& path, Shot* shot);

view::Rect rectOf(const nlohmann::json& j);  // [x, y, w, h] in window units
view::TreeLayoutParams layoutOf(const nlohmann::json& tree);
// A rectangle in window units as image pixels (the screenshot's pixelScale).
view::Rect toPixels(const Shot& shot, const view::Rect& r);

// Pixels of `r` (image pixels, clipped) within `tolerance` of `color` on every channel.
int countNear(const Image& image, const view::Rect& r, view::Rgba color, int tolerance = 10);
double fractionNear(const Image& image, const view::Rect& r, view::Rgba color, int tolerance = 10);
// Pixels of `r` that differ by more than `tolerance` on some channel between two images of the same size.
int countDiffering(const Image& a, const Image& b, const view::Rect& r, int tolerance = 24);
// Distinct colours (quantised to 4 bits per channel) in `r`.
int distinctColours(const Image& image, const view::Rect& r);

}  // namespace rl::apptest
