// ImGui replay of scenes.
#include "app/render/scene_draw.h"

#include <imgui.h>

#include <cfloat>
#include <cmath>

namespace rl::render {

void drawScene(ImDrawList* list, const view::Scene& scene, const Fonts& fonts, bool antiAliasFills) {
    using K = view::Prim::Kind;
    const ImDrawListFlags saved = list->Flags;
    if (!antiAliasFills) list->Flags &= ~ImDrawListFlags_AntiAliasedFill;
    for (const view::Prim& p : scene.prims) {
        switch (p.kind) {
            case K::Rect: {
                const ImVec2 a(p.rect.x, p.rect.y), b(p.rect.right(), p.rect.bottom());
                if (p.fill.a) list->AddRectFilled(a, b, p.fill.packed(), p.rounding);
                if (p.stroke.a) list->AddRect(a, b, p.stroke.packed(), p.rounding, 0, p.width);
                break;
            }
            case K::Quad:
                list->AddQuadFilled(ImVec2(p.a.x, p.a.y), ImVec2(p.b.x, p.b.y), ImVec2(p.c.x, p.c.y),
                                    ImVec2(p.d.x, p.d.y), p.fill.packed());
                break;
            case K::Line:
                list->AddLine(ImVec2(p.a.x, p.a.y), ImVec2(p.b.x, p.b.y), p.stroke.packed(), p.width);
                break;
            case K::Text: {
                ImFont* font = fonts.pick(p.font, p.size);
                const char* begin = p.text.c_str();
                const char* end = begin + p.text.size();
                const ImVec2 size = font->CalcTextSizeA(p.size, FLT_MAX, 0, begin, end);
                const float shown = size.x * p.squeeze;  // the width once narrowed
                float x = p.rect.x;
                if (p.align == view::Align::Center) x = p.rect.x + (p.rect.w - shown) * 0.5f;
                if (p.align == view::Align::Right) x = p.rect.right() - shown;
                const float y = p.rect.y + (p.rect.h - size.y) * 0.5f;
                const int first = list->VtxBuffer.Size;
                list->AddText(font, p.size, ImVec2(std::round(x), std::round(y)), p.fill.packed(), begin, end);
                if (p.squeeze < 1)  // narrow the glyphs' quads towards the text's left edge
                    for (int i = first; i < list->VtxBuffer.Size; ++i)
                        list->VtxBuffer[i].pos.x = std::round(x) + (list->VtxBuffer[i].pos.x - std::round(x)) * p.squeeze;
                break;
            }
        }
    }
    list->Flags = saved;
}

view::TextMeasure measureWith(const Fonts& fonts) {
    return [&fonts](const std::string& text, float size, view::FontRole role) {
        ImFont* font = fonts.pick(role, size);
        return font->CalcTextSizeA(size, FLT_MAX, 0, text.c_str(), text.c_str() + text.size()).x;
    };
}

}  // namespace rl::render
