// The kernel editor's text being edited, without ImGui: stb_textedit (libstb-dev) keeps the cursor, the selection
// and the undo history and does the edits; this class gives it the text as code points and its wrapped rows, moves
// the cursor up and down over those rows, and keeps the layout in step with every edit. The editor feeds it keys,
// characters and pointer positions and draws what it holds.
#pragma once
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "app/gui/workbench/text_rows.h"

namespace rl::gui::workbench {

enum class EditKey {
    Left, Right, WordLeft, WordRight, LineStart, LineEnd, TextStart, TextEnd,
    Delete, Backspace, Undo, Redo,
};

class EditBuffer {
public:
    EditBuffer();
    ~EditBuffer();
    EditBuffer(const EditBuffer&) = delete;
    EditBuffer& operator=(const EditBuffer&) = delete;

    // Replaces the whole text (a file opened, a script's edit): the undo history is forgotten, the cursor kept where
    // it still fits.
    void setText(std::string_view utf8);
    std::string utf8() const { return toUtf8(chars_); }
    const std::u32string& chars() const { return chars_; }
    // The rows at `width` with `advance` and `hang` (wrapRows); laid out again only when the text, the width, the
    // font's size (which `advance` reads) or the hang changed.
    void layout(float width, float fontSize, const Advance& advance, float hang);
    const std::vector<TextRow>& rows() const { return rows_; }
    const Advance& advance() const;  // the last layout's (a character's width of 1 before the first)
    // Counts every change of the text.
    unsigned revision() const { return revision_; }

    // Edits and moves. Each returns whether the text changed.
    bool key(EditKey k, bool extendSelection);
    bool type(char32_t c);                    // replaces the selection
    bool insert(std::u32string_view text);   // a paste: one step of undo
    bool newLine();                           // '\n' and the current line's indentation: one step of undo
    bool cut();                               // deletes the selection (copy it first)
    std::u32string selected() const;
    void selectAll();
    // Up (negative) or down by `rows` rows of the layout, keeping the column the cursor had.
    void moveRows(int rows, bool extendSelection);

    // The pointer, in text coordinates: x in pixels from the rows' left edge, y in rows from the first (0.5: the
    // middle of the first row).
    void click(float x, float rowY, bool extendSelection);
    void drag(float x, float rowY);
    void selectWordAt(float x, float rowY);

    int cursor() const;
    int selectionBegin() const;  // sorted; equal to selectionEnd() when nothing is selected
    int selectionEnd() const;
    void setSelection(int begin, int end);  // code points; the cursor at `end`

private:
    struct Stb;
    friend struct EditBufferAccess;
    int positionAt(float x, float rowY) const;
    void relayout();
    void edited();

    std::u32string chars_;
    std::vector<TextRow> rows_;
    Advance advance_;
    float width_ = -1, fontSize_ = 0, hang_ = 0;
    unsigned revision_ = 0, laidOut_ = ~0u;  // the text's revision, and the one rows_ were laid out for
    int typedRecords_ = -1;  // undo records after the last character typed (the next one may join its record)
    std::unique_ptr<Stb> stb_;
};

}  // namespace rl::gui::workbench
