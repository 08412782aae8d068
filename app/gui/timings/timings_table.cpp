// The ladder table of the Timings view and its small combos.
#include "app/gui/timings/timings_views.h"
#include "app/gui/common/colour.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "app/gui/timings/timings_format.h"
#include "app/view/timing/plot_math.h"

namespace rl::gui {
namespace {

using view::formatSig;
using view::Rgba;

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
    const int columns = d.harris ? 11 : 8;  // the G80's three only beside the reductions
    if (!ImGui::BeginTable("##ladder", columns, flags, size)) return {start.x, start.y, size.x, size.y};
    ImGui::TableSetupScrollFreeze(0, 1);
    for (int i = 0; i < columns; ++i)
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
        ImGui::TextColored(vec4(unavailable ? p.textFaint : view::isKernelPoint(r.variant.id) ? p.accent : p.text), "%s",
                           rowName(r).c_str());
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
        } else if (d.harris) {
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
