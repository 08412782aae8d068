// The playback bar.
#include "app/gui/panels/toolbar.h"

#include <imgui.h>

#include <cmath>
#include <string>
#include <vector>

#include "app/gui/common/toolbar_slots.h"
#include "app/gui/panels/widgets.h"

namespace rl::gui {
namespace {

enum Icon { kFirst, kBack, kPlay, kPause, kForward, kLast };

void drawIcon(ImDrawList* dl, ImVec2 c, float r, int icon, ImU32 col) {
    auto tri = [&](float x, bool right) {
        if (right)
            dl->AddTriangleFilled(ImVec2(x - r * 0.5f, c.y - r * 0.6f), ImVec2(x + r * 0.5f, c.y),
                                  ImVec2(x - r * 0.5f, c.y + r * 0.6f), col);
        else
            dl->AddTriangleFilled(ImVec2(x + r * 0.5f, c.y - r * 0.6f), ImVec2(x - r * 0.5f, c.y),
                                  ImVec2(x + r * 0.5f, c.y + r * 0.6f), col);
    };
    auto bar = [&](float x) { dl->AddRectFilled(ImVec2(x - r * 0.12f, c.y - r * 0.6f), ImVec2(x + r * 0.12f, c.y + r * 0.6f), col); };
    switch (icon) {
        case kFirst: bar(c.x - r * 0.55f); tri(c.x + r * 0.1f, false); break;
        case kBack: tri(c.x, false); break;
        case kPlay: tri(c.x + r * 0.1f, true); break;
        case kPause: bar(c.x - r * 0.28f); bar(c.x + r * 0.28f); break;
        case kForward: tri(c.x, true); break;
        case kLast: tri(c.x - r * 0.1f, true); bar(c.x + r * 0.55f); break;
    }
}

}  // namespace

bool Toolbar::iconButton(const char* id, int icon, const UiContext& ctx, const char* tip) {
    const float h = ImGui::GetFrameHeight() * 1.25f;
    const bool pressed = ImGui::Button(id, ImVec2(h * (icon == kPlay || icon == kPause ? 1.5f : 1.1f), h));
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    const view::Rgba color = icon == kPlay || icon == kPause ? ctx.palette.accent : ctx.palette.text;
    drawIcon(ImGui::GetWindowDrawList(), ImVec2((a.x + b.x) * 0.5f, (a.y + b.y) * 0.5f), h * 0.32f, icon,
             color.packed());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tip);
    return pressed;
}

void Toolbar::scrubBar(ExplorerState& state, const UiContext& ctx, float width) {
    const float s = ctx.scale;
    const auto& p = ctx.palette;
    const float h = ImGui::GetFrameHeight() * 1.25f;
    const ImVec2 pos = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton("##scrub", ImVec2(width, h));
    const bool active = ImGui::IsItemActive();
    const bool hovered = ImGui::IsItemHovered();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    ctx.geometry.scrub = {pos.x, pos.y, width, h};

    const Side& side = state.a;
    const int steps = state.steps();
    const float pad = 10 * s;
    const float x0 = pos.x + pad, x1 = pos.x + width - pad, cy = pos.y + h * 0.5f;
    const float dx = steps > 1 ? (x1 - x0) / float(steps - 1) : 0.0f;
    dl->AddRectFilled(ImVec2(pos.x, pos.y), ImVec2(pos.x + width, pos.y + h), p.panelRaised.packed(), 6 * s);
    // Pass segments, each a track; ticks on stages.
    const float played = state.playback.step() - 1 + state.playback.transition();
    int segStart = 0;
    for (int i = 0; i <= steps; ++i) {
        const bool boundary = i == steps || (side.loaded() && i < int(side.timeline.size()) && i > 0 &&
                                             side.timeline[size_t(i)].pass != side.timeline[size_t(i - 1)].pass);
        if (!boundary) continue;
        const float a = x0 + dx * float(segStart) + (segStart > 0 ? 4 * s : 0);
        const float b = x0 + dx * float(i - 1) + (i < steps ? -4 * s : 0);
        dl->AddRectFilled(ImVec2(a - 3 * s, cy - 3 * s), ImVec2(std::max(a, b) + 3 * s, cy + 3 * s),
                          p.border.packed(), 3 * s);
        const float fill = std::clamp(x0 + dx * std::max(0.0f, played), a, std::max(a, b));
        if (played >= float(segStart) - 1)
            dl->AddRectFilled(ImVec2(a - 3 * s, cy - 3 * s), ImVec2(fill + 3 * s, cy + 3 * s),
                              p.accent.scaledAlpha(0.8f).packed(), 3 * s);
        segStart = i;
    }
    for (int i = 0; i < steps && dx >= 6 * s; ++i)
        dl->AddCircleFilled(ImVec2(x0 + dx * float(i), cy), 2.5f * s,
                            (i <= state.playback.step() ? p.text : p.textFaint).packed());
    const float hx = x0 + dx * std::max(0.0f, played);
    dl->AddCircleFilled(ImVec2(hx, cy), 8 * s, p.text.packed());
    dl->AddCircle(ImVec2(hx, cy), 8 * s, p.accent.packed(), 0, 2 * s);

    if ((active || (hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Left))) && steps > 1) {
        const float mx = ImGui::GetIO().MousePos.x;
        const int target = std::clamp(int(std::round((mx - x0) / dx)), 0, steps - 1);
        if (target != state.playback.step()) state.playback.seek(target);
        state.playback.pause();
    }
    if (hovered && side.loaded() && steps > 1) {
        const int i = std::clamp(int(std::round((ImGui::GetIO().MousePos.x - x0) / dx)), 0, int(side.timeline.size()) - 1);
        const auto& r = side.timeline[size_t(i)];
        const auto& st = side.bundle->run.passes[size_t(r.pass)].traced[size_t(r.group)].stages[size_t(r.stage)];
        ImGui::SetTooltip("step %d: pass %d, stage %d (%s)", i, r.pass, r.stage, st.label.c_str());
    }
}

void Toolbar::Draw(ExplorerState& state, const UiContext& ctx) {
    const float s = ctx.scale;
    const auto& p = ctx.palette;
    auto& pb = state.playback;

    ImGui::PushFont(ctx.fonts.heading);
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(ImVec4(p.accent.r / 255.f, p.accent.g / 255.f, p.accent.b / 255.f, 1), "Reduce");
    ImGui::SameLine(0, 0);
    ImGui::TextUnformatted("Lab");
    ImGui::PopFont();
    ImGui::SameLine(0, 28 * s);

    const float h = ImGui::GetFrameHeight() * 1.25f;
    ImGui::SetCursorPosY((ImGui::GetWindowHeight() - h) * 0.5f);
    if (iconButton("##first", kFirst, ctx, "First stage (Home)")) pb.home();
    ImGui::SameLine(0, 4 * s);
    if (iconButton("##back", kBack, ctx, "Step back (Left)")) pb.stepBy(-1);
    ImGui::SameLine(0, 4 * s);
    if (iconButton("##play", pb.playing() ? kPause : kPlay, ctx, "Play / pause (Space)")) pb.togglePlay();
    ImGui::SameLine(0, 4 * s);
    if (iconButton("##forward", kForward, ctx, "Step forward (Right)")) pb.stepBy(1);
    ImGui::SameLine(0, 4 * s);
    if (iconButton("##last", kLast, ctx, "Last stage (End)")) pb.end();
    ImGui::SameLine(0, 18 * s);

    // Right part: caption and speed; the scrub bar takes what is left (the engine's progress shows over the tree).
    // When the text is large (lecture size) and the window narrow, the speed slider narrows, then goes, then the
    // caption is cut to the room left: nothing overlaps the buttons.
    // Caption: "stage 3 / 11 · s = 8"; a long stage name ("s = 4, no barrier") widens it while the scrub bar keeps
    // room.
    std::string caption = "no trace";
    // Shorter forms where the whole caption does not fit: the step alone, then its numbers alone
    std::vector<std::string> shorter;
    if (state.a.loaded()) {
        const auto& r = state.a.timeline[size_t(state.a.stepAt(pb.step()))];
        const auto& st = state.a.bundle->run.passes[size_t(r.pass)].traced[size_t(r.group)].stages[size_t(r.stage)];
        const std::string numbers = std::to_string(pb.step() + 1) + " / " + std::to_string(state.steps());
        caption = "step " + numbers + "  \xc2\xb7  " + st.label;
        shorter = {"step " + numbers, numbers};
    }
    ImGui::PushFont(ctx.fonts.bold);
    const float captionText = ImGui::CalcTextSize(caption.c_str()).x + 8 * s;
    ImGui::PopFont();
    const float rightButtons = toolbar_slots::classroom(s) + toolbar_slots::timings(s) + 8 * s + 50 * s;
    const float room = ImGui::GetContentRegionAvail().x - rightButtons, minScrub = 120 * s;
    float speedW = 150 * s, captionW = 250 * s;
    if (room >= 2 * minScrub + captionText + speedW) captionW = std::max(captionW, std::min(captionText, 420 * s));
    const char* speedFormat = "%.2g stages/s";
    if (room < minScrub + captionW + speedW) speedW = 90 * s, speedFormat = "%.2g/s";
    if (room < minScrub + captionW + speedW) speedW = 0;
    if (room < minScrub + captionW) captionW = std::max(0.0f, room - minScrub);
    const float scrubW = std::max(std::min(minScrub, room), room - speedW - captionW);
    scrubBar(state, ctx, scrubW);
    ImGui::SameLine(0, 16 * s);

    ImGui::SetCursorPosY((ImGui::GetWindowHeight() - ImGui::GetTextLineHeight()) * 0.5f);
    ImGui::PushFont(ctx.fonts.bold);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ctx.geometry.stepCaption = caption;
    ctx.geometry.stepCaptionCut = ImGui::CalcTextSize(caption.c_str()).x > captionW;
    std::string shown = caption;  // the longest form that fits, else the shortest cut with an ellipsis
    for (size_t i = 0; i < shorter.size() && ImGui::CalcTextSize(shown.c_str()).x > captionW; ++i) shown = shorter[i];
    if (ImGui::CalcTextSize(shown.c_str()).x > captionW) shown = fitLine(shown, captionW);
    ctx.geometry.stepCaptionShown = shown;
    const float cw = std::min(ImGui::CalcTextSize(shown.c_str()).x, captionW);
    const float lineH = ImGui::GetTextLineHeight();  // the clip cuts the caption's width only
    ImGui::PushClipRect(ImVec2(at.x, at.y - lineH), ImVec2(at.x + captionW, at.y + 2 * lineH), true);
    ImGui::TextUnformatted(shown.c_str());
    ImGui::PopClipRect();
    ImGui::PopFont();
    if (speedW <= 0) return;
    ImGui::SameLine(0, std::max(16 * s, captionW - cw));

    ImGui::SetCursorPosY((ImGui::GetWindowHeight() - ImGui::GetFrameHeight()) * 0.5f);
    ImGui::SetNextItemWidth(speedW);
    float speed = pb.speed();
    if (ImGui::SliderFloat("##speed", &speed, 0.25f, 8.0f, speedFormat, ImGuiSliderFlags_Logarithmic))
        pb.setSpeed(speed);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Playback speed (stages per second)");
    ImGui::SameLine(0, 18 * s);  // the classroom's and the timings' buttons follow
}

}  // namespace rl::gui
