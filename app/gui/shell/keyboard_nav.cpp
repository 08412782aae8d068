// Keyboard navigation: which panels F6 visits, in the order they are read (the toolbar, the controls or the
// workbench, the tree, the bottom panel, the source beside it, the result; with the Timings view open, the toolbar
// and it), then any other window open on top (the classroom's panel), and the focus ring.
#include "app/gui/shell/keyboard_nav.h"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <vector>

#include "app/gui/common/keys.h"

namespace rl::gui {
namespace {

constexpr int kTab = 258, kEscape = 256, kF6 = 295;

// The windows F6 visits now, in order.
std::vector<ImGuiWindow*> panels() {
    static const char* const fixed[] = {"##toolbar", "##workbench", "##controls", "##tree", "##bottom",
                                        "##sourcebeside", "##result"};
    std::vector<ImGuiWindow*> out;
    ImGuiWindow* timings = ImGui::FindWindowByName("##timings");
    if (timings && timings->WasActive) {  // the Timings view covers the panels: the toolbar and it
        if (ImGuiWindow* w = ImGui::FindWindowByName("##toolbar"); w && w->WasActive) out.push_back(w);
        out.push_back(timings);
    } else {
        for (const char* name : fixed)
            if (ImGuiWindow* w = ImGui::FindWindowByName(name); w && w->WasActive) out.push_back(w);
    }
    std::vector<ImGuiWindow*> others;
    for (ImGuiWindow* w : GImGui->Windows) {
        const bool mine = std::find(out.begin(), out.end(), w) != out.end();
        const ImGuiWindowFlags skip = ImGuiWindowFlags_ChildWindow | ImGuiWindowFlags_Tooltip |
                                      ImGuiWindowFlags_Popup | ImGuiWindowFlags_NoNavFocus;
        if (!mine && w->WasActive && !(w->Flags & skip) && w->Name[0] != '#' && std::string(w->Name) != "Debug##Default")
            others.push_back(w);
    }
    std::sort(others.begin(), others.end(), [](auto* a, auto* b) { return std::string(a->Name) < b->Name; });
    out.insert(out.end(), others.begin(), others.end());
    return out;
}

bool pressed(int key) { return ImGui::IsKeyPressed(key, false); }

}  // namespace

void KeyboardNav::enter(int index) {
    const std::vector<ImGuiWindow*> list = panels();
    if (list.empty()) return;
    panel_index_ = ((index % int(list.size())) + int(list.size())) % int(list.size());
    ImGuiWindow* w = list[size_t(panel_index_)];
    active_ = true;
    ImGui::GetIO().ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
    ImGui::FocusWindow(w);
    ImGui::NavInitWindow(w, true);  // its first control takes the focus
    GImGui->NavDisableHighlight = false;
    GImGui->NavDisableMouseHover = true;
    panel_ = w->Name;
}

void KeyboardNav::leave() {
    active_ = false;
    ImGui::GetIO().ConfigFlags &= ~ImGuiConfigFlags_NavEnableKeyboard;
    GImGui->NavDisableHighlight = true;
    ImGui::FocusWindow(nullptr);
    panel_.clear();
    focus_ = {};
}

bool KeyboardNav::update(bool typing) {
    const ImGuiIO& io = ImGui::GetIO();
    if (typing) return active_;  // a field being typed in keeps every key, Tab and Esc included
    if (!active_) {
        if (pressed(kTab) && !io.KeyCtrl) {
            enter(1);  // the controls: the variant, the settings
            return true;
        }
        return false;
    }
    if (pressed(kF6)) {
        // From the panel in focus now (a click may have moved it), to the next or the previous one.
        const std::vector<ImGuiWindow*> list = panels();
        int at = panel_index_;
        for (size_t i = 0; i < list.size(); ++i)
            if (GImGui->NavWindow && (list[i] == GImGui->NavWindow || list[i] == GImGui->NavWindow->RootWindow))
                at = int(i);
        enter(at + (io.KeyShift ? -1 : 1));
    } else if (pressed(kEscape) && !ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId)) {
        // Esc leaves navigation once ImGui has nothing of its own to close (an open menu or combo takes it first).
        leave();
        return true;  // this Esc is spent
    }
    return active_;
}

void KeyboardNav::drawFocusRing(float scale) {
    focus_ = {};
    if (!active_) return;
    ImGuiContext& g = *GImGui;
    ImGuiWindow* w = g.NavWindow;
    panel_ = w ? w->RootWindow->Name : "";
    if (!w || g.NavId == 0 || g.NavDisableHighlight) return;
    const ImRect r = ImGui::WindowRectRelToAbs(w, w->NavRectRel[g.NavLayer]);
    const float pad = 3 * scale, thick = 3 * scale;
    focus_ = {r.Min.x, r.Min.y, r.GetWidth(), r.GetHeight()};
    // Yellow on the dark themes and the projector's: seen from the back of a room, on any control's colour.
    ImGui::GetForegroundDrawList()->AddRect(ImVec2(r.Min.x - pad, r.Min.y - pad), ImVec2(r.Max.x + pad, r.Max.y + pad),
                                           IM_COL32(255, 214, 10, 255), 4 * scale, 0, thick);
}

}  // namespace rl::gui
