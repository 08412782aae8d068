// Theme selection.
#include "app/gui/themes.h"

#include <imgui.h>

namespace rl::gui {

const exporter::ThemeInfo& ThemeState::info() const {
    const exporter::ThemeInfo* t = exporter::findTheme(id);
    return t ? *t : exporter::themes().front();
}

bool ThemeState::set(const std::string& themeId) {
    if (!exporter::findTheme(themeId)) return false;
    id = themeId;
    return true;
}

bool ThemeState::menuItems() {
    bool changed = false;
    for (const auto& t : exporter::themes())
        if (ImGui::MenuItem(t.title.c_str(), nullptr, t.id == id) && t.id != id) {
            id = t.id;
            changed = true;
        }
    return changed;
}

}  // namespace rl::gui
