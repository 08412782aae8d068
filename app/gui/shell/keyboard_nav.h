// The explorer without a mouse: Tab enters keyboard navigation (Dear ImGui's own, on the panels' controls) with a
// focus ring a projector shows; the arrows move between the controls of a panel, Space or Enter presses the one in
// focus (Enter starts typing in a field, Esc stops); F6 and Shift+F6 move to the next and previous panel; Esc, with
// nothing open, leaves, and the arrows and Space step and play the stages again.
#pragma once
#include <string>

#include "app/view/geometry.h"

namespace rl::gui {

class KeyboardNav {
public:
    bool active() const { return active_; }
    // Once a frame after ImGui::NewFrame: handles Tab, F6 and Esc. Returns true while navigating: the frame's other
    // keys are the controls' (the explorer's own shortcuts stand aside).
    bool update(bool typing);
    // After the panels are drawn: the focus ring around the control in focus (on top of everything).
    void drawFocusRing(float scale);
    // The control in focus (screen pixels; empty when none) and the panel it is in, for the screenshot's geometry.
    view::Rect focusRect() const { return focus_; }
    const std::string& panel() const { return panel_; }

private:
    void enter(int panel);
    void leave();

    bool active_ = false;
    int panel_index_ = 0;
    std::string panel_;
    view::Rect focus_;
};

}  // namespace rl::gui
