// The kernel editor's keyboard and pointer: keys and characters become EditBuffer's edits and moves, clicks and drags
// its cursor and selection, the clipboard goes through ImGui's (the window's).
#include "app/gui/workbench/kernel_editor.h"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>

namespace rl::gui::workbench {

bool KernelEditor::keyboard(bool active, int pageRows) {
    if (!active) return false;
    ImGuiIO& io = ImGui::GetIO();
    const bool ctrl = io.KeyCtrl, shift = io.KeyShift, alt = io.KeyAlt;
    const unsigned before = buffer_.revision();
    const int cursorBefore = buffer_.cursor(), selBefore = buffer_.selectionBegin();
    auto pressed = [](ImGuiKey k) { return ImGui::IsKeyPressedMap(k, true); };
    auto copy = [&] {
        if (buffer_.selectionEnd() > buffer_.selectionBegin()) ImGui::SetClipboardText(toUtf8(buffer_.selected()).c_str());
    };
    auto paste = [&] {
        const char* clip = ImGui::GetClipboardText();
        if (!clip) return;
        std::string s = clip;
        s.erase(std::remove(s.begin(), s.end(), '\r'), s.end());  // Windows line ends become the file's '\n'
        buffer_.insert(toCodePoints(s));
    };
    if (pressed(ImGuiKey_LeftArrow)) buffer_.key(ctrl ? EditKey::WordLeft : EditKey::Left, shift);
    if (pressed(ImGuiKey_RightArrow)) buffer_.key(ctrl ? EditKey::WordRight : EditKey::Right, shift);
    if (pressed(ImGuiKey_UpArrow)) buffer_.moveRows(-1, shift);
    if (pressed(ImGuiKey_DownArrow)) buffer_.moveRows(1, shift);
    if (pressed(ImGuiKey_PageUp)) buffer_.moveRows(-pageRows, shift);
    if (pressed(ImGuiKey_PageDown)) buffer_.moveRows(pageRows, shift);
    if (pressed(ImGuiKey_Home)) buffer_.key(ctrl ? EditKey::TextStart : EditKey::LineStart, shift);
    if (pressed(ImGuiKey_End)) buffer_.key(ctrl ? EditKey::TextEnd : EditKey::LineEnd, shift);
    if (pressed(ImGuiKey_Delete)) {
        if (shift && !ctrl) copy(), buffer_.cut();  // Shift+Delete: cut
        else buffer_.key(EditKey::Delete, false);
    }
    if (pressed(ImGuiKey_Backspace)) {
        if (ctrl && buffer_.selectionEnd() == buffer_.selectionBegin()) buffer_.key(EditKey::WordLeft, true);
        buffer_.key(EditKey::Backspace, false);  // Ctrl+Backspace: the word before the cursor
    }
    if (!ctrl && (pressed(ImGuiKey_Enter) || pressed(ImGuiKey_KeyPadEnter))) buffer_.newLine();
    if (!ctrl && !alt && pressed(ImGuiKey_Tab)) buffer_.type(U'\t');
    if (pressed(ImGuiKey_Insert)) {
        if (ctrl) copy();
        else if (shift) paste();
    }
    if (ctrl && !alt) {
        if (pressed(ImGuiKey_A)) buffer_.selectAll();
        if (pressed(ImGuiKey_C)) copy();
        if (pressed(ImGuiKey_X)) copy(), buffer_.cut();
        if (pressed(ImGuiKey_V)) paste();
        if (pressed(ImGuiKey_Z)) buffer_.key(shift ? EditKey::Redo : EditKey::Undo, false);
        if (pressed(ImGuiKey_Y)) buffer_.key(EditKey::Redo, false);
    } else {
        for (ImWchar c : io.InputQueueCharacters)
            if (c >= 32 && c != 127) buffer_.type(char32_t(c));
        io.InputQueueCharacters.resize(0);
    }
    if (buffer_.revision() != before || buffer_.cursor() != cursorBefore || buffer_.selectionBegin() != selBefore)
        scrollToCursor_ = true;
    return buffer_.revision() != before;
}

void KernelEditor::pointer(ImGuiWindow* window, bool hovered, ImVec2 origin, float lineH) {
    ImGuiContext& g = *GImGui;
    ImGuiIO& io = g.IO;
    const ImVec2 m = io.MousePos;
    const float x = m.x - origin.x, rowY = (m.y - origin.y) / lineH;
    if (hovered && io.MouseClicked[0]) {
        if (g.ActiveId != id_) activate(window);
        if (io.MouseDoubleClicked[0]) buffer_.selectWordAt(x, rowY);
        else buffer_.click(x, rowY, io.KeyShift);
        dragging_ = !io.MouseDoubleClicked[0];
        return;
    }
    if (g.ActiveId == id_ && io.MouseClicked[0] && !hovered) {  // a click elsewhere leaves the editor
        ImGui::ClearActiveID();
        dragging_ = false;
        return;
    }
    if (!io.MouseDown[0]) dragging_ = false;
    if (!dragging_ || g.ActiveId != id_) return;
    buffer_.drag(x, rowY);
    const ImRect clip = window->InnerClipRect;  // past the top or bottom edge: the text scrolls under the pointer
    if (m.y < clip.Min.y) ImGui::SetScrollY(window, std::max(0.0f, window->Scroll.y - lineH));
    else if (m.y > clip.Max.y) ImGui::SetScrollY(window, std::min(window->ScrollMax.y, window->Scroll.y + lineH));
}

}  // namespace rl::gui::workbench
