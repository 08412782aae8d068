// What the controls column's files share: marking the problem changed, a section header (and common/colour.h).
#pragma once
#include <imgui.h>

#include "app/gui/common/ui_context.h"
#include "app/gui/common/colour.h"
#include "app/gui/state/explorer_state.h"

namespace rl::gui::controls {

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
