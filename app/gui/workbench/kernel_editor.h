// The kernel editor: the text in a monospace font with the OpenCL C colours, long lines wrapped at the editor's width
// (a line's continuation rows indented under it and hooked in the gutter), the cursor and selection, the find
// matches and the marks of diagnostics and findings; line numbers and mark shapes in a gutter, a tooltip with the
// message and the advice on a marked line. The editing itself (cursor, selection, undo/redo) is EditBuffer's; the
// keyboard, the pointer and the clipboard come through ImGui. Scales with the app's fonts (lecture text size).
#pragma once
#include <imgui.h>

#include <memory>
#include <string>
#include <vector>

#include "app/gui/common/ui_context.h"
#include "app/gui/workbench/code_text.h"
#include "app/gui/workbench/edit_buffer.h"
#include "app/gui/workbench/find_bar.h"

struct ImGuiWindow;

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
    float lineHeight = 0;   // the height of a row
    std::vector<float> lineTops;  // y of each line's first row (a wrapped line takes several rows)
    float wrapRight = 0;    // x where the rows wrap
    float textRight = 0;    // x where the field's text area ends (its scroll bar, when shown, is past it)
    int rows = 0;           // rows of the text laid out
    int firstVisible = 0, lastVisible = 0;  // 1-based lines on screen
    struct Mark {
        int line = 0;
        std::string kind;   // error, warning, note, finding
        view::Rect gutter;  // the shape in the gutter
    };
    std::vector<Mark> marks;
    bool focused = false;
    int cursorLine = 0;  // 1-based, while focused
    int cursorRow = 0;   // 0-based row, while focused
};

class KernelEditor {
public:
    // Draws the editor in `size` (the find bar, when open, above it) and edits `text`. True when the text changed.
    bool Draw(std::string& text, const std::vector<EditorMark>& marks, const UiContext& ctx, ImVec2 size);

    void gotoLine(int line, int column = 1);  // scrolls to it and puts the cursor there
    void textReplaced();                      // the text changed outside the editor: forget its undo and cursor
    void openFind() { find_.open(); }
    bool ctrlEnterPressed() const { return ctrlEnter_; }  // this frame (the caller checks)
    const EditorGeometry& geometry() const { return geometry_; }
    FindBar& findBar() { return find_; }

private:
    void refresh(const std::string& text);
    void activate(ImGuiWindow* window);
    bool keyboard(bool active, int pageRows);  // true when the text changed
    void pointer(ImGuiWindow* window, bool hovered, ImVec2 origin, float lineH);
    void drawGutter(ImDrawList* dl, const std::vector<EditorMark>& marks, const UiContext& ctx, ImVec2 origin,
                    float x0, float x1, float clipTop, float clipBottom);
    void drawText(ImDrawList* dl, const std::string& text, const std::vector<EditorMark>& marks, const UiContext& ctx,
                  ImVec2 origin, float clipTop, float clipBottom, bool active);
    void tooltip(const std::vector<EditorMark>& marks, const UiContext& ctx, int line);
    int charOfByte(int byte) const;  // code point at a byte offset of the text

    // Cached per text (hash): line starts and block-comment state at each line.
    size_t hash_ = 0;
    std::vector<int> starts_;
    std::vector<char> inComment_;
    // The text being edited, as code points laid out in rows, and the UTF-8 it was last given or gave back.
    EditBuffer buffer_;
    std::string shown_;
    std::vector<int> bytes_;  // byte offset of each code point (buffer_'s revision bytesRevision_)
    unsigned bytesRevision_ = ~0u;
    // Requests applied on the next frame.
    int pendingScrollLine_ = -1;
    bool refreshPending_ = false;  // a goto: line and column become a position once the text is measured
    int pendingLine_ = 1, pendingColumn_ = 1;
    Match findSelection_;          // the find bar's current match (selected when the bar closes)
    bool focusNext_ = false, forget_ = false, ctrlEnter_ = false;
    bool scrollToCursor_ = false;  // the keyboard moved the cursor: keep it in view
    bool dragging_ = false;        // a selection being dragged with the pointer
    unsigned int id_ = 0;
    FindBar find_;
    EditorGeometry geometry_;
};

}  // namespace rl::gui::workbench
