// The Open dialog.
#include "app/gui/workbench/open_dialog.h"
#include "app/gui/common/colour.h"

#include <imgui.h>

#include <cstdio>
#include <filesystem>

#include "app/gui/workbench/kernel_files.h"

namespace rl::gui::workbench {
namespace fs = std::filesystem;
namespace {

constexpr const char* kTitle = "Open a kernel file";

}  // namespace

void OpenDialog::show(const std::string& startDir) {
    showRequested_ = true;
    std::error_code ec;
    enter(startDir.empty() ? fs::current_path(ec).string() : startDir);
}

void OpenDialog::enter(const std::string& dir) {
    std::error_code ec;
    const fs::path canonical = fs::weakly_canonical(dir, ec);
    dir_ = ec ? dir : canonical.string();
    error_.clear();
    entries_ = listKernelDir(dir_, &error_);
    if (dir_ != "/") entries_.insert(entries_.begin(), "../");
    selected_ = -1;
    std::snprintf(path_, sizeof path_, "%s/", dir_ == "/" ? "" : dir_.c_str());
}

std::optional<std::string> OpenDialog::Draw(const UiContext& ctx) {
    if (showRequested_) {
        ImGui::OpenPopup(kTitle);
        showRequested_ = false;
    }
    const float s = ctx.scale;
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowSize(ImVec2(std::min(vp->Size.x * 0.8f, 760 * s), std::min(vp->Size.y * 0.8f, 560 * s)),
                             ImGuiCond_Appearing);
    ImGui::SetNextWindowPos(ImVec2(vp->Pos.x + vp->Size.x * 0.5f, vp->Pos.y + vp->Size.y * 0.5f), ImGuiCond_Appearing,
                            ImVec2(0.5f, 0.5f));
    std::optional<std::string> chosen;
    if (!ImGui::BeginPopupModal(kTitle, nullptr, ImGuiWindowFlags_NoSavedSettings)) return chosen;
    const auto& p = ctx.palette;
    ImGui::TextColored(vec4(p.textDim), "A kernel file (.cl): type its path, or pick it below.");
    ImGui::SetNextItemWidth(-1);
    if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
    const bool typed = ImGui::InputText("##path", path_, sizeof path_, ImGuiInputTextFlags_EnterReturnsTrue);
    auto choose = [&](const std::string& path) {
        std::error_code ec;
        if (fs::is_directory(path, ec)) {
            enter(path);
        } else {
            chosen = path;
            ImGui::CloseCurrentPopup();
        }
    };
    if (typed && path_[0] != '\0') choose(path_);
    ImGui::TextColored(vec4(p.textFaint), "%s", dir_.c_str());
    const float footer = ImGui::GetFrameHeightWithSpacing() + ImGui::GetStyle().ItemSpacing.y;
    ImGui::BeginChild("##entries", ImVec2(0, -footer), true);
    if (!error_.empty()) ImGui::TextColored(vec4(p.bad), "%s", error_.c_str());
    for (int i = 0; i < int(entries_.size()) && !chosen; ++i) {
        const std::string& e = entries_[size_t(i)];
        const bool folder = !e.empty() && e.back() == '/';
        if (folder) ImGui::PushStyleColor(ImGuiCol_Text, vec4(p.accent));
        const bool clicked = ImGui::Selectable(e.c_str(), selected_ == i, ImGuiSelectableFlags_AllowDoubleClick);
        if (folder) ImGui::PopStyleColor();
        if (!clicked) continue;
        selected_ = i;
        const std::string full = e == "../" ? fs::path(dir_).parent_path().string() : (fs::path(dir_) / e).string();
        if (!folder) std::snprintf(path_, sizeof path_, "%s", full.c_str());
        if (ImGui::IsMouseDoubleClicked(0) || folder) choose(full);
    }
    if (entries_.size() <= 1 && error_.empty()) ImGui::TextDisabled("No .cl file here.");
    ImGui::EndChild();
    const float buttonW = 120 * s;
    ImGui::SetCursorPosX(ImGui::GetWindowContentRegionMax().x - 2 * buttonW - ImGui::GetStyle().ItemSpacing.x);
    if (ImGui::Button("Open", ImVec2(buttonW, 0)) && path_[0] != '\0') choose(path_);
    ImGui::SameLine();
    if (ImGui::Button("Cancel", ImVec2(buttonW, 0)) || ImGui::IsKeyPressed(256 /* Escape */, false))
        ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
    return chosen;
}

}  // namespace rl::gui::workbench
