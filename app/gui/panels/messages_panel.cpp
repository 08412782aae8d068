// The messages panel.
#include "app/gui/panels/messages_panel.h"
#include "app/gui/common/colour.h"

#include <imgui.h>

#include <ctime>

#include "app/gui/panels/widgets.h"

namespace rl::gui {
namespace {

}  // namespace

void MessagesPanel::Draw(ExplorerState& state, const UiContext& ctx) {
    const auto& p = ctx.palette;
    const auto messages = ctx.log.snapshot();
    if (ImGui::SmallButton("Clear")) ctx.log.clear();
    ImGui::SameLine();
    ImGui::PushTextWrapPos(0);  // wrapped in a narrow tab, not cut at its edge
    ImGui::TextDisabled("%zu message(s). Errors from the device and kernel build logs appear here.", messages.size());
    ImGui::PopTextWrapPos();
    ctx.geometry.messagesHeaderFits = lastItemFits(1.5f);
    ImGui::BeginChild("##messages", ImVec2(0, 0), false);
    if (messages.empty()) ImGui::TextDisabled("Nothing to report.");
    for (const Message& m : messages) {
        const std::time_t t = std::chrono::system_clock::to_time_t(m.when);
        char when[16];
        std::strftime(when, sizeof when, "%H:%M:%S", std::localtime(&t));
        const view::Rgba color = m.level == Level::Error ? p.bad : (m.level == Level::Warning ? p.warn : p.textDim);
        const char* tag = m.level == Level::Error ? "error" : (m.level == Level::Warning ? "warning" : "info");
        ImGui::PushID(m.serial);
        ImGui::TextColored(vec4(p.textFaint), "%s", when);
        ImGui::SameLine();
        ImGui::TextColored(vec4(color), "%-8s", tag);
        ImGui::SameLine();
        ImGui::PushTextWrapPos(0);
        ImGui::TextUnformatted(m.title.c_str());
        ImGui::PopTextWrapPos();
        if (!m.detail.empty()) {
            ImGui::Indent(20 * ctx.scale);
            if (ImGui::TreeNodeEx("details", m.level == Level::Error ? ImGuiTreeNodeFlags_DefaultOpen : 0)) {
                ImGui::PushFont(ctx.fonts.mono);
                ImGui::TextUnformatted(m.detail.c_str());
                ImGui::PopFont();
                ImGui::TreePop();
            }
            ImGui::Unindent(20 * ctx.scale);
        }
        ImGui::PopID();
    }
    if (!messages.empty() && messages.back().serial != shownSerial_) {
        ImGui::SetScrollHereY(1.0f);
        shownSerial_ = messages.back().serial;
    }
    ImGui::EndChild();
    state.seenMessages = ctx.log.lastSerial();
}

}  // namespace rl::gui
