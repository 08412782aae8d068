// Small widgets shared by several panels.
#include "app/gui/panels/widgets.h"

#include <imgui.h>

#include <algorithm>
#include <cfloat>

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

bool lastItemFits(float slack) {
    return ImGui::GetItemRectMax().x <= ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x + slack;
}

namespace {

template <class Width>
std::string fitWith(const std::string& text, float width, Width widthOf) {
    if (widthOf(text) <= width) return text;
    std::string cut = text;
    while (!cut.empty() && widthOf(cut + "\xe2\x80\xa6") > width) {
        const size_t space = cut.find_last_of(' ');
        cut.resize(space == std::string::npos ? cut.size() - 1 : space);
        while (!cut.empty() && (static_cast<unsigned char>(cut.back()) & 0xC0) == 0x80) cut.pop_back();
        if (!cut.empty() && (static_cast<unsigned char>(cut.back()) & 0xC0) == 0xC0) cut.pop_back();
    }
    return cut + "\xe2\x80\xa6";
}

}  // namespace

std::string fitLine(const std::string& text, float width) {
    return fitWith(text, width, [](const std::string& t) { return ImGui::CalcTextSize(t.c_str()).x; });
}

std::string fitLine(const std::string& text, float width, ImFont* font, float size) {
    return fitWith(text, width,
                   [font, size](const std::string& t) { return font->CalcTextSizeA(size, FLT_MAX, 0, t.c_str()).x; });
}

void drawContinuationHook(ImDrawList* dl, float x, float y, float lineH, float fontSize, view::Rgba colour, float s) {
    const float hy = y + lineH * 0.5f;
    const ImU32 c = colour.packed();
    dl->AddLine(ImVec2(x, y + lineH * 0.1f), ImVec2(x, hy), c, std::max(1.0f, 1.2f * s));
    dl->AddLine(ImVec2(x, hy), ImVec2(x + fontSize * 0.7f, hy), c, std::max(1.0f, 1.2f * s));
    dl->AddTriangleFilled(ImVec2(x + fontSize * 0.8f, hy), ImVec2(x + fontSize * 0.55f, hy - fontSize * 0.18f),
                          ImVec2(x + fontSize * 0.55f, hy + fontSize * 0.18f), c);
}

}  // namespace rl::gui
