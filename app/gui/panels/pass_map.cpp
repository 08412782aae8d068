// The pass / group picker.
#include "app/gui/panels/pass_map.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "core/catalogue/pass_plan.h"

namespace rl::gui {
namespace {

ImU32 u32(view::Rgba c) { return c.packed(); }

}  // namespace

float PassMap::Draw(ExplorerState& state, Side& side, const UiContext& ctx, float width) {
    if (!side.loaded()) return 0;
    const auto& run = side.bundle->run;
    const auto& p = ctx.palette;
    const float s = ctx.scale;
    const float rowH = 14 * s, gapY = 10 * s, labelW = 110 * s;
    const int passes = int(run.passes.size());
    const float height = float(passes) * rowH + float(std::max(0, passes - 1)) * gapY;
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const int currentPass = side.timeline[size_t(side.stepAt(state.playback.step()))].pass;
    const float barX = origin.x + labelW, barW = std::max(10.0f, width - labelW);

    ImGui::InvisibleButton("##passmap", ImVec2(width, height));
    const bool hovered = ImGui::IsItemHovered();
    const bool clicked = ImGui::IsItemClicked();
    const ImVec2 mouse = ImGui::GetIO().MousePos;

    ImVec2 previousCenter(-1, -1);
    for (int pi = 0; pi < passes; ++pi) {
        const PassTrace& pass = run.passes[size_t(pi)];
        const float y = origin.y + float(pi) * (rowH + gapY);
        const bool current = pi == currentPass;
        const std::string label = "pass " + std::to_string(pi);
        ImFont* font = ctx.fonts.pick(current ? view::FontRole::Bold : view::FontRole::Regular, 15 * s);
        const ImVec2 ts = font->CalcTextSizeA(15 * s, FLT_MAX, 0, label.c_str());
        dl->AddText(font, 15 * s, ImVec2(origin.x + labelW - 10 * s - ts.x, y + (rowH - ts.y) * 0.5f),
                    u32(current ? p.text : p.textDim), label.c_str());

        const size_t groups = std::max<size_t>(1, pass.groups);
        const float pitch = barW / float(groups);
        const bool blocks = pitch >= 3;
        // Traced groups by id -> index into traced.
        auto tracedIndex = [&](size_t g) {
            for (size_t i = 0; i < pass.traced.size(); ++i)
                if (size_t(pass.traced[i].group) == g) return int(i);
            return -1;
        };
        if (blocks) {
            for (size_t g = 0; g < groups; ++g) {
                const float x0 = barX + float(g) * pitch, x1 = x0 + pitch - (pitch >= 6 ? 2 * s : 0);
                const bool traced = tracedIndex(g) >= 0;
                dl->AddRectFilled(ImVec2(x0, y), ImVec2(x1, y + rowH), u32(traced ? p.cellLive : p.cellDead), 2 * s);
            }
        } else {
            dl->AddRectFilled(ImVec2(barX, y), ImVec2(barX + barW, y + rowH), u32(p.cellDead), 2 * s);
            for (const auto& g : pass.traced) {
                const float x0 = barX + float(g.group) * pitch;
                dl->AddRectFilled(ImVec2(x0, y), ImVec2(x0 + std::max(pitch, 2 * s), y + rowH), u32(p.cellLive));
            }
        }
        // The shown group of this pass.
        const int shownIndex = pi < int(side.groupOfPass.size()) ? side.groupOfPass[size_t(pi)] : 0;
        if (shownIndex >= 0 && size_t(shownIndex) < pass.traced.size()) {
            const size_t g = size_t(pass.traced[size_t(shownIndex)].group);
            const float x0 = barX + float(g) * pitch;
            const float x1 = x0 + std::max(pitch - (pitch >= 6 ? 2 * s : 0), 3 * s);
            dl->AddRectFilled(ImVec2(x0, y), ImVec2(x1, y + rowH), u32(current ? p.cellWritten : p.cellWrittenPast),
                              2 * s);
            const ImVec2 center((x0 + x1) * 0.5f, y);
            if (previousCenter.x >= 0)
                dl->AddLine(ImVec2(previousCenter.x, previousCenter.y + rowH), center, u32(p.operandLinePast),
                            1.5f * s);
            previousCenter = center;
        }

        // Hover and click: pick a group of this pass.
        if (hovered && mouse.y >= y && mouse.y < y + rowH && mouse.x >= barX) {
            const size_t g = std::min(groups - 1, size_t((mouse.x - barX) / pitch));
            const int index = tracedIndex(g);
            ImGui::BeginTooltip();
            ImGui::Text("Pass %d: %zu elements, %zu work-groups of %zu", pi, pass.n, pass.groups, pass.local);
            if (side.bundle->variant.kind == VariantKind::LastGroup && pi > 0)
                ImGui::TextDisabled("No launch of its own: %s in pass 0's launch runs it",
                                    finishingRole(size_t(pi), side.bundle->run.passes.size(), pass.local).c_str());
            ImGui::Text("Work-group %zu: elements %zu to %zu", g, g * ((pass.n + groups - 1) / groups),
                        std::min(pass.n, (g + 1) * ((pass.n + groups - 1) / groups)) - 1);
            if (index >= 0)
                ImGui::TextColored(ImVec4(0.35f, 0.66f, 1, 1), "Recorded: click to show it");
            else if (pi == 0)
                ImGui::TextColored(ImVec4(0.35f, 0.66f, 1, 1), "Not recorded: click to trace this group");
            else
                ImGui::TextDisabled("Not recorded (only the traced groups of later passes are kept)");
            ImGui::EndTooltip();
            if (clicked) {
                if (index >= 0) {
                    if (pi == 0) {
                        side.groupOfPass = view::followPartial(run, index);
                    } else {
                        side.groupOfPass[size_t(pi)] = index;
                    }
                    state.rebuildTimelines(true);
                    // Jump to the first stage of that pass.
                    const auto& tl = side.timeline;
                    for (size_t i = 0; i < tl.size(); ++i)
                        if (tl[i].pass == pi) {
                            state.playback.seek(int(i));
                            break;
                        }
                } else if (pi == 0) {
                    state.firstGroup = g;
                    state.dirty = true;
                    state.dirtySince = -1;  // no debounce
                }
            }
        }
    }
    return height;
}

}  // namespace rl::gui
