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

}  // namespace rl::gui
