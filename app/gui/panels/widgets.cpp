// Small widgets shared by several panels.
#include "app/gui/panels/widgets.h"

#include <imgui.h>

namespace rl::gui {

void sideSelector(ExplorerState& state, const UiContext& ctx) {
    if (!state.comparing() || !state.a.bundle || !state.b.bundle) return;
    ImGui::TextDisabled("showing");
    ImGui::SameLine();
    ImGui::RadioButton(state.a.bundle->variant.id.c_str(), &state.view.bottomSide, 0);
    ImGui::SameLine();
    ImGui::RadioButton(state.b.bundle->variant.id.c_str(), &state.view.bottomSide, 1);
    ImGui::SameLine(0, 24 * ctx.scale);
}

float checkboxWidth(const char* label) {
    return ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(label, nullptr, true).x;
}

float buttonWidth(const char* label) {
    return ImGui::CalcTextSize(label, nullptr, true).x + 2 * ImGui::GetStyle().FramePadding.x;
}

void sameLineIfFits(float width, float spacing) {
    ImGui::SameLine(0, spacing);
    if (ImGui::GetContentRegionAvail().x < width) ImGui::NewLine();
}

bool lastItemFits() {
    return ImGui::GetItemRectMax().x <= ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x + 0.5f;
}

std::string fitLine(const std::string& text, float width) {
    if (ImGui::CalcTextSize(text.c_str()).x <= width) return text;
    std::string cut = text;
    while (!cut.empty() && ImGui::CalcTextSize((cut + "\xe2\x80\xa6").c_str()).x > width) {
        const size_t space = cut.find_last_of(' ');
        cut.resize(space == std::string::npos ? cut.size() - 1 : space);
        while (!cut.empty() && (static_cast<unsigned char>(cut.back()) & 0xC0) == 0x80) cut.pop_back();
        if (!cut.empty() && (static_cast<unsigned char>(cut.back()) & 0xC0) == 0xC0) cut.pop_back();
    }
    return cut + "\xe2\x80\xa6";
}

}  // namespace rl::gui
