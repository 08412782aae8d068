// What the controls column's files share: the colour conversion, marking the problem changed, a section header.
#pragma once
#include <imgui.h>

#include "app/gui/common/ui_context.h"
#include "app/gui/state/explorer_state.h"

namespace rl::gui::controls {

inline ImVec4 vec4(view::Rgba c) { return ImVec4(c.r / 255.f, c.g / 255.f, c.b / 255.f, c.a / 255.f); }

inline void changed(ExplorerState& state, const UiContext& ctx) {
    state.dirty = true;
    state.dirtySince = ctx.now;
}

inline bool section(const char* title, const UiContext& ctx, bool open = true) {
    ImGui::Spacing();
    ImGui::PushFont(ctx.fonts.bold);
    ImGui::PushStyleColor(ImGuiCol_Text, vec4(ctx.palette.textDim));
    const bool shown = ImGui::CollapsingHeader(title, open ? ImGuiTreeNodeFlags_DefaultOpen : 0);
    ImGui::PopStyleColor();
    ImGui::PopFont();
    return shown;
}

}  // namespace rl::gui::controls
