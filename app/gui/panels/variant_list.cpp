// The controls column's variant list: every name whole (wrapped), its ladder step, the lesson's first sentence
// one line under it, greyed with the reason where the device or the type cannot run it.
#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <string>

#include "app/gui/exercises/markdown_view.h"
#include "app/gui/panels/controls_common.h"
#include "app/gui/panels/controls_panel.h"
#include "app/gui/panels/widgets.h"
#include "core/pattern.h"
#include "core/catalogue/variant.h"

namespace rl::gui {
namespace {

using controls::changed;
using controls::section;

std::string firstSentence(const std::string& text) {
    std::string out = text.substr(0, text.find(". ") == std::string::npos ? text.size() : text.find(". ") + 1);
    for (char& c : out)
        if (c == '\n') c = ' ';
    return out;
}

// The width of the widest line `text` wraps into at `wrap` (what ImGui draws).
float widestLine(const std::string& text, float wrap) {
    ImFont* font = ImGui::GetFont();
    const float size = ImGui::GetFontSize();
    float widest = 0;
    const char* s = text.c_str();
    const char* end = s + text.size();
    while (s < end) {
        const char* lineEnd = font->CalcWordWrapPositionA(size / font->FontSize, s, end, wrap);
        if (lineEnd == s) lineEnd = s + 1;
        widest = std::max(widest, font->CalcTextSizeA(size, FLT_MAX, 0, s, lineEnd).x);
        s = lineEnd;
        while (s < end && (*s == ' ' || *s == '\n')) ++s;
    }
    return widest;
}

}  // namespace

void ControlsPanel::variants(ExplorerState& state, const UiContext& ctx) {
    if (!section("VARIANT", ctx)) return;
    // The pattern first: a reduction or a scan, each with its own kernels (and a scan inclusive or exclusive).
    const VariantInfo* current = findVariant(state.config.variant);
    const Pattern pattern = current ? current->pattern : Pattern::Reduce;
    FlowRow row;  // a button that does not fit the column (a narrow one, larger text) starts the next line
    for (const PatternInfo& pi : allPatterns()) {
        if (pi.id != allPatterns().front().id) row.next(checkboxWidth(pi.shortTitle.c_str()));
        if (ImGui::RadioButton(pi.shortTitle.c_str(), pi.id == pattern) && pi.id != pattern) {
            state.config.variant = pi.defaultVariant;
            changed(state, ctx);
        }
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s: %s", pi.title.c_str(), pi.summary.c_str());
    }
    if (patternInfo(pattern).exclusiveForm) {
        row.next(checkboxWidth("exclusive"));
        if (ImGui::Checkbox("exclusive", &state.config.exclusive)) changed(state, ctx);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Off: element i gets the elements up to and including i. On: those before i.");
    }
    ctx.geometry.patternButtonsFit = row.fits();
    const std::vector<VariantInfo>& listed = patternVariants(pattern);
    const DeviceInfo* dev = state.devices.empty() ? nullptr : &state.devices[size_t(state.device)];
    const float lineH = ImGui::GetTextLineHeight(), spacing = ImGui::GetStyle().ItemSpacing.y;
    // Every name whole (wrapped when the column is narrow), its lesson's first sentence on the line under it.
    const float contentH = float(listed.size()) * (2 * lineH + 2 * spacing) + 12 * ctx.scale;
    const float listH = std::min(contentH, std::max(9.5f * lineH, ImGui::GetMainViewport()->Size.y * 0.28f));
    ImGui::BeginChild("##variants", ImVec2(0, listH), true);
    {
        const ImVec2 lo = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
        ctx.geometry.variantList = {lo.x, lo.y, size.x, size.y};
    }
    const auto& p = ctx.palette;
    for (const auto& v : listed) {
        const std::string why = unavailableReason(v, dev, state.config.type);
        const bool selected = v.id == state.config.variant;
        ImGui::PushID(v.id.c_str());
        const ImVec2 at = ImGui::GetCursorScreenPos();
        const float rowW = ImGui::GetContentRegionAvail().x;
        const float numberW = ImGui::CalcTextSize("00").x, gap = 10 * ctx.scale;
        const float tagW = v.correctByDesign ? 0.0f : ImGui::CalcTextSize("wrong").x + 8 * ctx.scale;
        const float nameX = at.x + numberW + gap, nameW = std::max(40.0f, rowW - numberW - gap - tagW);
        const ImVec2 nameSize = ImGui::CalcTextSize(v.title.c_str(), nullptr, false, nameW);
        const int nameLines = std::max(1, int(std::round(nameSize.y / lineH)));
        const float rowH = nameSize.y + lineH + 2 * ctx.scale;
        if (!why.empty()) ImGui::BeginDisabled();
        if (ImGui::Selectable("##variant", selected, 0, ImVec2(rowW, rowH)) && !selected) {
            state.config.variant = v.id;
            changed(state, ctx);
        }
        if (!why.empty()) ImGui::EndDisabled();
        const bool hovered = ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled);
        ImDrawList* dl = ImGui::GetWindowDrawList();
        const view::Rgba textColor = !why.empty() ? p.textFaint : (selected ? p.text : p.textDim);
        if (v.harrisStep > 0) {
            const std::string n = std::to_string(v.harrisStep);
            dl->AddText(ImVec2(at.x + numberW - ImGui::CalcTextSize(n.c_str()).x, at.y), p.accent.packed(), n.c_str());
        }
        dl->AddText(ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(nameX, at.y), textColor.packed(), v.title.c_str(),
                    nullptr, nameW);
        if (!v.correctByDesign) dl->AddText(ImVec2(at.x + rowW - tagW + 4 * ctx.scale, at.y), p.bad.packed(), "wrong");
        // The lesson, one line: its first sentence without its Markdown marks, cut with an ellipsis only where the
        // column ends.
        const std::string lesson = exercises::plainText(exercises::parseMarkdown(firstSentence(v.lesson)));
        const std::string shownLesson = fitLine(lesson, rowW - numberW - gap);
        const ImVec2 lessonAt(nameX, at.y + nameSize.y);
        dl->AddText(lessonAt, p.textFaint.packed(), shownLesson.c_str());
        ctx.geometry.variantRows.push_back({v.id, v.title, {nameX, at.y, nameW, nameSize.y}, widestLine(v.title, nameW),
                                            nameLines, false, shownLesson,
                                            {lessonAt.x, lessonAt.y, ImGui::CalcTextSize(shownLesson.c_str()).x, lineH}});
        if (hovered) {
            ImGui::BeginTooltip();
            ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
            ImGui::TextColored(vec4(ctx.palette.accent), "%s", v.id.c_str());
            // The lesson as the presenter's notes draw it: its `code` and *emphasis* set, not shown as marks
            const auto lesson = exercises::parseMarkdown(v.lesson);
            exercises::drawMarkdown(lesson, ctx, ImGui::GetFontSize() * 30 - ImGui::GetCursorPosX());
            ctx.geometry.tooltip = exercises::plainText(lesson);
            if (!v.requirements.empty()) ImGui::TextDisabled("Requires: %s", v.requirements.c_str());
            if (!why.empty()) ImGui::TextColored(vec4(ctx.palette.bad), "Not on this device: %s", why.c_str());
            ImGui::PopTextWrapPos();
            const ImVec2 tipAt = ImGui::GetWindowPos(), tipSize = ImGui::GetWindowSize();
            ctx.geometry.tooltipRect = {tipAt.x, tipAt.y, tipSize.x, tipSize.y};
            ImGui::EndTooltip();
        }
        ImGui::PopID();
    }
    ImGui::EndChild();
    ownKernel(state, ctx);
    if (patternInfo(pattern).ladderToggles) toggles(state, ctx);  // the classic optimizations are a reduction's
}

}  // namespace rl::gui
