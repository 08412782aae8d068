// PNG and geometry loading, colour counting.
#include "tests/support/screenshot_checks.h"

#include <gtest/gtest.h>
#include <stb_image.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <set>

namespace rl::apptest {

view::Rgba Image::at(int x, int y) const {
    const size_t i = (size_t(y) * size_t(width) + size_t(x)) * 3;
    return {rgb[i], rgb[i + 1], rgb[i + 2], 255};
}

bool loadShot(const std::string& path, Shot* shot) {
    int w = 0, h = 0, channels = 0;
    unsigned char* data = stbi_load(path.c_str(), &w, &h, &channels, 3);
    if (!data) {
        ADD_FAILURE() << "cannot read the screenshot " << path;
        return false;
    }
    shot->image.width = w;
    shot->image.height = h;
    shot->image.rgb.assign(data, data + size_t(w) * size_t(h) * 3);
    stbi_image_free(data);
    std::ifstream in(path + ".json");
    if (!in) {
        ADD_FAILURE() << "no geometry beside " << path;
        return false;
    }
    try {
        shot->geometry = nlohmann::json::parse(in);
    } catch (const std::exception& e) {
        ADD_FAILURE() << "bad geometry " << path << ".json: " << e.what();
        return false;
    }
    return true;
}

view::Rect rectOf(const nlohmann::json& j) { return {j.at(0).get<float>(), j.at(1).get<float>(), j.at(2).get<float>(), j.at(3).get<float>()}; }

view::TreeLayoutParams layoutOf(const nlohmann::json& tree) {
    const auto& l = tree.at("layout");
    view::TreeLayoutParams p;
    p.canvas = rectOf(l.at("canvas"));
    p.stages = l.at("stages");
    p.cells = l.at("cells");
    p.firstCell = l.at("firstCell");
    p.visibleCells = l.at("visibleCells");
    p.firstStage = l.value("firstStage", 0);
    p.visibleStages = l.value("visibleStages", 0);
    p.labelWidth = l.at("labelWidth");
    p.laneHeight = l.at("laneHeight");
    p.maxCellHeight = l.at("maxCellHeight");
    p.minCellHeight = l.at("minCellHeight");
    p.gapRatio = l.at("gapRatio");
    p.loadAtTop = l.at("loadAtTop");
    return p;
}

view::Rect toPixels(const Shot& shot, const view::Rect& r) {
    const float s = shot.geometry.value("pixelScale", 1.0f);
    return {r.x * s, r.y * s, r.w * s, r.h * s};
}

namespace {

template <typename F>
void forEach(const Image& image, const view::Rect& r, F f) {
    const int x0 = std::max(0, int(r.x + 0.5f)), y0 = std::max(0, int(r.y + 0.5f));
    // At least one pixel per axis, so that narrow cells are sampled too.
    const int x1 = std::min(image.width, std::max(x0 + 1, int(r.right())));
    const int y1 = std::min(image.height, std::max(y0 + 1, int(r.bottom())));
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x) f(x, y);
}

bool near(view::Rgba a, view::Rgba b, int t) {
    return std::abs(a.r - b.r) <= t && std::abs(a.g - b.g) <= t && std::abs(a.b - b.b) <= t;
}

}  // namespace

int countNear(const Image& image, const view::Rect& r, view::Rgba color, int tolerance) {
    int n = 0;
    forEach(image, r, [&](int x, int y) { n += near(image.at(x, y), color, tolerance); });
    return n;
}

double fractionNear(const Image& image, const view::Rect& r, view::Rgba color, int tolerance) {
    int n = 0, total = 0;
    forEach(image, r, [&](int x, int y) {
        ++total;
        n += near(image.at(x, y), color, tolerance);
    });
    return total ? double(n) / total : 0.0;
}

int countDiffering(const Image& a, const Image& b, const view::Rect& r, int tolerance) {
    if (a.width != b.width || a.height != b.height) return -1;
    int n = 0;
    forEach(a, r, [&](int x, int y) { n += !near(a.at(x, y), b.at(x, y), tolerance); });
    return n;
}

int distinctColours(const Image& image, const view::Rect& r) {
    std::set<int> colours;
    forEach(image, r, [&](int x, int y) {
        const auto c = image.at(x, y);
        colours.insert((c.r >> 4) << 8 | (c.g >> 4) << 4 | (c.b >> 4));
    });
    return int(colours.size());
}

}  // namespace rl::apptest
