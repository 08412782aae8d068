// ImGui style from a palette.
#include "app/gui/common/style.h"

#include <imgui.h>

namespace rl::gui {
namespace {

ImVec4 col(view::Rgba c, float alpha = 1) { return ImVec4(c.r / 255.f, c.g / 255.f, c.b / 255.f, c.a / 255.f * alpha); }

}  // namespace

void applyStyle(const view::Palette& p, float scale) {
    ImGuiStyle style;
    ImGui::StyleColorsDark(&style);
    style.WindowPadding = ImVec2(14, 12);
    style.FramePadding = ImVec2(10, 6);
    style.ItemSpacing = ImVec2(10, 8);
    style.ItemInnerSpacing = ImVec2(8, 6);
    style.CellPadding = ImVec2(8, 4);
    style.IndentSpacing = 20;
    style.ScrollbarSize = 14;
    style.GrabMinSize = 12;
    style.WindowBorderSize = 0;
    style.ChildBorderSize = 0;
    style.PopupBorderSize = 1;
    style.FrameBorderSize = 0;
    style.WindowRounding = 8;
    style.ChildRounding = 6;
    style.FrameRounding = 6;
    style.PopupRounding = 6;
    style.ScrollbarRounding = 8;
    style.GrabRounding = 6;
    style.TabRounding = 6;
    style.WindowTitleAlign = ImVec2(0.0f, 0.5f);
    style.ScaleAllSizes(scale);

    ImVec4* c = style.Colors;
    c[ImGuiCol_Text] = col(p.text);
    c[ImGuiCol_TextDisabled] = col(p.textFaint);
    c[ImGuiCol_WindowBg] = col(p.panel);
    c[ImGuiCol_ChildBg] = col(p.panel, 0);
    c[ImGuiCol_PopupBg] = col(p.panelRaised);
    c[ImGuiCol_Border] = col(p.border);
    c[ImGuiCol_BorderShadow] = ImVec4(0, 0, 0, 0);
    c[ImGuiCol_FrameBg] = col(p.panelRaised);
    c[ImGuiCol_FrameBgHovered] = col(view::mix(p.panelRaised, p.accent, 0.18f));
    c[ImGuiCol_FrameBgActive] = col(view::mix(p.panelRaised, p.accent, 0.30f));
    c[ImGuiCol_TitleBg] = col(p.panel);
    c[ImGuiCol_TitleBgActive] = col(p.panel);
    c[ImGuiCol_MenuBarBg] = col(p.background);
    c[ImGuiCol_ScrollbarBg] = col(p.panel, 0);
    c[ImGuiCol_ScrollbarGrab] = col(p.border);
    c[ImGuiCol_ScrollbarGrabHovered] = col(p.textFaint);
    c[ImGuiCol_ScrollbarGrabActive] = col(p.textDim);
    c[ImGuiCol_CheckMark] = col(p.accent);
    c[ImGuiCol_SliderGrab] = col(p.accent);
    c[ImGuiCol_SliderGrabActive] = col(view::mix(p.accent, p.text, 0.3f));
    c[ImGuiCol_Button] = col(p.panelRaised);
    c[ImGuiCol_ButtonHovered] = col(view::mix(p.panelRaised, p.accent, 0.25f));
    c[ImGuiCol_ButtonActive] = col(view::mix(p.panelRaised, p.accent, 0.45f));
    c[ImGuiCol_Header] = col(view::mix(p.panel, p.accent, 0.22f));
    c[ImGuiCol_HeaderHovered] = col(view::mix(p.panel, p.accent, 0.30f));
    c[ImGuiCol_HeaderActive] = col(view::mix(p.panel, p.accent, 0.40f));
    c[ImGuiCol_Separator] = col(p.border);
    c[ImGuiCol_SeparatorHovered] = col(p.accent);
    c[ImGuiCol_SeparatorActive] = col(p.accent);
    c[ImGuiCol_ResizeGrip] = col(p.border, 0);
    c[ImGuiCol_Tab] = col(p.panel);
    c[ImGuiCol_TabHovered] = col(view::mix(p.panel, p.accent, 0.30f));
    c[ImGuiCol_TabActive] = col(view::mix(p.panelRaised, p.accent, 0.22f));
    c[ImGuiCol_TabUnfocused] = col(p.panel);
    c[ImGuiCol_TabUnfocusedActive] = col(view::mix(p.panelRaised, p.accent, 0.15f));
    c[ImGuiCol_PlotHistogram] = col(p.accent);
    c[ImGuiCol_TableHeaderBg] = col(p.panelRaised);
    c[ImGuiCol_TableBorderStrong] = col(p.border);
    c[ImGuiCol_TableBorderLight] = col(p.border, 0.6f);
    c[ImGuiCol_TableRowBg] = ImVec4(0, 0, 0, 0);
    c[ImGuiCol_TableRowBgAlt] = col(p.panelRaised, 0.35f);
    c[ImGuiCol_TextSelectedBg] = col(p.accent, 0.35f);
    c[ImGuiCol_NavHighlight] = col(p.accent);
    c[ImGuiCol_ModalWindowDimBg] = ImVec4(0, 0, 0, 0.5f);
    ImGui::GetStyle() = style;
}

}  // namespace rl::gui
