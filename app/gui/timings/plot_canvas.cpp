// Line plots and bar charts drawn with ImGui's draw lists.
#include "app/gui/timings/plot_canvas.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

namespace rl::gui {
namespace {

using view::Rgba;

struct Fonts3 {
    ImFont* title;
    ImFont* body;
    ImFont* small;
};

Fonts3 plotFonts(const PlotTheme& t) {
    return {t.fonts.pick(view::FontRole::Bold, 21 * t.scale), t.fonts.pick(view::FontRole::Regular, 17 * t.scale),
            t.fonts.pick(view::FontRole::Regular, 16 * t.scale)};
}

ImVec2 textSize(ImFont* f, const std::string& s) {
    return f ? f->CalcTextSizeA(f->FontSize, FLT_MAX, 0, s.c_str()) : ImGui::CalcTextSize(s.c_str());
}

void text(ImDrawList* dl, ImFont* f, ImVec2 p, Rgba c, const std::string& s) {
    if (f)
        dl->AddText(f, f->FontSize, ImVec2(std::round(p.x), std::round(p.y)), c.packed(), s.c_str());
    else
        dl->AddText(p, c.packed(), s.c_str());
}

void dashedLine(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 c, float thickness, float dash, float gap) {
    const float dx = b.x - a.x, dy = b.y - a.y, len = std::sqrt(dx * dx + dy * dy);
    if (len <= 0) return;
    const float ux = dx / len, uy = dy / len;
    for (float t = 0; t < len; t += dash + gap) {
        const float e = std::min(len, t + dash);
        dl->AddLine(ImVec2(a.x + ux * t, a.y + uy * t), ImVec2(a.x + ux * e, a.y + uy * e), c, thickness);
    }
}

void dashedPolyline(ImDrawList* dl, const std::vector<ImVec2>& pts, ImU32 c, float thickness, float dash, float gap) {
    for (size_t i = 1; i < pts.size(); ++i) dashedLine(dl, pts[i - 1], pts[i], c, thickness, dash, gap);
}

void diamond(ImDrawList* dl, ImVec2 c, float r, ImU32 col, float thickness) {
    dl->AddQuad(ImVec2(c.x, c.y - r), ImVec2(c.x + r, c.y), ImVec2(c.x, c.y + r), ImVec2(c.x - r, c.y), col, thickness);
}

// Title, subtitle and legend rows across the top; returns the y where the plot's own content may start.
float drawHeader(ImDrawList* dl, const PlotTheme& t, const Fonts3& f, ImVec2 pos, float width, const std::string& title,
                 const std::string& subtitle, const std::vector<LegendEntry>& legend) {
    const float s = t.scale, pad = 14 * s;
    float y = pos.y + pad;
    if (!title.empty()) {
        text(dl, f.title, ImVec2(pos.x + pad, y), t.palette.text, title);
        y += textSize(f.title, title).y + 2 * s;
    }
    if (!subtitle.empty()) {  // wrapped at the plot's width: a pattern's words can be long
        ImFont* font = f.small ? f.small : ImGui::GetFont();
        const float wrap = std::max(1.0f, width - 2 * pad);
        dl->AddText(font, font->FontSize, ImVec2(std::round(pos.x + pad), std::round(y)), t.palette.textDim.packed(),
                    subtitle.c_str(), nullptr, wrap);
        y += font->CalcTextSizeA(font->FontSize, FLT_MAX, wrap, subtitle.c_str()).y + 2 * s;
    }
    if (!legend.empty()) {
        y += 4 * s;
        float x = pos.x + pad;
        const float lineH = textSize(f.body, "Ag").y;
        for (const auto& e : legend) {
            const float swatch = 26 * s, w = swatch + 8 * s + textSize(f.body, e.label).x;
            if (x + w > pos.x + width - pad && x > pos.x + pad) {
                x = pos.x + pad;
                y += lineH + 4 * s;
            }
            const float cy = y + lineH * 0.5f;
            if (e.marker)
                diamond(dl, ImVec2(x + swatch * 0.5f, cy), 6 * s, e.color.packed(), 2 * s);
            else if (e.dashed)
                dashedLine(dl, ImVec2(x, cy), ImVec2(x + swatch, cy), e.color.packed(), 2.5f * s, 6 * s, 4 * s);
            else
                dl->AddRectFilled(ImVec2(x, cy - 4 * s), ImVec2(x + swatch, cy + 4 * s), e.color.packed(), 2 * s);
            text(dl, f.body, ImVec2(x + swatch + 8 * s, y), t.palette.text, e.label);
            x += w + 22 * s;
        }
        y += lineH;
    }
    return y + 8 * s;
}

void tooltip(const PlotTheme& t, const std::string& heading, Rgba color, const std::string& body) {
    ImGui::BeginTooltip();
    ImGui::PushFont(t.fonts.bold);
    ImGui::TextColored(ImVec4(color.r / 255.f, color.g / 255.f, color.b / 255.f, 1), "%s", heading.c_str());
    ImGui::PopFont();
    if (!body.empty()) ImGui::TextUnformatted(body.c_str());
    ImGui::EndTooltip();
}

}  // namespace

Rgba seriesColor(int i) {
    static const Rgba colors[] = {
        {230, 159, 0, 255},    // orange
        {86, 180, 233, 255},   // sky blue
        {0, 158, 115, 255},    // bluish green
        {204, 121, 167, 255},  // reddish purple
        {240, 228, 66, 255},   // yellow
        {213, 94, 0, 255},     // vermillion
        {0, 114, 178, 255},    // blue
    };
    return colors[size_t(i) % (sizeof colors / sizeof colors[0])];
}

view::Rect drawLinePlot(const LinePlot& plot, ImVec2 size, const PlotTheme& t, bool hover) {
    const float s = t.scale, pad = 14 * s;
    const auto& p = t.palette;
    const Fonts3 f = plotFonts(t);
    const ImVec2 pos = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton(plot.id.c_str(), size);
    const bool hovered = hover && ImGui::IsItemHovered();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(pos, ImVec2(pos.x + size.x, pos.y + size.y), p.panelRaised.packed(), 8 * s);

    std::vector<LegendEntry> legend;
    for (const auto& se : plot.series)
        if (!se.label.empty()) legend.push_back({se.label, se.color, se.dashed, false});
    for (const auto& r : plot.refLines)
        if (!r.label.empty()) legend.push_back({r.label, r.color, r.dashed, false});
    for (const auto& e : plot.extraLegend) legend.push_back(e);
    float top = drawHeader(dl, t, f, pos, size.x, plot.title, plot.subtitle, legend);
    const float lineH = textSize(f.small, "Ag").y;
    if (!plot.yLabel.empty()) {
        text(dl, f.small, ImVec2(pos.x + pad, top), p.textDim, plot.yLabel);
        top += lineH + 6 * s;
    }

    // Ticks, and the margins their labels need.
    const float roughH = pos.y + size.y - top - 2 * lineH - pad;
    const int maxY = std::max(2, int(roughH / (46 * s)));
    const auto yTicks = view::axisTicks(plot.y, maxY);
    float labelW = 0;
    for (const auto& tk : yTicks) labelW = std::max(labelW, textSize(f.small, tk.label).x);
    view::Rect area;
    area.x = pos.x + pad + labelW + 10 * s;
    area.y = top + lineH * 0.5f;
    const float bottomMargin = lineH + 8 * s + (plot.xLabel.empty() ? 0 : lineH + 4 * s) + pad * 0.6f;
    area.w = pos.x + size.x - pad - 18 * s - area.x;
    area.h = pos.y + size.y - bottomMargin - area.y;
    if (area.w < 40 * s || area.h < 40 * s) return {pos.x, pos.y, size.x, size.y};
    const int maxX = std::max(2, int(area.w / (78 * s)));
    const auto xTicks = view::axisTicks(plot.x, maxX);

    auto X = [&](double v) { return view::toPixel(plot.x, v, area.x, area.right()); };
    auto Y = [&](double v) { return view::toPixel(plot.y, v, area.bottom(), area.y); };

    // Grid and tick labels.
    for (const auto& tk : yTicks) {
        const float y = Y(tk.value);
        if (y < area.y - 1 || y > area.bottom() + 1) continue;
        dl->AddLine(ImVec2(area.x, y), ImVec2(area.right(), y),
                    (tk.major ? p.border : p.border.scaledAlpha(0.45f)).packed(), 1);
        if (tk.major && !tk.label.empty()) {
            const ImVec2 ts = textSize(f.small, tk.label);
            text(dl, f.small, ImVec2(area.x - 8 * s - ts.x, y - ts.y * 0.5f), p.textDim, tk.label);
        }
    }
    for (const auto& tk : xTicks) {
        const float x = X(tk.value);
        if (x < area.x - 1 || x > area.right() + 1) continue;
        dl->AddLine(ImVec2(x, area.y), ImVec2(x, area.bottom()),
                    (tk.major ? p.border : p.border.scaledAlpha(0.45f)).packed(), 1);
        if (tk.major && !tk.label.empty()) {
            const ImVec2 ts = textSize(f.small, tk.label);
            text(dl, f.small, ImVec2(x - ts.x * 0.5f, area.bottom() + 6 * s), p.textDim, tk.label);
        }
    }
    dl->AddRect(ImVec2(area.x, area.y), ImVec2(area.right(), area.bottom()), p.textFaint.packed(), 0, 0, 1.2f * s);
    if (!plot.xLabel.empty()) {
        const ImVec2 ts = textSize(f.small, plot.xLabel);
        text(dl, f.small, ImVec2(area.x + (area.w - ts.x) * 0.5f, area.bottom() + 8 * s + lineH + 2 * s), p.textDim,
             plot.xLabel);
    }

    bool any = false;
    dl->PushClipRect(ImVec2(area.x - 6 * s, area.y - 6 * s), ImVec2(area.right() + 6 * s, area.bottom() + 6 * s), true);
    for (const auto& r : plot.refLines) {
        const float y = Y(r.value);
        if (r.dashed)
            dashedLine(dl, ImVec2(area.x, y), ImVec2(area.right(), y), r.color.packed(), 2 * s, 8 * s, 6 * s);
        else
            dl->AddLine(ImVec2(area.x, y), ImVec2(area.right(), y), r.color.packed(), 2 * s);
    }
    for (const auto& se : plot.series) {  // bands under every line
        if (se.lo.size() != se.x.size() || se.hi.size() != se.x.size()) continue;
        const ImU32 c = se.color.scaledAlpha(0.22f).packed();
        for (size_t i = 1; i < se.x.size(); ++i)
            dl->AddQuadFilled(ImVec2(X(se.x[i - 1]), Y(se.hi[i - 1])), ImVec2(X(se.x[i]), Y(se.hi[i])),
                              ImVec2(X(se.x[i]), Y(se.lo[i])), ImVec2(X(se.x[i - 1]), Y(se.lo[i - 1])), c);
        for (size_t i = 0; i < se.x.size(); ++i)  // the spread at each point, also where there is one point
            dl->AddLine(ImVec2(X(se.x[i]), Y(se.lo[i])), ImVec2(X(se.x[i]), Y(se.hi[i])),
                        se.color.scaledAlpha(0.6f).packed(), 2 * s);
    }
    for (const auto& se : plot.series) {
        std::vector<ImVec2> pts;
        for (size_t i = 0; i < se.x.size() && i < se.y.size(); ++i) pts.push_back(ImVec2(X(se.x[i]), Y(se.y[i])));
        any = any || !pts.empty();
        if (pts.size() > 1) {
            if (se.dashed)
                dashedPolyline(dl, pts, se.color.packed(), se.width * 0.85f * s, 9 * s, 6 * s);
            else
                dl->AddPolyline(pts.data(), int(pts.size()), se.color.packed(), 0, se.width * s);
        }
        if (se.markers)
            for (const auto& q : pts) {
                dl->AddCircleFilled(q, se.markerRadius * s, se.color.packed());
                dl->AddCircle(q, se.markerRadius * s, p.panelRaised.packed(), 0, 1.5f * s);
            }
    }
    dl->PopClipRect();
    if (!any && !plot.emptyText.empty()) {
        const ImVec2 ts = textSize(f.body, plot.emptyText);
        text(dl, f.body, ImVec2(area.x + (area.w - ts.x) * 0.5f, area.y + (area.h - ts.y) * 0.5f), p.textFaint,
             plot.emptyText);
    }

    // Hover: the nearest point, its exact figures.
    if (hovered) {
        const ImVec2 m = ImGui::GetIO().MousePos;
        float best = 28 * s * 28 * s;
        const PlotSeries* hit = nullptr;
        size_t hitIndex = 0;
        for (const auto& se : plot.series)
            for (size_t i = 0; i < se.x.size() && i < se.y.size(); ++i) {
                const float dx = X(se.x[i]) - m.x, dy = Y(se.y[i]) - m.y, d = dx * dx + dy * dy;
                if (d < best) {
                    best = d;
                    hit = &se;
                    hitIndex = i;
                }
            }
        if (hit) {
            const ImVec2 q(X(hit->x[hitIndex]), Y(hit->y[hitIndex]));
            dl->AddCircle(q, 9 * s, p.text.packed(), 0, 2 * s);
            std::string body;
            if (hitIndex < hit->tips.size()) {
                body = hit->tips[hitIndex];
            } else {
                const auto fx = plot.xFormat ? plot.xFormat(hit->x[hitIndex]) : view::formatSig(hit->x[hitIndex], 6);
                const auto fy = plot.yFormat ? plot.yFormat(hit->y[hitIndex]) : view::formatSig(hit->y[hitIndex], 6);
                body = plot.xLabel + ": " + fx + "\n" + plot.yLabel + ": " + fy;
            }
            tooltip(t, hit->label, hit->color, body);
        }
    }
    return {pos.x, pos.y, size.x, size.y};
}

view::Rect drawBarChart(const BarChart& chart, ImVec2 size, const PlotTheme& t, bool hover) {
    const float s = t.scale, pad = 14 * s;
    const auto& p = t.palette;
    const Fonts3 f = plotFonts(t);
    ImFont* bold = t.fonts.pick(view::FontRole::Bold, 17 * s);
    const ImVec2 pos = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton(chart.id.c_str(), size);
    const bool hovered = hover && ImGui::IsItemHovered();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(pos, ImVec2(pos.x + size.x, pos.y + size.y), p.panelRaised.packed(), 8 * s);
    float top = drawHeader(dl, t, f, pos, size.x, chart.title, chart.subtitle, chart.legend);
    const float lineH = textSize(f.small, "Ag").y;
    if (!chart.refLines.empty()) top += lineH + 4 * s;  // room for the reference lines' labels

    float labelW = 0;
    for (const auto& b : chart.bars) labelW = std::max(labelW, textSize(b.emphasis ? bold : f.body, b.label).x);
    labelW = std::min(labelW, size.x * 0.4f);
    view::Rect area;
    area.x = pos.x + pad + labelW + 12 * s;
    area.y = top;
    area.w = pos.x + size.x - pad - area.x;
    area.h = pos.y + size.y - pad * 0.6f - lineH * 2 - 14 * s - area.y;
    if (area.w < 60 * s || area.h < 30 * s) return {pos.x, pos.y, size.x, size.y};
    // Keep room on the right for the value text of the longest bar.
    float valueW = 0;
    for (const auto& b : chart.bars) valueW = std::max(valueW, textSize(f.small, b.valueText).x);
    const float plotRight = area.right() - std::min(valueW + 12 * s, area.w * 0.35f);
    auto X = [&](double v) { return view::toPixel(chart.value, v, area.x, plotRight); };

    const auto ticks = view::axisTicks(chart.value, std::max(2, int((plotRight - area.x) / (80 * s))));
    for (const auto& tk : ticks) {
        const float x = X(tk.value);
        if (x < area.x - 1 || x > plotRight + 1) continue;
        dl->AddLine(ImVec2(x, area.y), ImVec2(x, area.bottom()),
                    (tk.major ? p.border : p.border.scaledAlpha(0.45f)).packed());
        if (tk.major && !tk.label.empty()) {
            const ImVec2 ts = textSize(f.small, tk.label);
            text(dl, f.small, ImVec2(x - ts.x * 0.5f, area.bottom() + 6 * s), p.textDim, tk.label);
        }
    }
    if (!chart.valueLabel.empty()) {
        const ImVec2 ts = textSize(f.small, chart.valueLabel);
        text(dl, f.small, ImVec2(area.x + (plotRight - area.x - ts.x) * 0.5f, area.bottom() + 8 * s + lineH + 2 * s),
             p.textDim, chart.valueLabel);
    }
    dl->AddLine(ImVec2(area.x, area.y), ImVec2(area.x, area.bottom()), p.textFaint.packed(), 1.2f * s);

    const int count = int(chart.bars.size());
    const int hoveredSlot = hovered ? view::slotAt(ImGui::GetIO().MousePos.y, count, area.y, area.bottom()) : -1;
    for (int i = 0; i < count; ++i) {
        const auto& b = chart.bars[size_t(i)];
        float half = 0;
        const float cy = view::slotCenter(i, count, area.y, area.bottom(), 0.66f, &half);
        const float slotHalf = (area.h / float(std::max(1, count))) * 0.5f;
        if (b.emphasis || i == hoveredSlot)
            dl->AddRectFilled(ImVec2(pos.x + 6 * s, cy - slotHalf), ImVec2(pos.x + size.x - 6 * s, cy + slotHalf),
                              (i == hoveredSlot ? p.text.withAlpha(22) : p.good.withAlpha(34)).packed(), 4 * s);
        ImFont* lf = b.emphasis ? bold : f.body;
        const ImVec2 ls = textSize(lf, b.label);
        dl->PushClipRect(ImVec2(pos.x + pad, cy - slotHalf), ImVec2(area.x - 8 * s, cy + slotHalf), true);
        text(dl, lf, ImVec2(std::max(pos.x + pad, area.x - 12 * s - ls.x), cy - ls.y * 0.5f),
             b.value ? p.text : p.textFaint, b.label);
        dl->PopClipRect();
        float end = area.x;
        if (b.value) {
            const float x1 = std::max(area.x + 2 * s, X(*b.value));
            dl->AddRectFilled(ImVec2(area.x, cy - half), ImVec2(x1, cy + half), b.color.packed(), 3 * s);
            end = x1;
        }
        if (b.lo && b.hi) {
            const float a = X(*b.lo), c = X(*b.hi);
            dl->AddLine(ImVec2(a, cy), ImVec2(c, cy), p.text.scaledAlpha(0.85f).packed(), 2 * s);
            dl->AddLine(ImVec2(a, cy - half * 0.5f), ImVec2(a, cy + half * 0.5f), p.text.scaledAlpha(0.85f).packed(),
                        2 * s);
            dl->AddLine(ImVec2(c, cy - half * 0.5f), ImVec2(c, cy + half * 0.5f), p.text.scaledAlpha(0.85f).packed(),
                        2 * s);
            end = std::max(end, c);
        }
        const float r = std::max(5 * s, half * 0.9f);
        if (b.marker) diamond(dl, ImVec2(X(*b.marker), cy), r, p.text.packed(), 2 * s);
        if (!b.valueText.empty()) {  // right after the bar; after the marker when the marker would cover it
            const ImVec2 ts = textSize(f.small, b.valueText);
            float x = end + 8 * s;
            if (b.marker) {
                const float mx = X(*b.marker);
                if (mx + r > x - 2 * s && mx - r < x + ts.x + 2 * s) x = std::max(x, mx + r + 8 * s);
            }
            x = std::min(x, area.right() - ts.x);
            text(dl, f.small, ImVec2(x, cy - ts.y * 0.5f), b.value ? p.text : p.textFaint, b.valueText);
        }
    }
    for (const auto& r : chart.refLines) {
        const float x = X(r.value);
        if (r.dashed)
            dashedLine(dl, ImVec2(x, area.y - 2 * s), ImVec2(x, area.bottom()), r.color.packed(), 2.5f * s, 8 * s,
                       5 * s);
        else
            dl->AddLine(ImVec2(x, area.y - 2 * s), ImVec2(x, area.bottom()), r.color.packed(), 2.5f * s);
        const ImVec2 ts = textSize(f.small, r.label);
        text(dl, f.small, ImVec2(std::clamp(x - ts.x * 0.5f, area.x, area.right() - ts.x), area.y - ts.y - 4 * s),
             r.color, r.label);
    }
    if (count == 0 && !chart.emptyText.empty()) {
        const ImVec2 ts = textSize(f.body, chart.emptyText);
        text(dl, f.body, ImVec2(area.x + (area.w - ts.x) * 0.5f, area.y + (area.h - ts.y) * 0.5f), p.textFaint,
             chart.emptyText);
    }
    if (hoveredSlot >= 0 && !chart.bars[size_t(hoveredSlot)].tip.empty()) {
        const auto& b = chart.bars[size_t(hoveredSlot)];
        tooltip(t, b.label, b.value ? b.color : p.textDim, b.tip);
    }
    return {pos.x, pos.y, size.x, size.y};
}

}  // namespace rl::gui
