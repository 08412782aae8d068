// The Timings view's four tabs: the ladder table with the best variant's explanation, the bandwidth bars, time and
// bandwidth against N, and round-off against N.
#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "app/gui/timings/timings_format.h"
#include "app/gui/common/colour.h"
#include "app/gui/timings/timings_panel.h"
#include "core/model/harris_reference.h"
#include "core/catalogue/variant.h"
#include "core/pattern.h"

namespace rl::gui {
namespace {

void wrapped(view::Rgba color, const std::string& text) {
    ImGui::PushStyleColor(ImGuiCol_Text, vec4(color));
    ImGui::TextWrapped("%s", text.c_str());
    ImGui::PopStyleColor();
}

// Checkboxes for the variants a plot follows (in teaching order); true when the list changed.
bool variantChecks(const char* id, const std::vector<VariantInfo>& variants, std::vector<std::string>* chosen,
                   const std::string& bestId, const std::map<std::string, std::string>& unavailable,
                   const view::Palette& p) {
    bool changed = false;
    ImGui::PushID(id);
    for (const auto& v : variants) {
        if (unavailable.count(v.id)) continue;
        bool on = std::find(chosen->begin(), chosen->end(), v.id) != chosen->end();
        const std::string label = v.id + (v.id == bestId ? "  (best here)" : "");
        if (v.id == bestId) ImGui::PushStyleColor(ImGuiCol_Text, vec4(p.good));
        if (ImGui::Checkbox(label.c_str(), &on)) {
            std::vector<std::string> next;
            for (const auto& w : variants) {
                const bool was = std::find(chosen->begin(), chosen->end(), w.id) != chosen->end();
                if (w.id == v.id ? on : was) next.push_back(w.id);
            }
            *chosen = next;
            changed = true;
        }
        if (v.id == bestId) ImGui::PopStyleColor();
    }
    ImGui::PopID();
    return changed;
}

// What a plot is drawn with, for the script's timings:report: the bars, series, reference lines and legend.
nlohmann::json drawnContents(const BarChart& c) {
    nlohmann::json bars = nlohmann::json::array(), lines = nlohmann::json::array(), legend = nlohmann::json::array();
    for (const auto& b : c.bars) bars.push_back({{"label", b.label}, {"value", b.value ? *b.value : -1.0}});
    for (const auto& l : c.refLines) lines.push_back({{"label", l.label}, {"value", l.value}});
    for (const auto& e : c.legend) legend.push_back(e.label);
    return {{"title", c.title}, {"subtitle", c.subtitle}, {"bars", bars}, {"refLines", lines}, {"legend", legend}};
}

nlohmann::json drawnContents(const LinePlot& L) {
    nlohmann::json series = nlohmann::json::array(), lines = nlohmann::json::array();
    for (const auto& se : L.series) series.push_back({{"label", se.label}, {"points", se.x.size()}, {"dashed", se.dashed}});
    for (const auto& l : L.refLines) lines.push_back({{"label", l.label}, {"value", l.value}});
    return {{"title", L.title}, {"subtitle", L.subtitle}, {"series", series}, {"refLines", lines}};
}

}  // namespace

void TimingsPanel::drawLadderTab(const UiContext& ctx, const TimingsData& d, const DeviceInfo& device) {
    const auto& p = ctx.palette;
    const float s = ctx.scale;
    (void)device;
    std::string caption = "N = " + view::formatCount(double(d.ladder.n)) + " " + std::string(toString(d.ladder.type)) +
                          "s  \xc2\xb7  " + ladderProblem(d) + "  \xc2\xb7  work-group " + std::to_string(setup_.params.wg) +
                          "  \xc2\xb7  median of " + std::to_string(setup_.params.repeats) + " runs after " +
                          std::to_string(setup_.params.warmup) + " warm-up, taken in turns with the other rows";
    if (d.ladder.copy.ok)
        caption += "  \xc2\xb7  copy ceiling " + view::formatSig(d.ladder.copy.gbps, 4) + " GB/s (read + write)";
    wrapped(p.textDim, caption);
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    record("caption", {a.x, a.y, b.x - a.x, b.y - a.y});
    view_.drawn["ladder"] = {{"caption", caption}};
    // The table first (whole when it fits, leaving the notes at least a few lines), the notes scroll below it.
    const float tableH = ladderTableHeight(d, ctx, view_.rowPitch);
    const float avail = ImGui::GetContentRegionAvail().y;
    record("table", drawLadderTable(d, ctx, std::max(220 * s, std::min(tableH, avail - 150 * s)), &view_.rowPitch));

    ImGui::BeginChild("##ladder-notes", ImVec2(0, 0), false);
    ImGui::Spacing();
    if (d.ladder.bestRow >= 0) {
        const auto& r = d.ladder.rows[size_t(d.ladder.bestRow)];
        std::string head =
            "Best for this " + std::string(device.type == "CPU" ? "CPU device" : "device") + ": " + r.variant.id;
        if (r.measured()) {
            head += "  \xe2\x80\x94  " + view::formatSig(r.m.gbps, 3) + " GB/s";
            if (d.ladder.copy.ok) head += ", " + view::formatSig(r.pctCopy, 3) + "% of the copy ceiling";
            head += ", " + view::formatSig(r.cumulative, 3) + "\xc3\x97 the first row";
        }
        ImGui::PushFont(ctx.fonts.bold);
        ImGui::TextColored(vec4(p.good), "%s", head.c_str());
        ImGui::PopFont();
        if (!d.bestReason.empty()) wrapped(p.text, d.bestReason);
        const int fastest = d.ladder.fastestCorrect();
        if (fastest >= 0 && fastest != d.ladder.bestRow && r.measured())
            wrapped(p.warn, "Fastest correct kernel in this sweep: " + rowName(d.ladder.rows[size_t(fastest)]) +
                                " (" + view::formatSig(d.ladder.rows[size_t(fastest)].m.gbps, 3) +
                                " GB/s). At small N or with few runs the order can change: try " +
                                (d.harris ? "Harris's 2^22" : "2^22") + " or more.");
        ImGui::Spacing();
    }
    char g80[512];
    if (!d.harris)  // no Harris figures beside this ladder: what its GB/s count, in its pattern's words
        std::snprintf(g80, sizeof g80, "%s. Step: speedup over the row above; cumul.: over the first row. Hover a row "
                                       "for its figures.", patternInfo(d.pattern).ladderNote.c_str());
    else
        std::snprintf(g80, sizeof g80,
                  "G80: Harris, \"Optimizing Parallel Reduction in CUDA\" (2007), 2^22 ints on a GeForce 8800 GTX "
                  "(peak %.1f GB/s): kernel 7 reached %.3f GB/s, %.1f%% of peak, %.2f\xc3\x97 kernel 1. Step: speedup "
                  "over the row above; cumul.: over the first row. Hover a row for its figures.",
                  kHarrisG80PeakGbps, kHarrisG80[6].gbps, 100.0 * kHarrisG80[6].gbps / kHarrisG80PeakGbps,
                  view::harrisCumulative(7));
    wrapped(p.textDim, g80);
    view_.drawn["ladder"]["note"] = g80;
    ImGui::Spacing();
    bool header = false;
    for (const auto& r : d.ladder.rows) {
        if (r.status != view::RowStatus::Unavailable && r.status != view::RowStatus::Failed) continue;
        if (!header) {
            ImGui::PushFont(ctx.fonts.bold);
            ImGui::TextUnformatted("Not measured on this device");
            ImGui::PopFont();
            header = true;
        }
        wrapped(p.textDim, "\xe2\x80\xa2 " + rowName(r) + " (" + view::statusText(r.status) + "): " + r.reason);
    }
    ImGui::EndChild();
}

void TimingsPanel::drawBarsTab(const UiContext& ctx, const TimingsData& d) {
    const PlotTheme theme{ctx.palette, ctx.fonts, ctx.scale};
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const BarChart chart = ladderBars(d, ctx.palette);
    view_.drawn["bars"] = drawnContents(chart);
    record("bars", drawBarChart(chart, avail, theme, export_.captures.empty()));
}

void TimingsPanel::drawSizesTab(const UiContext& ctx, const TimingsData& d, const DeviceInfo& device) {
    const auto& p = ctx.palette;
    const float s = ctx.scale, gap = 14 * s;
    const PlotTheme theme{p, ctx.fonts, s};
    ImGui::BeginChild("##sizes-controls", ImVec2(std::min(300 * s, ImGui::GetContentRegionAvail().x * 0.22f), 0),
                      false);
    ImGui::PushFont(ctx.fonts.bold);
    ImGui::TextUnformatted("Sizes");
    ImGui::PopFont();
    int maxK = 28;
    while (maxK > 10 && device.maxAllocBytes > 0 && (size_t(1) << maxK) * 4 > device.maxAllocBytes) --maxK;
    ImGui::TextColored(vec4(p.textDim), "from");
    powerCombo("##size-min", &setup_.params.sizeMin, 10, maxK, -1);
    ImGui::TextColored(vec4(p.textDim), "to");
    powerCombo("##size-max", &setup_.params.sizeMax, 10, maxK, -1);
    if (setup_.params.sizeMax < setup_.params.sizeMin) std::swap(setup_.params.sizeMin, setup_.params.sizeMax);
    ImGui::TextColored(vec4(p.textDim), "every");
    ImGui::SetNextItemWidth(-1);
    int step = setup_.params.sizeLog2Step - 1;
    if (ImGui::Combo("##size-step", &step,
                     "\xc3\x97"
                     "2\0\xc3\x97"
                     "4\0\xc3\x97"
                     "8\0"))
        setup_.params.sizeLog2Step = step + 1;
    ImGui::Spacing();
    ImGui::PushFont(ctx.fonts.bold);
    ImGui::TextUnformatted("Variants");
    ImGui::PopFont();
    if (variantChecks("sizes", patternVariants(setup_.pattern), &setup_.params.sizeVariants, d.bestId, unavailableOn(device), p)) setup_.userSizeVariants = true;
    ImGui::EndChild();
    ImGui::SameLine(0, gap);

    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const bool sideBySide = avail.x >= 1000 * s || avail.y < 2 * 380 * s;  // stacked only when both stay tall
    const ImVec2 size = sideBySide ? ImVec2((avail.x - gap) * 0.5f, avail.y) : ImVec2(avail.x, (avail.y - gap) * 0.5f);
    ImGui::BeginGroup();
    record("time", drawLinePlot(timePlot(d, p), size, theme, export_.captures.empty()));
    if (sideBySide)
        ImGui::SameLine(0, gap);
    else
        ImGui::Dummy(ImVec2(1, gap - ImGui::GetStyle().ItemSpacing.y));
    const LinePlot gbps = gbpsPlot(d, p);
    view_.drawn["gbps"] = drawnContents(gbps);
    record("gbps", drawLinePlot(gbps, size, theme, export_.captures.empty()));
    ImGui::EndGroup();
}

void TimingsPanel::drawRoundoffTab(const UiContext& ctx, const TimingsData& d, const DeviceInfo& device) {
    const auto& p = ctx.palette;
    const float s = ctx.scale, gap = 14 * s;
    const PlotTheme theme{p, ctx.fonts, s};
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float sideW = std::clamp(avail.x * 0.3f, 300 * s, 520 * s);
    record("roundoff",
           drawLinePlot(roundoffPlot(d, p), ImVec2(avail.x - sideW - gap, avail.y), theme, export_.captures.empty()));
    ImGui::SameLine(0, gap);
    ImGui::BeginChild("##roundoff-side", ImVec2(0, 0), false);
    ImGui::PushFont(ctx.fonts.bold);
    ImGui::TextUnformatted("Why the tree is more accurate");
    ImGui::PopFont();
    wrapped(p.text,
            "Every float addition rounds its result. The serial loop adds each value to one growing total: once the "
            "total is large, each addition rounds at the total's scale, and the error grows with N. A tree adds "
            "numbers of similar size at every level, and each value goes through only log2 N additions, so its "
            "error grows with the depth of the tree.");
    wrapped(p.textDim, "Lawlor: the recursive versions are \"much faster [...] and more accurate (due to roundoff)\".");
    // The figures at the largest N measured.
    for (auto it = d.roundoff.rows.rbegin(); it != d.roundoff.rows.rend(); ++it) {
        if (!it->hostSerial) continue;
        const double host = view::relativeError(*it->hostSerial, it->reference);
        ImGui::Spacing();
        ImGui::PushFont(ctx.fonts.bold);
        ImGui::Text("At N = %s", view::formatCount(double(it->n)).c_str());
        ImGui::PopFont();
        wrapped(seriesColor(5), "serial float loop: " + view::formatSig(host, 3) + " relative error");
        for (size_t i = 0; i < d.roundoff.variants.size() && i < it->device.size(); ++i) {
            if (!it->device[i]) continue;
            const double e = view::relativeError(*it->device[i], it->reference);
            std::string line = d.roundoff.variants[i] + " on the device: " + (e == 0 ? "exact" : view::formatSig(e, 3));
            if (e > 0 && host > 0) line += " (" + view::formatSig(host / e, 2) + "\xc3\x97 smaller)";
            wrapped(seriesColor(int(i) + 1), line);
        }
        break;
    }
    ImGui::Spacing();
    ImGui::PushFont(ctx.fonts.bold);
    ImGui::TextUnformatted("Sizes");
    ImGui::PopFont();
    int maxK = 26;
    while (maxK > 10 && device.maxAllocBytes > 0 && (size_t(1) << maxK) * 4 > device.maxAllocBytes) --maxK;
    ImGui::TextColored(vec4(p.textDim), "from");
    ImGui::SameLine();
    powerCombo("##round-min", &setup_.params.roundMin, 8, maxK, 200 * s);
    ImGui::TextColored(vec4(p.textDim), "to   ");
    ImGui::SameLine();
    powerCombo("##round-max", &setup_.params.roundMax, 8, maxK, 200 * s);
    if (setup_.params.roundMax < setup_.params.roundMin) std::swap(setup_.params.roundMin, setup_.params.roundMax);
    ImGui::PushFont(ctx.fonts.bold);
    ImGui::TextUnformatted("Device trees");
    ImGui::PopFont();
    if (variantChecks("round", patternVariants(setup_.pattern), &setup_.params.roundVariants, d.bestId, unavailableOn(device), p)) setup_.userRoundVariants = true;
    ImGui::EndChild();
}

}  // namespace rl::gui
