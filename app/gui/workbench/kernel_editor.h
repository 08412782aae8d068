// The kernel editor: ImGui's multi-line input (its editing, selection, clipboard and undo/redo) drawn with
// transparent text, and over it, in the same monospace font and at the same positions, the OpenCL C colours, the
// cursor, the find matches and the marks of diagnostics and findings; line numbers and mark shapes in a gutter,
// a tooltip with the message and the advice on a marked line. Scales with the app's fonts (lecture text size).
#pragma once
#include <imgui.h>

#include <memory>
#include <string>
#include <vector>

#include "app/gui/common/ui_context.h"
#include "app/gui/workbench/code_text.h"
#include "app/gui/workbench/find_bar.h"

struct ImGuiInputTextState;

namespace rl::gui::workbench {

// A line to mark: a build diagnostic or a checker's finding.
struct EditorMark {
    enum class Kind { Error, Warning, Note, Finding };
    Kind kind = Kind::Error;
    int line = 0;    // 1-based
    int column = 0;  // 1-based; 0: the whole line
    std::string title;    // "error", "data race", ...
    std::string message;
    std::string advice;   // what to do (findings)
};

// Where the editor drew what this frame (window coordinates), for screenshots and their tests.
struct EditorGeometry {
    view::Rect area;        // gutter and text
    view::Rect text;        // the text field
    float lineTop = 0;      // y of line 1's top (scrolled: may be above the field)
    float lineHeight = 0;
    int firstVisible = 0, lastVisible = 0;  // 1-based lines on screen
    struct Mark {
        int line = 0;
        std::string kind;   // error, warning, note, finding
        view::Rect gutter;  // the shape in the gutter
    };
    std::vector<Mark> marks;
    bool focused = false;
    int cursorLine = 0;  // 1-based, while focused
};

class KernelEditor {
public:
    KernelEditor();
    ~KernelEditor();  // out of line: ImGuiInputTextState is complete only in the .cpp
    // Draws the editor in `size` (the find bar, when open, above it) and edits `text`. True when the text changed.
    bool Draw(std::string& text, const std::vector<EditorMark>& marks, const UiContext& ctx, ImVec2 size);

    void gotoLine(int line, int column = 1);  // scrolls to it and puts the cursor there
    void textReplaced();                      // the text changed outside the editor: forget its undo and cursor
    void openFind() { find_.open(); }
    bool ctrlEnterPressed() const { return ctrlEnter_; }  // this frame (the caller checks)
    const EditorGeometry& geometry() const { return geometry_; }
    FindBar& findBar() { return find_; }

private:
    static int callback(ImGuiInputTextCallbackData* data);
    void refresh(const std::string& text);
    void drawGutter(ImDrawList* dl, const std::vector<EditorMark>& marks, const UiContext& ctx, ImVec2 origin,
                    float x0, float x1, float clipTop, float clipBottom);
    void drawOverlay(ImDrawList* dl, const std::string& text, const std::vector<EditorMark>& marks,
                     const UiContext& ctx, ImVec2 origin, float clipTop, float clipBottom, int cursorByte);
    void tooltip(const std::vector<EditorMark>& marks, const UiContext& ctx, int line);

    // Cached per text (hash): line starts and block-comment state at each line.
    size_t hash_ = 0;
    std::vector<int> starts_;
    std::vector<char> inComment_;
    // Requests applied when the input is active (its callback) or on the next frame.
    int pendingSelBegin_ = -1, pendingSelEnd_ = -1;
    int pendingScrollLine_ = -1;
    bool refreshPending_ = false;  // a goto: line and column become a byte offset once the text is measured
    int pendingLine_ = 1, pendingColumn_ = 1;
    Match findSelection_;          // the find bar's current match (selected when the bar closes)
    bool focusNext_ = false, forget_ = false, ctrlEnter_ = false;
    int cursorByte_ = 0;  // from the callback, while active
    unsigned int id_ = 0;
    std::unique_ptr<ImGuiInputTextState> kept_;  // the editor's cursor and undo history while the find field has it
    size_t keptHash_ = 0;                        // the text it belongs to
    FindBar find_;
    EditorGeometry geometry_;
};

}  // namespace rl::gui::workbench
