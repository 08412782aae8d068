// The controls column's toggles: the classic optimizations of the reduction ladder, each greyed out with the reason
// where no kernel combines it with the others; a click picks the variant the new combination names.
#include <imgui.h>

#include <string>

#include "app/gui/panels/controls_common.h"
#include "app/gui/panels/controls_panel.h"
#include "core/catalogue/variant.h"

namespace rl::gui {

using controls::changed;

void ControlsPanel::toggles(ExplorerState& state, const UiContext& ctx) {
    const VariantInfo* current = findVariant(state.config.variant);
    if (!current) return;
    ImGui::Spacing();
    ImGui::TextColored(vec4(ctx.palette.textDim), "Compose it:");
    if (current->kind == VariantKind::LastGroup) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextDisabled("This variant goes past the toggles: it is grid-stride with the partials reduced in the "
                            "same launch, by the last work-group to start. Pick a step of the ladder to use them.");
        ImGui::PopTextWrapPos();
        return;
    }
    if (current->kind != VariantKind::LocalTree) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextDisabled("This variant is not on the local-tree ladder; pick one of Harris's steps to use the "
                            "toggles.");
        ImGui::PopTextWrapPos();
        return;
    }
    const VariantToggles t = current->toggles;
    // One toggle: try the combination with it flipped; grey it out (with the reason) when no kernel matches.
    auto option = [&](const char* text, bool VariantToggles::*field, bool value, bool radio) {
        VariantToggles next = t;
        next.*field = value;
        std::string why;
        const VariantInfo* target = (next.*field == t.*field) ? current : variantForToggles(next, &why);
        const bool on = t.*field == value;
        if (!target) ImGui::BeginDisabled();
        bool clicked = false;
        if (radio) {
            clicked = ImGui::RadioButton(text, on);
        } else {
            bool checked = on ? value : !value;
            clicked = ImGui::Checkbox(text, &checked);
        }
        if (!target) ImGui::EndDisabled();
        const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
        ctx.geometry.toggles.push_back({text, {lo.x, lo.y, hi.x - lo.x, hi.y - lo.y}, target != nullptr});
        if (state.view.revealToggle == text) {  // the script points at it next: bring it into view first
            ImGui::SetScrollHereY(0.5f);
            state.view.revealToggle.clear();
        }
        if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
            ImGui::BeginTooltip();
            ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28);
            std::string tip;
            if (!target) {
                tip = "No kernel: " + why;
                ImGui::TextColored(vec4(ctx.palette.warn), "%s", tip.c_str());
            } else {
                tip = target != current ? "Switches to: " + target->title + " (" + target->id + ")" : current->title;
                ImGui::TextUnformatted(tip.c_str());
            }
            ImGui::PopTextWrapPos();
            ctx.geometry.tooltip = tip;
            const ImVec2 at = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
            ctx.geometry.tooltipRect = {at.x, at.y, size.x, size.y};
            ImGui::EndTooltip();
        }
        if (clicked && target && target != current) {
            state.config.variant = target->id;
            changed(state, ctx);
        }
    };
    ImGui::TextDisabled("addressing");
    ImGui::Indent(12 * ctx.scale);
    option("interleaved", &VariantToggles::sequentialAddressing, false, true);
    ImGui::SameLine();
    option("sequential", &VariantToggles::sequentialAddressing, true, true);
    ImGui::Unindent(12 * ctx.scale);
    ImGui::TextDisabled("branching");
    ImGui::Indent(12 * ctx.scale);
    option("divergent (modulo)", &VariantToggles::compactBranching, false, true);
    ImGui::SameLine();
    option("compact", &VariantToggles::compactBranching, true, true);
    ImGui::Unindent(12 * ctx.scale);
    option("first add during load", &VariantToggles::firstAddDuringLoad, !t.firstAddDuringLoad, false);
    option("unrolled last warp", &VariantToggles::unrollLastWarp, !t.unrollLastWarp, false);
    option("complete unroll", &VariantToggles::completeUnroll, !t.completeUnroll, false);
    option("several elements per work-item", &VariantToggles::multiElement, !t.multiElement, false);
    option("vector loads (float4 / int4)", &VariantToggles::vectorLoads, !t.vectorLoads, false);
}

}  // namespace rl::gui
