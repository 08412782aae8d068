// The explorer's layout: the toolbar, the controls column, the tree (two when comparing), the bottom tabs and the
// result column, the splitters between them, and the window background painted in the gaps.
#include "app/gui/shell/app.h"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "app/gui/panels/session_banner.h"
#include "app/gui/predict/predict_overlay.h"
#include "app/view/theme.h"

namespace rl::gui {
namespace {

constexpr ImGuiWindowFlags kPanelFlags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize |
                                         ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
                                         ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus |
                                         ImGuiWindowFlags_NoBackground;

// Paints the window background around panels (the gaps between them, rounded panel corners) on ImGui's background
// draw list; the panels themselves are the cleared colour.
void paintGaps(const std::vector<ImVec4>& panels, ImVec2 size, float radius, ImU32 color) {
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    // Horizontal bands between panel tops/bottoms and vertical bands between their sides: build from the panels'
    // complement row by row (panels are few and axis-aligned).
    std::vector<float> ys = {0, size.y};
    for (const auto& p : panels) ys.push_back(p.y), ys.push_back(p.w);
    std::sort(ys.begin(), ys.end());
    ys.erase(std::unique(ys.begin(), ys.end()), ys.end());
    for (size_t i = 0; i + 1 < ys.size(); ++i) {
        const float y0 = ys[i], y1 = ys[i + 1];
        if (y1 <= y0) continue;
        std::vector<std::pair<float, float>> spans;
        for (const auto& p : panels)
            if (p.y <= y0 && p.w >= y1) spans.push_back({p.x, p.z});
        std::sort(spans.begin(), spans.end());
        float x = 0;
        for (const auto& [a, b] : spans) {
            if (a > x) dl->AddRectFilled(ImVec2(x, y0), ImVec2(a, y1), color);
            x = std::max(x, b);
        }
        if (x < size.x) dl->AddRectFilled(ImVec2(x, y0), ImVec2(size.x, y1), color);
    }
    // Rounded corners: a fan from each corner to its quarter circle, in the gap colour.
    const int segments = 6;
    for (const auto& p : panels) {
        const ImVec2 corners[4] = {{p.x, p.y}, {p.z, p.y}, {p.z, p.w}, {p.x, p.w}};
        const ImVec2 centres[4] = {{p.x + radius, p.y + radius}, {p.z - radius, p.y + radius},
                                   {p.z - radius, p.w - radius}, {p.x + radius, p.w - radius}};
        for (int c = 0; c < 4; ++c) {
            const float start = 3.14159265f * (1.0f + 0.5f * float(c));
            for (int i = 0; i < segments; ++i) {
                const float a0 = start + 1.5707963f * float(i) / segments, a1 = start + 1.5707963f * float(i + 1) / segments;
                dl->AddTriangleFilled(corners[c],
                                      ImVec2(centres[c].x + radius * std::cos(a0), centres[c].y + radius * std::sin(a0)),
                                      ImVec2(centres[c].x + radius * std::cos(a1), centres[c].y + radius * std::sin(a1)),
                                      color);
            }
        }
    }
}

}  // namespace

void App::splitters(float top, float left, float right, float centerTop, float centerBottomY, float gap) {
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(vp->Pos);
    ImGui::SetNextWindowSize(vp->Size);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    ImGui::Begin("##splitters", nullptr, kPanelFlags | ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoScrollbar);
    ImGui::PopStyleVar();
    // Behind every panel, also one made after it (the workbench's column): it must only catch the gaps.
    ImGui::BringWindowToDisplayBack(ImGui::GetCurrentWindow());
    const float W = vp->Size.x, H = vp->Size.y;
    auto handle = [&](const char* id, ImVec2 pos, ImVec2 size, bool vertical, float* value, float sign, float lo,
                      float hi, float unit) {
        ImGui::SetCursorScreenPos(pos);
        ImGui::InvisibleButton(id, size);
        if (ImGui::IsItemHovered() || ImGui::IsItemActive())
            ImGui::SetMouseCursor(vertical ? ImGuiMouseCursor_ResizeEW : ImGuiMouseCursor_ResizeNS);
        if (ImGui::IsItemActive()) {
            const float delta = vertical ? ImGui::GetIO().MouseDelta.x : ImGui::GetIO().MouseDelta.y;
            *value = std::clamp(*value + sign * delta / unit, lo, hi);
        }
        if (ImGui::IsItemHovered() || ImGui::IsItemActive()) {
            ImDrawList* dl = ImGui::GetWindowDrawList();
            const ImVec2 c(pos.x + size.x * 0.5f, pos.y + size.y * 0.5f);
            if (vertical)
                dl->AddLine(ImVec2(c.x, pos.y), ImVec2(c.x, pos.y + size.y), view::darkPalette().accent.packed(), 2);
            else
                dl->AddLine(ImVec2(pos.x, c.y), ImVec2(pos.x + size.x, c.y), view::darkPalette().accent.packed(), 2);
        }
    };
    auto& sp = settings_.splits;
    const float s = scale_;
    // The kernel source as a full-height panel beside the tree takes the centre's right part.
    const float besideW = state_.view.sourceBeside ? std::clamp((W - left - right) * 0.5f, 320 * s, 1100 * s) : 0.0f;
    const float centerW = W - left - right - besideW;
    if (workbench_.isOpen())
        handle("##splitL", ImVec2(left - gap, top), ImVec2(gap, H - top), true, &sp.workbench, 1, 420,
               W / scale_ * 0.62f, scale_);
    else
        handle("##splitL", ImVec2(left - gap, top), ImVec2(gap, H - top), true, &sp.left, 1, 240, W / scale_ * 0.45f,
               scale_);
    handle("##splitR", ImVec2(W - right, top), ImVec2(gap, H - top), true, &sp.right, -1, 260, W / scale_ * 0.45f, scale_);
    handle("##splitB", ImVec2(left, centerBottomY - gap), ImVec2(centerW - gap, gap), false, &sp.bottom, -1, 0.12f,
           0.75f, std::max(1.0f, H - centerTop));
    ImGui::End();
}

void App::drawPanels() {
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    const float s = scale_;
    const float W = vp->Size.x, H = vp->Size.y;
    const float gap = 8 * s, toolbarH = 66 * s;
    auto& sp = settings_.splits;
    float left = (workbench_.isOpen() ? std::clamp(sp.workbench * s, 420 * s, W * 0.62f)  // the editor's column
                                      : std::clamp(sp.left * s, 240 * s, W * 0.45f)) +
                 gap;  // x where the centre starts
    float right = std::clamp(sp.right * s, 260 * s, W * 0.45f) + gap;  // width taken on the right, gap included
    {
        // Both side columns give way so that the tree keeps its share of the width: a third beside the editor, else
        // 38%, and 360 pixels of the UI's size at least (text made larger for the back row widens the side columns
        // with it, and on a small window left the tree a sliver)
        const float room = W - std::max(W * (workbench_.isOpen() ? 0.33f : 0.38f), 360 * s);
        if (left + right > room) {
            const float f = room / (left + right);
            left *= f;
            right *= f;
        }
    }
    const float centerTop = toolbarH + gap;
    const float centerH = H - centerTop - gap;
    const float bottomH = std::clamp(sp.bottom, 0.12f, 0.75f) * centerH;
    const float bottomY = H - gap - bottomH;
    // The kernel source as a full-height panel beside the tree takes the centre's right part.
    const float besideW = state_.view.sourceBeside ? std::clamp((W - left - right) * 0.5f, 320 * s, 1100 * s) : 0.0f;
    const float centerW = W - left - right - besideW;

    UiContext ctx{classroom_.palette(), fonts_, log_, *worker_, heatmap_, geometry_, s, now()};
    ctx.stateMarks = classroom_.stateMarks();
    const ConsoleHooks console{[&] { controls_.Draw(state_, ctx); }, [&] { predict_.Draw(state_, ctx); }};
    if (classroom_.drawLecture(state_, ctx, console)) return;
    // Panels as (x0, y0, x1, y1); everything else (toolbar included) is the window background.
    std::vector<ImVec4> panels = {
        {gap, centerTop, left - gap, H - gap},
        {left, centerTop, left + centerW, bottomY - gap},
        {left, bottomY, left + centerW, H - gap},
        {W - right + gap, centerTop, W - gap, H - gap},
    };
    if (besideW > 0) panels.push_back({left + centerW + gap, centerTop, left + centerW + besideW, H - gap});
    paintGaps(panels, vp->Size, ImGui::GetStyle().WindowRounding, ctx.palette.background.packed());

    auto place = [&](float x, float y, float w, float h) {
        ImGui::SetNextWindowPos(ImVec2(vp->Pos.x + x, vp->Pos.y + y));
        ImGui::SetNextWindowSize(ImVec2(std::max(50.0f, w), std::max(50.0f, h)));
    };

    // Toolbar.
    place(0, 0, W, toolbarH);
    ImGui::Begin("##toolbar", nullptr, kPanelFlags | ImGuiWindowFlags_NoScrollbar);
    toolbar_.Draw(state_, ctx);
    classroom_.drawToolbarButtons(state_, ctx);
    timings_.drawToolbarButton(ctx);
    ImGui::End();

    // Controls, or the workbench in their place.
    place(gap, centerTop, left - 2 * gap, H - centerTop - gap);
    if (workbench_.isOpen()) {
        ImGui::Begin("##workbench", nullptr, kPanelFlags | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
        workbench_.Draw(state_, ctx);
    } else {
        ImGui::Begin("##controls", nullptr, kPanelFlags);
        controls_.Draw(state_, ctx);
    }
    ImGui::End();

    // The tree (two, side by side, when comparing).
    place(left, centerTop, centerW, bottomY - gap - centerTop);
    ImGui::Begin("##tree", nullptr, kPanelFlags | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    drawSessionBanner(state_, ctx);
    workbench_.drawBanner(state_, ctx);
    state_.predict.guard(state_.a, state_.playback);  // the toolbar's buttons may have stepped
    if (state_.comparing()) {
        const float half = (ImGui::GetContentRegionAvail().x - gap * 2) * 0.5f;
        ImGui::BeginChild("##sideA", ImVec2(half, 0), false, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
        treeA_.Draw(state_, 0, ctx);
        ImGui::EndChild();
        ImGui::SameLine(0, gap * 2);
        const ImVec2 a = ImGui::GetCursorScreenPos();
        ImGui::GetWindowDrawList()->AddLine(ImVec2(a.x - gap, a.y), ImVec2(a.x - gap, a.y + ImGui::GetContentRegionAvail().y),
                                            ctx.palette.border.packed(), 1);
        ImGui::BeginChild("##sideB", ImVec2(0, 0), false, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
        treeB_.Draw(state_, 1, ctx);
        ImGui::EndChild();
    } else {
        treeA_.Draw(state_, 0, ctx);
        workbench_.drawTreeMarks(state_, ctx);  // where the student's kernel races, on the tree just drawn
    }
    drawPredictOverlay(state_, ctx, false);  // predict mode's hidden stage and differences, on side A's tree
    ImGui::End();

    // Bottom tabs.
    place(left, bottomY, centerW, bottomH);
    ImGui::Begin("##bottom", nullptr, kPanelFlags);
    const int unseen = log_.unseenErrors(state_.seenMessages);
    const std::string messagesLabel =
        unseen > 0 ? "Messages (" + std::to_string(unseen) + ")###messages" : std::string("Messages###messages");
    const char* labels[] = {"Warps & banks###warps", "Heat map###heatmap", "Kernel source###source",
                            messagesLabel.c_str(), "Words###words", "Tiles###tiles"};
    // Where the six whole names would be cut (a laptop's or a projector's 1280 pixels): short names, then the shortest
    // with less room around each; the ids after ### keep each tab the same tab. The tab bar takes its padding when it
    // begins, and a tab's content the panel's.
    const auto need = [&](float padding) {
        float w = 0;
        for (const char* l : labels)
            w += ImGui::CalcTextSize(l, nullptr, true).x + padding * 2 + 1 + ImGui::GetStyle().ItemInnerSpacing.x;
        return w;
    };
    const float room = ImGui::GetContentRegionAvail().x;
    float padding = ImGui::GetStyle().FramePadding.x;
    if (need(padding) > room) labels[0] = "Warps###warps", labels[2] = "Source###source";
    if (need(padding) > room) {
        labels[1] = "Heat###heatmap";
        padding = std::max(2.0f, padding * 0.5f);
    }
    geometry_.bottomTabs.clear();
    for (const std::string l : labels) geometry_.bottomTabs.push_back(l.substr(0, l.find("##")));
    geometry_.bottomTabsFit = need(padding) <= room;
    geometry_.warpsRight = 0;
    geometry_.warpsHeaderFits = true;
    const ImVec2 panelPadding = ImGui::GetStyle().FramePadding;
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(padding, panelPadding.y));
    if (ImGui::BeginTabBar("##tabs")) {
        for (int i = 0; i < 6; ++i) {
            const ImGuiTabItemFlags flags = state_.view.requestTab == i ? ImGuiTabItemFlags_SetSelected : 0;
            if (i == 3 && unseen > 0) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.35f, 0.4f, 1));
            const bool open = ImGui::BeginTabItem(labels[i], nullptr, flags);
            if (i == 3 && unseen > 0) ImGui::PopStyleColor();
            if (!open) continue;
            ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, panelPadding);
            state_.view.bottomTab = i;
            ImGui::Spacing();
            {
                const ImVec2 at = ImGui::GetCursorScreenPos(), avail = ImGui::GetContentRegionAvail();
                const char* names[] = {"warps", "heatmap", "source", "messages", "words", "tiles"};
                geometry_.bottom = {at.x, at.y, avail.x, avail.y};
                geometry_.bottomTab = names[i];
            }
            switch (i) {
                case 0: warps_.Draw(state_, ctx); break;
                case 1: heat_.Draw(state_, ctx); break;
                case 2:
                    if (state_.view.sourceBeside) {
                        ImGui::TextDisabled("The kernel source is open beside the tree.");
                        if (ImGui::SmallButton("Back to this tab")) state_.view.sourceBeside = false;
                    } else {
                        source_.Draw(state_, ctx);
                    }
                    break;
                case 3: messages_.Draw(state_, ctx); break;
                case 4: words_.Draw(state_, ctx); break;
                case 5: tiles_.Draw(state_, ctx); break;
            }
            ImGui::PopStyleVar();
            ImGui::EndTabItem();
        }
        state_.view.requestTab = -1;
        ImGui::EndTabBar();
    }
    ImGui::PopStyleVar();
    ImGui::End();

    if (besideW > 0) {  // the kernel source, full height
        place(left + centerW + gap, centerTop, besideW - gap, H - centerTop - gap);
        ImGui::Begin("##sourcebeside", nullptr, kPanelFlags | ImGuiWindowFlags_NoScrollbar);
        source_.Draw(state_, ctx, true);
        geometry_.source.beside = true;
        ImGui::End();
    }

    // Result column.
    place(W - right + gap, centerTop, right - 2 * gap, H - centerTop - gap);
    ImGui::Begin("##result", nullptr, kPanelFlags);
    predict_.Draw(state_, ctx);
    result_.Draw(state_, ctx);
    ImGui::End();

    // Last, and sent to the back: this full-window layer for the splitters only catches the gaps between panels.
    splitters(centerTop, left, right, centerTop, bottomY, gap);

    course_.Draw(state_, workbench_, ctx);  // over the panels when open
    timings_.Draw(state_, ctx);  // over the panels when open
}

}  // namespace rl::gui
