// The saved-session banner and what holds a session on screen.
#include "app/gui/panels/session_banner.h"
#include "app/gui/common/colour.h"

#include <imgui.h>

#include <algorithm>
#include <filesystem>

namespace rl::gui {
namespace {

std::string deviceName(const ExplorerState& state) {
    return state.devices.empty() ? std::string() : state.devices[size_t(state.device)].name;
}

}  // namespace

void drawSessionBanner(ExplorerState& state, const UiContext& ctx) {
    if (!state.session) return;
    const ShownSession& session = *state.session;
    const auto& p = ctx.palette;
    const float s = ctx.scale;
    const std::string file = std::filesystem::path(session.path).filename().string();
    const std::string line = "Showing saved session " + file + " (recorded on " + session.device + ")";
    const std::string changed = session.controlsChanged
                                    ? "The controls changed since it was opened: this saved trace stays until you re-trace."
                                    : "";
    const std::string here = deviceName(state);
    const char* button = "Re-trace on this device";
    const float buttonW = ImGui::CalcTextSize(button).x + ImGui::GetStyle().FramePadding.x * 2;
    const float padX = 10 * s, padY = 7 * s;
    const float wrapW = ImGui::GetContentRegionAvail().x - 2 * padX - buttonW - 12 * s;
    ImGui::PushFont(ctx.fonts.bold);
    float textH = ImGui::CalcTextSize(line.c_str(), nullptr, false, wrapW).y;
    ImGui::PopFont();
    if (!changed.empty())
        textH += ImGui::GetStyle().ItemSpacing.y + ImGui::CalcTextSize(changed.c_str(), nullptr, false, wrapW).y;
    const float h = std::max(textH, ImGui::GetFrameHeight()) + 2 * padY;
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::PushStyleColor(ImGuiCol_ChildBg, vec4(view::mix(p.panel, session.controlsChanged ? p.warn : p.accent, 0.14f)));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(padX, padY));
    ImGui::BeginChild("##sessionBanner", ImVec2(0, h), false,
                      ImGuiWindowFlags_AlwaysUseWindowPadding | ImGuiWindowFlags_NoScrollbar);
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + wrapW);
    ImGui::PushFont(ctx.fonts.bold);
    ImGui::TextColored(vec4(p.text), "%s", line.c_str());
    ImGui::PopFont();
    if (!changed.empty()) ImGui::TextColored(vec4(p.warn), "%s", changed.c_str());
    ImGui::PopTextWrapPos();
    ImGui::SetCursorPos(ImVec2(ImGui::GetWindowWidth() - buttonW - padX, (h - ImGui::GetFrameHeight()) * 0.5f));
    if (here.empty()) ImGui::BeginDisabled();
    const bool pressed = ImGui::Button(button);
    if (here.empty()) ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        ImGui::SetTooltip("%s", here.empty() ? "No OpenCL device here: the saved session is all there is to show."
                                             : ("Trace the controls' settings on " + here).c_str());
    ImGui::EndChild();
    ImGui::PopStyleVar();
    ImGui::PopStyleColor();
    ctx.geometry.sessionBanner = {at.x, at.y, ImGui::GetContentRegionAvail().x, h};
    ctx.geometry.sessionBannerText = line + (changed.empty() ? "" : " " + changed);
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
                    " is shown: it stays on screen; press \"Re-trace on this device\" to run the new settings");
    }
    state.dirty = false;
    return true;
}

}  // namespace rl::gui
