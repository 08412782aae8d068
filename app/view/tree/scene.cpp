// Scene helpers.
#include "app/view/tree/scene.h"

namespace rl::view {

void Scene::rect(const Rect& r, Rgba fill, float rounding, Rgba stroke, float width) {
    Prim p;
    p.kind = Prim::Kind::Rect;
    p.rect = r;
    p.fill = fill;
    p.stroke = stroke;
    p.width = width;
    p.rounding = rounding;
    prims.push_back(std::move(p));
}

void Scene::outline(const Rect& r, Rgba stroke, float width, float rounding) {
    rect(r, Rgba{0, 0, 0, 0}, rounding, stroke, width);
}

void Scene::line(Vec2 a, Vec2 b, Rgba color, float width) {
    Prim p;
    p.kind = Prim::Kind::Line;
    p.a = a;
    p.b = b;
    p.stroke = color;
    p.width = width;
    prims.push_back(std::move(p));
}

void Scene::quad(Vec2 a, Vec2 b, Vec2 c, Vec2 d, Rgba fill) {
    Prim p;
    p.kind = Prim::Kind::Quad;
    p.a = a;
    p.b = b;
    p.c = c;
    p.d = d;
    p.fill = fill;
    prims.push_back(std::move(p));
}

void Scene::text(const Rect& box, std::string text, Rgba color, float size, FontRole font, Align align,
                 float squeeze) {
    Prim p;
    p.kind = Prim::Kind::Text;
    p.rect = box;
    p.fill = color;
    p.size = size;
    p.font = font;
    p.align = align;
    p.squeeze = squeeze;
    p.text = std::move(text);
    prims.push_back(std::move(p));
}

float estimateTextWidth(const std::string& text, float size, FontRole font) {
    int glyphs = 0;
    for (unsigned char c : text) glyphs += (c & 0xC0) != 0x80;
    const float em = font == FontRole::Bold ? 0.66f : (font == FontRole::Mono ? 0.602f : 0.6f);
    return float(glyphs) * em * size;
}

float fittedTextSize(const std::string& text, float size, float width, FontRole font, const TextMeasure& measure,
                     float step) {
    const float least = size * 2 / 3;
    while (size - step >= least && measure(text, size, font) > width) size -= step;
    return size;
}

}  // namespace rl::view
