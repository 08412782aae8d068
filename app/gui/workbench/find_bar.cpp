// The find bar.
#include "app/gui/workbench/find_bar.h"
#include "app/gui/common/colour.h"

#include <imgui.h>

#include <cstdio>
#include <functional>

namespace rl::gui::workbench {
namespace {

constexpr int kKeyEnter = 257, kKeyKeypadEnter = 335, kKeyEscape = 256, kKeyF3 = 292;

}  // namespace

void FindBar::open() {
    open_ = true;
    focus_ = true;
}

void FindBar::setQuery(const std::string& query) {
    std::snprintf(query_, sizeof query_, "%s", query.c_str());
    open_ = true;
}

void FindBar::refresh(const std::string& text) {
    const size_t hash = std::hash<std::string>()(text);
    const std::string searched = std::string(query_) + (matchCase_ ? "\x01" : "\x02");
    if (hash == textHash_ && searched == searched_) return;
    textHash_ = hash;
    searched_ = searched;
    matches_ = findAll(text, query_, matchCase_);
    if (current_ >= int(matches_.size())) current_ = matches_.empty() ? -1 : 0;
}

std::optional<Match> FindBar::step(const std::string& text, int dir, int fromByte) {
    refresh(text);
    if (matches_.empty()) {
        current_ = -1;
        return std::nullopt;
    }
    const int n = int(matches_.size());
    int pick = dir > 0 ? 0 : n - 1;  // wrap around
    if (dir > 0) {
        for (int i = 0; i < n; ++i)
            if (matches_[size_t(i)].begin >= fromByte) {
                pick = i;
                break;
            }
    } else {
        for (int i = n - 1; i >= 0; --i)
            if (matches_[size_t(i)].begin < fromByte) {
                pick = i;
                break;
            }
    }
    current_ = pick;
    return matches_[size_t(pick)];
}

std::optional<Match> FindBar::Draw(const std::string& text, const UiContext& ctx, int cursorByte) {
    if (!open_) return std::nullopt;
    const float s = ctx.scale;
    const auto& p = ctx.palette;
    std::optional<Match> pick;
    ImGui::PushID("##find");
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(vec4(p.textDim), "Find");
    ImGui::SameLine();
    if (focus_) {
        ImGui::SetKeyboardFocusHere();
        focus_ = false;
    }
    const float buttons = ImGui::CalcTextSize("Previous  Next  Match case  999 of 999  ").x + 90 * s;
    ImGui::SetNextItemWidth(std::max(120 * s, ImGui::GetContentRegionAvail().x - buttons));
    const std::string before = query_;
    ImGui::InputTextWithHint("##query", "text to find", query_, sizeof query_);
    // Enter and Escape end ImGui's editing of the field: they count when it was being edited this frame.
    const bool fieldFocused = ImGui::IsItemActive() || ImGui::IsItemDeactivated() || ImGui::IsItemFocused();
    const ImGuiIO& io = ImGui::GetIO();
    const bool enter = ImGui::IsKeyPressed(kKeyEnter) || ImGui::IsKeyPressed(kKeyKeypadEnter);
    int dir = 0;
    if (before != query_) {  // typing: the first match from the cursor
        refresh(text);
        if (auto m = step(text, 1, cursorByte)) pick = m;
    }
    if ((fieldFocused && enter) || ImGui::IsKeyPressed(kKeyF3)) dir = io.KeyShift ? -1 : 1;
    if (fieldFocused && enter) ImGui::SetKeyboardFocusHere(-1);  // Enter leaves the field: keep it for the next one
    ImGui::SameLine();
    if (ImGui::Button("Previous")) dir = -1;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Previous match (Shift+Enter, Shift+F3)");
    ImGui::SameLine(0, 4 * s);
    if (ImGui::Button("Next")) dir = 1;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Next match (Enter, F3)");
    ImGui::SameLine();
    if (ImGui::Checkbox("Match case", &matchCase_)) refresh(text);
    ImGui::SameLine();
    refresh(text);
    if (query_[0] == '\0')
        ImGui::TextDisabled(" ");
    else if (matches_.empty())
        ImGui::TextColored(vec4(p.bad), "no match");
    else
        ImGui::TextColored(vec4(p.textDim), "%d of %d", current_ + 1, int(matches_.size()));
    ImGui::SameLine(ImGui::GetContentRegionMax().x - ImGui::GetFrameHeight());
    if (ImGui::Button("x", ImVec2(ImGui::GetFrameHeight(), 0)) || (fieldFocused && ImGui::IsKeyPressed(kKeyEscape)))
        open_ = false;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Close the find bar (Escape)");
    ImGui::PopID();
    if (dir != 0) {
        const int from = current_ >= 0 && current_ < int(matches_.size())
                             ? (dir > 0 ? matches_[size_t(current_)].begin + 1 : matches_[size_t(current_)].begin)
                             : cursorByte;
        pick = step(text, dir, from);
    }
    return pick;
}

}  // namespace rl::gui::workbench
