// The heat map panel.
#include "app/gui/panels/heatmap_panel.h"
#include "app/gui/panels/widgets.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "app/render/heatmap_renderer.h"
#include "app/view/value_format.h"

namespace rl::gui {

void HeatmapPanel::Draw(ExplorerState& state, const UiContext& ctx) {
    const Side& side = state.bottomSide();
    const auto& p = ctx.palette;
    const float s = ctx.scale;
    if (!ctx.heatmap.ready()) {
        ImGui::TextColored(ImVec4(1, 0.3f, 0.35f, 1), "The heat map's shaders did not compile (see Messages).");
        return;
    }
    if (!side.loaded()) {
        ImGui::TextDisabled("No trace loaded");
        return;
    }
    const view::TreeFacts& facts = *side.factsAt(state.playback.step());
    const auto& ref = side.timeline[size_t(side.stepAt(state.playback.step()))];
    const ElemType type = side.bundle->run.type;
    const uint64_t key = (side.bundle->serial << 24) ^ (uint64_t(ref.pass) << 16) ^ uint64_t(ref.group);
    ctx.heatmap.setData(facts, key, state.view.heatNormalize);

    // Header: the side (when comparing), normalisation and legend.
    ImGui::AlignTextToFramePadding();
    sideSelector(state, ctx);
    ImGui::TextDisabled("colour scale");
    ImGui::SameLine();
    ImGui::RadioButton("per stage", &state.view.heatNormalize, 0);
    ImGui::SameLine();
    ImGui::RadioButton("whole group", &state.view.heatNormalize, 1);
    ImGui::SameLine(0, 30 * s);
    float lo = 0, hi = 0;
    ctx.heatmap.range(ref.stage, &lo, &hi);
    const std::string loText = view::formatCompact(lo, type, 8), hiText = view::formatCompact(hi, type, 8);
    ImGui::TextUnformatted(loText.c_str());
    ImGui::SameLine();
    {
        const ImVec2 a = ImGui::GetCursorScreenPos();
        const float w = 220 * s, h = ImGui::GetFrameHeight() * 0.6f;
        const float y = a.y + (ImGui::GetFrameHeight() - h) * 0.5f;
        ImDrawList* dl = ImGui::GetWindowDrawList();
        const int steps = 48;
        for (int i = 0; i < steps; ++i) {
            const float x0 = a.x + w * float(i) / steps, x1 = a.x + w * float(i + 1) / steps;
            dl->AddRectFilled(ImVec2(x0, y), ImVec2(x1 + 0.5f, y + h), view::heatColor(float(i) / (steps - 1)).packed());
        }
        ImGui::Dummy(ImVec2(w, ImGui::GetFrameHeight()));
    }
    ImGui::SameLine();
    ImGui::TextUnformatted(hiText.c_str());
    ImGui::SameLine(0, 20 * s);
    ImGui::TextDisabled("(?)");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%d stages x %d cells of local memory, coloured by value.\nFaded rows: not reached yet.\n"
                          "Dimmed cells: values no stage needs any more.\nFramed: the current stage.",
                          facts.stages(), facts.cells());

    // The map, with stage labels on the left.
    const float labelW = 110 * s;
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float mapW = std::max(10.0f, avail.x - labelW), mapH = std::max(10.0f, avail.y - ImGui::GetTextLineHeight() - 6 * s);
    const float fb = ImGui::GetIO().DisplayFramebufferScale.x;
    const unsigned texture =
        ctx.heatmap.render(int(std::round(mapW * fb)), int(std::round(mapH * fb)), ref.stage, p);
    ImGui::SetCursorScreenPos(ImVec2(origin.x + labelW, origin.y));
    ImGui::Image(reinterpret_cast<ImTextureID>(static_cast<intptr_t>(texture)), ImVec2(mapW, mapH), ImVec2(0, 1),
                 ImVec2(1, 0));
    const bool hovered = ImGui::IsItemHovered();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float rowH = mapH / float(facts.stages());
    if (rowH >= ImGui::GetTextLineHeight() * 0.8f)
        for (int k = 0; k < facts.stages(); ++k) {
            const std::string& label = facts.stage(k).label;
            const ImVec2 ts = ImGui::CalcTextSize(label.c_str());
            dl->AddText(ImVec2(origin.x + labelW - 10 * s - ts.x, origin.y + rowH * (float(k) + 0.5f) - ts.y * 0.5f),
                        (k == ref.stage ? p.text : p.textFaint).packed(), label.c_str());
        }
    // Axis: local index.
    const float axisY = origin.y + mapH + 2 * s;
    dl->AddText(ImVec2(origin.x + labelW, axisY), p.textFaint.packed(), "0");
    const std::string last = std::to_string(facts.cells() - 1);
    dl->AddText(ImVec2(origin.x + labelW + mapW - ImGui::CalcTextSize(last.c_str()).x, axisY), p.textFaint.packed(),
                last.c_str());
    const char* axis = "local index";
    dl->AddText(ImVec2(origin.x + labelW + (mapW - ImGui::CalcTextSize(axis).x) * 0.5f, axisY), p.textFaint.packed(),
                axis);

    if (hovered) {
        const ImVec2 m = ImGui::GetIO().MousePos;
        const int c = std::clamp(int((m.x - origin.x - labelW) / mapW * float(facts.cells())), 0, facts.cells() - 1);
        const int k = std::clamp(int((m.y - origin.y) / rowH), 0, facts.stages() - 1);
        ImGui::BeginTooltip();
        ImGui::Text("stage %d (%s), cell %d", k, facts.stage(k).label.c_str(), c);
        if (k <= ref.stage) {
            ImGui::Text("value %s", view::formatExact(facts.value(k, c), type).c_str());
            if (facts.written(k, c)) ImGui::Text("written by work-item %d in this stage", facts.writer(k, c));
            if (!facts.live(k, c)) ImGui::TextDisabled("no longer needed");
        } else {
            ImGui::TextDisabled("not reached yet");
        }
        ImGui::EndTooltip();
    }
}

}  // namespace rl::gui
