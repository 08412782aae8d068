// A retained list of drawing primitives (rectangles, lines, text) in pixels. View code builds a Scene; the screen
// replays it with ImGui's draw list and the exporters write it as SVG, so every output draws the same picture.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "app/view/geometry.h"
#include "app/view/palette.h"

namespace rl::view {

enum class FontRole : uint8_t { Regular, Bold, Mono };
enum class Align : uint8_t { Left, Center, Right };

struct Prim {
    enum class Kind : uint8_t { Rect, Line, Text, Quad };
    Kind kind = Kind::Rect;
    Rect rect;           // Rect: the box. Text: the box the text is placed in (vertically centred, aligned by `align`)
    Vec2 a, b;           // Line: end points. Quad: a, b, c, d clockwise (filled with `fill`)
    Vec2 c, d;
    Rgba fill;           // Rect: fill (alpha 0: none). Text: colour.
    Rgba stroke;         // Rect: outline (alpha 0: none). Line: colour.
    float width = 1;     // outline or line width
    float rounding = 0;  // corner radius
    float size = 16;     // text size in pixels
    float squeeze = 1;   // Text: horizontal scale about the text's anchor (values narrowed to fit a cell, >= 0.8)
    Align align = Align::Center;
    FontRole font = FontRole::Regular;
    std::string text;
};

struct Scene {
    std::vector<Prim> prims;
    // Values in cells (tree scenes): the one text size they are drawn at (0: none drawn) and how many shown cells
    // hold a value too long to be written whole there (drawn as "…"; the panels show it on hover and beside).
    float valueSize = 0;
    int hiddenValues = 0;
    // Regions described in words (a tree's cells), drawn by nobody: the SVG export gives each a <title> so that a
    // screen reader (and a browser's tooltip) can read the picture.
    struct Label {
        Rect rect;
        std::string text;
    };
    std::vector<Label> labels;

    void rect(const Rect& r, Rgba fill, float rounding = 0, Rgba stroke = {}, float width = 1);
    void outline(const Rect& r, Rgba stroke, float width, float rounding = 0);
    void line(Vec2 a, Vec2 b, Rgba color, float width);
    void quad(Vec2 a, Vec2 b, Vec2 c, Vec2 d, Rgba fill);
    void text(const Rect& box, std::string text, Rgba color, float size, FontRole font = FontRole::Regular,
              Align align = Align::Center, float squeeze = 1);
};

// Width in pixels of a text at a size in a font; the screen measures with ImGui, exporters estimate.
using TextMeasure = std::function<float(const std::string& text, float size, FontRole font)>;

// A measure that needs no font: DejaVu Sans averages about 0.6 em per digit (0.62 for the bold face).
float estimateTextWidth(const std::string& text, float size, FontRole font);

// The size at which `text` fits `width`: `size` where it fits, else smaller in steps of `step`, down to two thirds of
// `size` at the least (a caption set smaller rather than cut at its frame's or screen's edge).
float fittedTextSize(const std::string& text, float size, float width, FontRole font, const TextMeasure& measure,
                     float step);

}  // namespace rl::view
