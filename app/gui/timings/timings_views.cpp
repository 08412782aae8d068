// The ladder table and the plot specs of the Timings view.
#include "app/gui/timings/timings_views.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "app/view/plot_math.h"

namespace rl::gui {
namespace {

using view::formatSig;
using view::Rgba;

ImVec4 vec4(Rgba c) {
    return ImVec4(c.r / 255.f, c.g / 255.f, c.b / 255.f, c.a / 255.f);
}

std::string ms(double v) {
    return formatSig(v, 4) + " ms";
}
std::string gbps(double v) {
    return formatSig(v, 4) + " GB/s";
}
std::string times(double v) {
    return formatSig(v, 3) + "\xc3\x97";
}  // ×

Rgba statusColor(view::RowStatus s, bool best, const view::Palette& p) {
    switch (s) {
        case view::RowStatus::Correct:
            return best ? p.good : p.accent;
        case view::RowStatus::Wrong:
        case view::RowStatus::Failed:
            return p.bad;
        case view::RowStatus::WrongByDesign:
        case view::RowStatus::CorrectNotByDesign:
            return p.warn;
        default:
            return p.textFaint;
    }
}

std::string verdictText(view::RowStatus s) {
    switch (s) {
        case view::RowStatus::Correct:
            return "\xe2\x9c\x93 correct";
        case view::RowStatus::Wrong:
            return "\xe2\x9c\x97 WRONG";
        case view::RowStatus::WrongByDesign:
            return "\xe2\x9c\x97 wrong (by design)";
        case view::RowStatus::CorrectNotByDesign:
            return "\xe2\x9c\x93 correct this time";
        case view::RowStatus::Unavailable:
            return "unavailable";
        case view::RowStatus::Failed:
            return "\xe2\x9c\x97 failed";
        case view::RowStatus::Pending:
            return "\xe2\x80\xa6";
    }
    return "";
}

bool isMeasuring(const TimingsData& d, const std::string& id) {
    return !d.measuring.empty() && d.measuring.rfind(id + " at " + sizeLabel(d.ladder.n), 0) == 0;
}

// Hover text of a measured row: the exact figures and how GB/s follows from them.
std::string rowTip(const TimingsData& d, const view::LadderRow& r) {
    std::string tip = r.variant.title;
    if (r.variant.harrisStep) tip += " (Harris step " + std::to_string(r.variant.harrisStep) + ")";
    if (r.measured()) {
        const auto& m = r.m;
        tip += "\nmedian " + ms(m.medianMs) + " (fastest " + formatSig(m.minMs, 4) + ", slowest " +
               formatSig(m.maxMs, 4) + ")\n" + gbps(m.gbps) + " = " + sizeLabel(d.ladder.n) + " \xc3\x97 4 bytes / " +
               ms(m.medianMs);
        if (d.ladder.copy.ok)
            tip += "\n" + formatSig(r.pctCopy, 3) + "% of the copy ceiling (" + gbps(d.ladder.copy.gbps) + ")";
        tip += "\nspeedup " + times(r.stepSpeedup) + " over the row above, " + times(r.cumulative) + " over the first";
        if (r.g80)
            tip += "\nHarris's G80, step " + std::to_string(r.variant.harrisStep) + ": " + ms(r.g80->timeMs) + ", " +
                   gbps(r.g80->gbps) + ", " + times(r.g80Cumulative) + " cumulative";
        if (!m.verdict.empty()) tip += "\n" + m.verdict;
    } else if (!r.reason.empty()) {
        tip += "\n" + r.reason;
    } else {
        tip += "\nnot measured yet";
    }
    if (r.best) tip += "\nThe best variant for this device.";
    return tip;
}

template <class F>
void forPoints(const view::SizeSeries& s, F f) {
    for (const auto& pt : s.points) f(pt);
}

double roundoffFloor(const TimingsData& d) {
    double lo = INFINITY;
    for (const auto& r : d.roundoff.rows) {
        if (r.hostSerial) {
            const double e = view::relativeError(*r.hostSerial, r.reference);
            if (e > 0) lo = std::min(lo, e);
        }
        for (const auto& v : r.device)
            if (v) {
                const double e = view::relativeError(*v, r.reference);
                if (e > 0) lo = std::min(lo, e);
            }
    }
    lo = std::min(lo, view::kFloatUnitRoundoff);
    return std::max(1e-12, lo / 4);
}

}  // namespace

bool powerCombo(const char* id, size_t* n, int lo, int hi, float width) {
    ImGui::SetNextItemWidth(width);
    bool changed = false;
    const std::string current = view::formatCount(double(*n));
    if (ImGui::BeginCombo(id, current.c_str())) {
        for (int k = lo; k <= hi; ++k) {
            const size_t v = size_t(1) << k;
            const std::string label = view::formatCount(double(v));
            if (ImGui::Selectable(label.c_str(), v == *n) && v != *n) {
                *n = v;
                changed = true;
            }
        }
        ImGui::EndCombo();
    }
    return changed;
}

bool intCombo(const char* id, int* value, std::initializer_list<int> options, float width) {
    ImGui::SetNextItemWidth(width);
    bool changed = false;
    if (ImGui::BeginCombo(id, std::to_string(*value).c_str())) {
        for (int v : options)
            if (ImGui::Selectable(std::to_string(v).c_str(), v == *value) && v != *value) {
                *value = v;
                changed = true;
            }
        ImGui::EndCombo();
    }
    return changed;
}

std::string sizeLabel(size_t n) {
    if (n > 0 && (n & (n - 1)) == 0) return "2^" + std::to_string(int(std::lround(std::log2(double(n)))));
    return std::to_string(n);
}

BarChart ladderBars(const TimingsData& d, const view::Palette& p) {
    BarChart c;
    c.id = "##timings-bars";
    c.title = "Effective bandwidth per variant";
    c.subtitle = sizeLabel(d.ladder.n) + " " + std::string(toString(d.ladder.type)) + "s on " + d.deviceName +
                 "  \xc2\xb7  GB/s = bytes read once / median time";
    c.valueLabel = "GB/s";
    double hi = 0;
    bool anyWrong = false, anyBest = false, anyG80 = false;
    for (const auto& r : d.ladder.rows) {
        if (r.status == view::RowStatus::Unavailable) continue;
        PlotBar b;
        b.label = r.variant.id;
        b.color = statusColor(r.status, r.best, p);
        b.emphasis = r.best;
        b.tip = rowTip(d, r);
        if (r.measured()) {
            b.value = r.m.gbps;
            b.lo = r.m.gbpsAt(r.m.maxMs);
            b.hi = r.m.gbpsAt(r.m.minMs);
            b.valueText = formatSig(r.m.gbps, 3) + (d.ladder.copy.ok ? "  (" + formatSig(r.pctCopy, 2) + "%)" : "");
            hi = std::max({hi, *b.value, *b.hi});
            anyWrong = anyWrong || r.status == view::RowStatus::WrongByDesign || r.status == view::RowStatus::Wrong ||
                       r.status == view::RowStatus::CorrectNotByDesign;
            anyBest = anyBest || r.best;
        } else {
            b.valueText = r.status == view::RowStatus::Failed ? "failed (hover for why)"
                          : isMeasuring(d, r.variant.id)      ? "measuring\xe2\x80\xa6"
                                                              : "waiting\xe2\x80\xa6";
        }
        if (r.g80) {
            b.marker = r.g80->gbps;
            hi = std::max(hi, r.g80->gbps);
            anyG80 = true;
        }
        c.bars.push_back(std::move(b));
    }
    if (d.ladder.copy.ok) {
        c.refLines.push_back({d.ladder.copy.gbps, "copy ceiling " + formatSig(d.ladder.copy.gbps, 3) + " GB/s",
                              p.text.scaledAlpha(0.9f), true});
        hi = std::max(hi, d.ladder.copy.gbps);
    }
    c.value = view::niceAxis(0, hi > 0 ? hi * 1.02 : 1, false, 10, true, 6);
    c.legend.push_back({"median GB/s, whisker: slowest to fastest run", p.accent, false, false});
    if (anyBest) c.legend.push_back({"best for this device", p.good, false, false});
    if (anyWrong) c.legend.push_back({"wrong by design", p.warn, false, false});
    if (anyG80)
        c.legend.push_back(
            {"Harris's G80 (2^22 ints; peak " + formatSig(kHarrisG80PeakGbps, 3) + " GB/s)", p.text, false, true});
    c.emptyText = "Measuring\xe2\x80\xa6";
    return c;
}

namespace {

LinePlot sizePlot(const TimingsData& d, const view::Palette& p, bool bandwidth) {
    LinePlot L;
    L.id = bandwidth ? "##timings-gbps" : "##timings-time";
    L.title = bandwidth ? "Bandwidth against N" : "Time against N";
    L.subtitle = std::string(toString(d.ladder.type)) + " sums, median (band: fastest to slowest run), log axes";
    L.xLabel = "N (elements)";
    L.yLabel = bandwidth ? "GB/s" : "ms";
    std::vector<double> ys;
    double xlo = INFINITY, xhi = 0;
    int colour = 0;
    for (const auto& s : d.sizes) {
        PlotSeries se;
        se.label = s.copy ? (bandwidth ? "copy kernel (read + write)" : "copy kernel") : s.id;
        se.color = s.copy ? p.textDim : seriesColor(colour++);
        se.dashed = s.copy;
        forPoints(s, [&](const view::SizePoint& pt) {
            const auto& m = pt.m;
            se.x.push_back(double(pt.n));
            xlo = std::min(xlo, double(pt.n));
            xhi = std::max(xhi, double(pt.n));
            if (bandwidth) {
                se.y.push_back(m.gbps);
                se.lo.push_back(m.gbpsAt(m.maxMs));
                se.hi.push_back(m.gbpsAt(m.minMs));
            } else {
                se.y.push_back(m.medianMs);
                se.lo.push_back(m.minMs);
                se.hi.push_back(m.maxMs);
            }
            ys.push_back(se.lo.back());
            ys.push_back(se.hi.back());
            se.tips.push_back("N = " + view::formatCount(double(pt.n)) + "\nmedian " + ms(m.medianMs) + " (fastest " +
                              formatSig(m.minMs, 4) + ", slowest " + formatSig(m.maxMs, 4) + ")\n" + gbps(m.gbps) +
                              " (" + formatSig(m.gbpsAt(m.maxMs), 3) + " to " + formatSig(m.gbpsAt(m.minMs), 3) + ")" +
                              (s.copy ? "\ncopy: bytes read + written" : (m.correct ? "" : "\nresult WRONG")));
        });
        if (!s.error.empty()) se.label += " (failed at some N)";
        L.series.push_back(std::move(se));
    }
    if (xhi <= 0) xlo = xhi = double(d.ladder.n);
    L.x = view::niceAxis(xlo, xhi, true, 2);
    L.y = view::fitAxis(ys, true, 10);
    L.xFormat = [](double v) { return view::formatCount(v); };
    L.emptyText = d.measuring.empty() ? "No measurements" : "Measuring\xe2\x80\xa6";
    return L;
}

}  // namespace

LinePlot timePlot(const TimingsData& d, const view::Palette& p) {
    return sizePlot(d, p, false);
}
LinePlot gbpsPlot(const TimingsData& d, const view::Palette& p) {
    return sizePlot(d, p, true);
}

LinePlot roundoffPlot(const TimingsData& d, const view::Palette& p) {
    LinePlot L;
    L.id = "##timings-roundoff";
    L.title = "Round-off of float sums against N";
    L.subtitle = "|sum - reference| / reference, reference: Kahan-compensated double; values uniform in [0, 1)";
    L.xLabel = "N (elements)";
    L.yLabel = "relative error";
    const double floor = roundoffFloor(d);
    std::vector<double> ys = {view::kFloatUnitRoundoff};
    double xlo = INFINITY, xhi = 0;
    auto add = [&](PlotSeries& se, size_t n, double value, double ref) {
        const double e = view::relativeError(value, ref);
        se.x.push_back(double(n));
        se.y.push_back(std::max(e, floor));
        ys.push_back(se.y.back());
        xlo = std::min(xlo, double(n));
        xhi = std::max(xhi, double(n));
        se.tips.push_back("N = " + view::formatCount(double(n)) + "\nsum " + formatSig(value, 9) + "\nreference " +
                          formatSig(ref, 12) + "\nrelative error " + (e == 0 ? "0 (exact)" : formatSig(e, 3)));
    };
    PlotSeries host;
    host.label = "host: serial float loop";
    host.color = seriesColor(5);
    for (const auto& r : d.roundoff.rows)
        if (r.hostSerial) add(host, r.n, *r.hostSerial, r.reference);
    L.series.push_back(std::move(host));
    for (size_t i = 0; i < d.roundoff.variants.size(); ++i) {
        PlotSeries se;
        const std::string& id = d.roundoff.variants[i];
        se.label = "device: " + id + (id == d.bestId ? " (best here)" : "");
        se.color = seriesColor(int(i) + 1);
        // Device trees often agree to the last bit (their error is the final rounding): the earlier lines are
        // drawn wider, so each stays visible under the next.
        const float extra = float(d.roundoff.variants.size() - 1 - i);
        se.width = 3 + 3.5f * extra;
        se.markerRadius = 5 + 3 * extra;
        for (const auto& r : d.roundoff.rows)
            if (i < r.device.size() && r.device[i]) add(se, r.n, *r.device[i], r.reference);
        L.series.push_back(std::move(se));
    }
    L.refLines.push_back({view::kFloatUnitRoundoff, "float rounding unit u = 2^-24", p.textFaint, true});
    if (xhi <= 0) xlo = xhi = double(d.ladder.n);
    L.x = view::niceAxis(xlo, xhi, true, 2);
    L.y = view::fitAxis(ys, true, 10);
    L.xFormat = [](double v) { return view::formatCount(v); };
    L.emptyText = d.measuring.empty() ? "No measurements" : "Measuring\xe2\x80\xa6";
    return L;
}

float ladderTableHeight(const TimingsData& d, const UiContext& ctx, float rowPitch) {
    const float pad = 2 * ImGui::GetStyle().CellPadding.y;
    if (rowPitch <= 0) rowPitch = ImGui::GetTextLineHeight() + 10 * ctx.scale + pad;  // before the first frame
    return ImGui::GetTextLineHeight() + pad + rowPitch * float(d.ladder.rows.size()) + 16 * ctx.scale;
}

view::Rect drawLadderTable(const TimingsData& d, const UiContext& ctx, float height, float* rowPitch) {
    const auto& p = ctx.palette;
    const float s = ctx.scale;
    const ImVec2 start = ImGui::GetCursorScreenPos();
    const float rowH = ImGui::GetTextLineHeight() + 10 * s;
    const ImVec2 size(ImGui::GetContentRegionAvail().x,
                      std::min(height, ladderTableHeight(d, ctx, rowPitch ? *rowPitch : 0)));
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH |
                                  ImGuiTableFlags_BordersOuterH | ImGuiTableFlags_SizingFixedFit |
                                  ImGuiTableFlags_ScrollY | ImGuiTableFlags_PadOuterX;
    const char* headers[] = {"#",      "Variant", "Time (ms)", "GB/s",     "Step",      "Cumul.",
                             "% copy", "Result",  "G80 ms",    "G80 GB/s", "G80 cumul."};
    if (!ImGui::BeginTable("##ladder", 11, flags, size)) return {start.x, start.y, size.x, size.y};
    ImGui::TableSetupScrollFreeze(0, 1);
    for (int i = 0; i < 11; ++i)
        ImGui::TableSetupColumn(headers[i],
                                i == 1 ? ImGuiTableColumnFlags_WidthStretch : ImGuiTableColumnFlags_WidthFixed);
    ImGui::PushFont(ctx.fonts.bold);
    ImGui::TableHeadersRow();
    ImGui::PopFont();

    auto right = [&](const std::string& text, Rgba color) {  // right-aligned number
        const float w = ImGui::CalcTextSize(text.c_str()).x;
        ImGui::SetCursorPosX(ImGui::GetCursorPosX() + std::max(0.0f, ImGui::GetContentRegionAvail().x - w));
        ImGui::TextColored(vec4(color), "%s", text.c_str());
    };
    const std::string dash = "\xe2\x80\x94";
    float firstY = 0;
    for (size_t i = 0; i < d.ladder.rows.size(); ++i) {
        const auto& r = d.ladder.rows[i];
        ImGui::TableNextRow(0, rowH);
        if (r.best) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, p.good.withAlpha(40).packed());
        ImGui::TableNextColumn();
        ImGui::PushID(int(i));
        const float y0 = ImGui::GetCursorPosY();
        if (i == 0) firstY = y0;
        if (i == 1 && rowPitch) *rowPitch = y0 - firstY;  // the rows' real height, for the next frame's layout
        ImGui::Selectable("##row", false, ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowItemOverlap,
                          ImVec2(0, rowH - 4 * s));
        const bool hovered = ImGui::IsItemHovered();
        ImGui::SetCursorPosY(y0 + 2 * s);
        ImGui::PopID();
        ImGui::SameLine(0, 0);
        if (r.variant.harrisStep) ImGui::TextColored(vec4(p.textDim), "%d", r.variant.harrisStep);
        ImGui::TableNextColumn();
        ImGui::SetCursorPosY(y0 + 2 * s);
        const bool unavailable = r.status == view::RowStatus::Unavailable;
        if (r.best) ImGui::PushFont(ctx.fonts.bold);
        ImGui::TextColored(vec4(unavailable ? p.textFaint : p.text), "%s", r.variant.id.c_str());
        if (r.best) {
            ImGui::PopFont();
            ImGui::SameLine();
            ImGui::TextColored(vec4(p.good), "\xe2\x86\x90 best here");
        }
        auto cell = [&](const std::string& text, Rgba color) {
            ImGui::TableNextColumn();
            ImGui::SetCursorPosY(y0 + 2 * s);
            right(text, color);
        };
        if (r.measured()) {
            cell(formatSig(r.m.medianMs, 4), p.text);
            cell(formatSig(r.m.gbps, 4), p.text);
            cell(times(r.stepSpeedup), r.stepSpeedup >= 1.0 ? p.text : p.textDim);
            cell(times(r.cumulative), p.text);
            cell(d.ladder.copy.ok ? formatSig(r.pctCopy, 3) + "%" : dash, p.text);
        } else {
            for (int k = 0; k < 5; ++k) cell(dash, p.textFaint);
        }
        ImGui::TableNextColumn();
        ImGui::SetCursorPosY(y0 + 2 * s);
        std::string verdict = verdictText(r.status);
        if (r.status == view::RowStatus::Pending && isMeasuring(d, r.variant.id)) verdict = "measuring\xe2\x80\xa6";
        ImGui::TextColored(vec4(r.status == view::RowStatus::Correct ? p.good : statusColor(r.status, false, p)), "%s",
                           verdict.c_str());
        if (r.g80) {
            cell(formatSig(r.g80->timeMs, 4), p.textDim);
            cell(formatSig(r.g80->gbps, 4), p.textDim);
            cell(times(r.g80Cumulative), p.textDim);
        } else {
            for (int k = 0; k < 3; ++k) cell("", p.textDim);
        }
        if (hovered) {
            ImGui::BeginTooltip();
            ImGui::PushTextWrapPos(ImGui::GetFontSize() * 36);
            ImGui::TextUnformatted(rowTip(d, r).c_str());
            ImGui::PopTextWrapPos();
            ImGui::EndTooltip();
        }
    }
    ImGui::EndTable();
    return {start.x, start.y, size.x, size.y};
}

}  // namespace rl::gui
