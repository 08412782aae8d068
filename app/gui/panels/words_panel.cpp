// The Words tab.
#include "app/gui/panels/words_panel.h"
#include "app/gui/common/colour.h"

#include <imgui.h>

#include "app/gui/panels/widgets.h"
#include "app/view/caption.h"
#include "app/view/narration.h"

namespace rl::gui {
namespace {}  // namespace

void WordsPanel::Draw(ExplorerState& state, const UiContext& ctx) {
    const Side& side = state.bottomSide();
    auto& g = ctx.geometry.words;
    g.shown = true;
    if (!side.loaded()) {
        ImGui::TextDisabled("No trace loaded");
        return;
    }
    const int step = side.stepAt(state.playback.step());
    if (side.bundle.get() != bundle_ || side.bundle->serial != serial_ || step != step_) {
        bundle_ = side.bundle.get();
        serial_ = side.bundle->serial;
        step_ = step;
        const auto& run = side.bundle->run;
        title_ = view::stageTitle(run, side.bundle->variant, side.timeline[size_t(step)]);
        text_ = view::stepNarration(run, side.timeline, step);
    }
    const float s = ctx.scale;
    sideSelector(state, ctx);
    if (ImGui::Button("Copy")) {
        ImGui::SetClipboardText((title_ + "\n\n" + text_).c_str());
        copiedAt_ = ctx.now;
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Copy the stage's title and words to the clipboard");
    ImGui::SameLine(0, 12 * s);
    if (ctx.now - copiedAt_ < 2.0)
        ImGui::TextColored(vec4(ctx.palette.good), "Copied");
    else {  // cut with an ellipsis where the tab is narrow (whole on hovering), not at its edge
        const std::string hint = "The current stage in words, for screen readers and slides";
        const std::string shown = fitLine(hint, ImGui::GetContentRegionAvail().x);
        ImGui::TextColored(vec4(ctx.palette.textDim), "%s", shown.c_str());
        if (shown != hint && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", hint.c_str());
    }
    const bool headerFits = lastItemFits();

    ImGui::BeginChild("##words", ImVec2(0, 0), false);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::PushTextWrapPos(ImGui::GetContentRegionAvail().x - 6 * s + ImGui::GetCursorPosX());
    if (ctx.fonts.bold) ImGui::PushFont(ctx.fonts.bold);
    ImGui::TextUnformatted(title_.c_str());
    if (ctx.fonts.bold) ImGui::PopFont();
    ImGui::Spacing();
    ImGui::TextUnformatted(text_.c_str());
    ImGui::PopTextWrapPos();
    const ImVec2 end = ImGui::GetItemRectMax();
    ImGui::EndChild();
    g.title = title_;
    g.text = text_;
    g.rect = {at.x, at.y, end.x - at.x, end.y - at.y};
    g.copied = ctx.now - copiedAt_ < 2.0;
    g.headerFits = headerFits;
}

}  // namespace rl::gui
