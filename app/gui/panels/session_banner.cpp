// The saved-session banner and what holds a session on screen.
#include "app/gui/panels/session_banner.h"
#include "app/gui/common/colour.h"
#include "app/gui/panels/widgets.h"

#include <imgui.h>

#include <algorithm>
#include <filesystem>

namespace rl::gui {
namespace {

std::string deviceName(const ExplorerState& state) {
    return state.devices.empty() ? std::string() : state.devices[size_t(state.device)].name;
}

}  // namespace

// Two rows whatever the device's name: the file beside the button, then where it was recorded, cut with an ellipsis
// where the column ends (the whole name in a tooltip), so the tree below keeps its size.
void drawSessionBanner(ExplorerState& state, const UiContext& ctx) {
    if (!state.session) return;
    const ShownSession& session = *state.session;
    const auto& p = ctx.palette;
    const float s = ctx.scale;
    const std::string file = std::filesystem::path(session.path).filename().string();
    const std::string title = "Saved session " + file;
    const std::string recorded = "recorded on " + session.device;
    const std::string changed =
        session.controlsChanged ? "The controls changed since it was opened: this saved trace stays until you re-trace."
                                : "";
    const std::string here = deviceName(state);
    const char* button = "Re-trace here";
    const float buttonW = ImGui::CalcTextSize(button).x + ImGui::GetStyle().FramePadding.x * 2;
    const float padX = 10 * s, padY = 7 * s;
    const float innerW = ImGui::GetContentRegionAvail().x - 2 * padX;
    const float titleW = std::max(innerW - buttonW - 12 * s, 0.0f);
    ImGui::PushFont(ctx.fonts.bold);
    const std::string shownTitle = fitLine(title, titleW);
    ImGui::PopFont();
    const std::string shownRecorded = fitLine(recorded, innerW);
    const float spacing = ImGui::GetStyle().ItemSpacing.y;
    float textH = ImGui::GetFrameHeight() + spacing + ImGui::GetTextLineHeight();
    if (!changed.empty()) textH += spacing + ImGui::CalcTextSize(changed.c_str(), nullptr, false, innerW).y;
    const float h = textH + 2 * padY;
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::PushStyleColor(ImGuiCol_ChildBg,
                          vec4(view::mix(p.panel, session.controlsChanged ? p.warn : p.accent, 0.14f)));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(padX, padY));
    ImGui::BeginChild("##sessionBanner", ImVec2(0, h), false,
                      ImGuiWindowFlags_AlwaysUseWindowPadding | ImGuiWindowFlags_NoScrollbar);
    ImGui::AlignTextToFramePadding();
    ImGui::PushFont(ctx.fonts.bold);
    ImGui::TextColored(vec4(p.text), "%s", shownTitle.c_str());
    ImGui::PopFont();
    if (shownTitle != title && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", session.path.c_str());
    ImGui::SameLine(ImGui::GetWindowWidth() - buttonW - padX);
    if (here.empty()) ImGui::BeginDisabled();
    const bool pressed = ImGui::Button(button);
    if (here.empty()) ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        ImGui::SetTooltip("%s", here.empty() ? "No OpenCL device here: the saved session is all there is to show."
                                             : ("Trace the controls' settings on " + here).c_str());
    ImGui::TextColored(vec4(p.textDim), "%s", shownRecorded.c_str());
    if (shownRecorded != recorded && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", recorded.c_str());
    if (!changed.empty()) {
        ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + innerW);
        ImGui::TextColored(vec4(p.warn), "%s", changed.c_str());
        ImGui::PopTextWrapPos();
    }
    ImGui::EndChild();
    ImGui::PopStyleVar();
    ImGui::PopStyleColor();
    ctx.geometry.sessionBanner = {at.x, at.y, ImGui::GetContentRegionAvail().x, h};
    ctx.geometry.sessionBannerText =
        "Showing saved session " + file + " (" + recorded + ")" + (changed.empty() ? "" : " " + changed);
    if (pressed) retraceSession(state, ctx.log);
}

void retraceSession(ExplorerState& state, MessageLog& log) {
    if (!state.session) return;
    log.info("Re-tracing on " + (deviceName(state).empty() ? std::string("this machine") : deviceName(state)) +
             ": the saved session " + state.session->path + " is no longer shown");
    state.session.reset();
    state.dirty = true;
    state.dirtySince = -1;
}

bool holdForSession(ExplorerState& state, MessageLog& log) {
    if (!state.session) return false;
    if (state.dirty && !state.session->controlsChanged) {
        state.session->controlsChanged = true;
        log.warning("The controls changed while the saved session " + state.session->path +
                    " is shown: it stays on screen; press \"Re-trace here\" to run the new settings");
    }
    state.dirty = false;
    return true;
}

}  // namespace rl::gui
