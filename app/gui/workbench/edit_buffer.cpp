// The kernel editor's text being edited: stb_textedit's implementation over code points and wrapped rows.
#include "app/gui/workbench/edit_buffer.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace rl::gui::workbench {

// What stb_textedit's macros reach inside the buffer.
struct EditBufferAccess {
    static int length(const EditBuffer* b) { return int(b->chars_.size()); }
    static char32_t at(const EditBuffer* b, int i) { return b->chars_[size_t(i)]; }
    static float width(const EditBuffer* b, int rowStart, int i) {
        const char32_t c = b->chars_[size_t(rowStart + i)];
        return c == U'\n' ? 0.0f : b->advance()(c);
    }
    static void erase(EditBuffer* b, int at, int n) {
        b->chars_.erase(size_t(at), size_t(n));
        b->edited();
    }
    static int insert(EditBuffer* b, int at, const char32_t* text, int n) {
        // Room first, then the characters (std::u32string::insert here draws a false -Wrestrict from GCC 12).
        std::u32string& s = b->chars_;
        const auto old = std::ptrdiff_t(s.size());
        s.resize(s.size() + size_t(n));
        std::copy_backward(s.begin() + at, s.begin() + old, s.end());
        std::copy(text, text + n, s.begin() + at);
        b->edited();
        return 1;
    }
};

}  // namespace rl::gui::workbench

namespace {

using rl::gui::workbench::EditBufferAccess;

bool isWordChar(char32_t c) {
    return (c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z') || (c >= U'0' && c <= U'9') || c == U'_' || c > 0x7F;
}

}  // namespace

// stb_textedit, compiled here for char32_t text. Its rows come from the buffer's layout; up, down and the pointer
// are the buffer's own (stb's would put a cursor at the end of a wrapped row at the start of the next).
#define STB_TEXTEDIT_CHARTYPE char32_t
#define STB_TEXTEDIT_POSITIONTYPE int
#define STB_TEXTEDIT_UNDOSTATECOUNT 4000
#define STB_TEXTEDIT_UNDOCHARCOUNT 100000
#define STB_TEXTEDIT_STRING rl::gui::workbench::EditBuffer
#define STB_TEXTEDIT_STRINGLEN(obj) EditBufferAccess::length(obj)
#define STB_TEXTEDIT_GETCHAR(obj, i) EditBufferAccess::at(obj, i)
#define STB_TEXTEDIT_GETWIDTH(obj, n, i) EditBufferAccess::width(obj, n, i)
#define STB_TEXTEDIT_LAYOUTROW(r, obj, n) layoutRow(r, obj, n)
#define STB_TEXTEDIT_DELETECHARS(obj, i, n) EditBufferAccess::erase(obj, i, n)
#define STB_TEXTEDIT_INSERTCHARS(obj, i, c, n) EditBufferAccess::insert(obj, i, c, n)
#define STB_TEXTEDIT_NEWLINE U'\n'
#define STB_TEXTEDIT_IS_SPACE(c) (!isWordChar(c))
#define STB_TEXTEDIT_KEYTOTEXT(k) ((k) >= 0 && (k) < 0x110000 ? int(k) : -1)
#define STB_TEXTEDIT_K_SHIFT 0x40000000
#define STB_TEXTEDIT_K_LEFT 0x20000001
#define STB_TEXTEDIT_K_RIGHT 0x20000002
#define STB_TEXTEDIT_K_UP 0x20000003
#define STB_TEXTEDIT_K_DOWN 0x20000004
#define STB_TEXTEDIT_K_PGUP 0x20000005
#define STB_TEXTEDIT_K_PGDOWN 0x20000006
#define STB_TEXTEDIT_K_LINESTART 0x20000007
#define STB_TEXTEDIT_K_LINEEND 0x20000008
#define STB_TEXTEDIT_K_TEXTSTART 0x20000009
#define STB_TEXTEDIT_K_TEXTEND 0x2000000A
#define STB_TEXTEDIT_K_DELETE 0x2000000B
#define STB_TEXTEDIT_K_BACKSPACE 0x2000000C
#define STB_TEXTEDIT_K_UNDO 0x2000000D
#define STB_TEXTEDIT_K_REDO 0x2000000E
#define STB_TEXTEDIT_K_WORDLEFT 0x2000000F
#define STB_TEXTEDIT_K_WORDRIGHT 0x20000010
#define STB_TEXTEDIT_memmove std::memmove
#include <stb_textedit.h>

namespace {
void layoutRow(StbTexteditRow* r, rl::gui::workbench::EditBuffer* b, int n);
}

#define STB_TEXTEDIT_IMPLEMENTATION
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"      // stb's pointer functions: the buffer has its own
#pragma GCC diagnostic ignored "-Wimplicit-fallthrough"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#include <stb_textedit.h>
#pragma GCC diagnostic pop

namespace {

void layoutRow(StbTexteditRow* r, rl::gui::workbench::EditBuffer* b, int n) {
    const auto& rows = b->rows();
    const rl::gui::workbench::TextRow& row = rows[size_t(rl::gui::workbench::rowOf(rows, n))];
    r->x0 = row.indent;
    r->x1 = rl::gui::workbench::xOnRow(b->chars(), row, row.end, b->advance());
    r->baseline_y_delta = 1;
    r->ymin = 0;
    r->ymax = 1;
    r->num_chars = std::max(0, row.next - n);
}

}  // namespace

namespace rl::gui::workbench {

struct EditBuffer::Stb {
    STB_TexteditState state;
};

EditBuffer::EditBuffer() : rows_{TextRow{}}, stb_(std::make_unique<Stb>()) {
    stb_textedit_initialize_state(&stb_->state, 0);
}

EditBuffer::~EditBuffer() = default;

void EditBuffer::setText(std::string_view utf8) {
    const int cursor = stb_->state.cursor;
    chars_ = toCodePoints(utf8);
    stb_textedit_initialize_state(&stb_->state, 0);
    stb_->state.cursor = stb_->state.select_start = stb_->state.select_end = std::min(cursor, int(chars_.size()));
    typedRecords_ = -1;
    // The advance may read a font that has been rebuilt since (the text size changed): the rows wait, unwrapped,
    // for the next layout() and its advance.
    advance_ = nullptr;
    edited();
}

void EditBuffer::layout(float width, float fontSize, const Advance& advance, float hang) {
    advance_ = advance;
    if (width == width_ && fontSize == fontSize_ && hang == hang_ && laidOut_ == revision_) return;
    width_ = width;
    fontSize_ = fontSize;
    hang_ = hang;
    relayout();
}

const Advance& EditBuffer::advance() const {
    static const Advance unit = [](char32_t) { return 1.0f; };
    return advance_ ? advance_ : unit;
}

void EditBuffer::relayout() {
    rows_ = advance_ ? wrapRows(chars_, width_, advance_, hang_) : wrapRows(chars_, 0, advance(), 0);
    laidOut_ = advance_ ? revision_ : ~0u;  // unwrapped rows are laid out again by the next layout()
}

void EditBuffer::edited() {
    ++revision_;
    relayout();
}

bool EditBuffer::key(EditKey k, bool extendSelection) {
    static constexpr int codes[] = {STB_TEXTEDIT_K_LEFT,      STB_TEXTEDIT_K_RIGHT,    STB_TEXTEDIT_K_WORDLEFT,
                                    STB_TEXTEDIT_K_WORDRIGHT, STB_TEXTEDIT_K_LINESTART, STB_TEXTEDIT_K_LINEEND,
                                    STB_TEXTEDIT_K_TEXTSTART, STB_TEXTEDIT_K_TEXTEND,  STB_TEXTEDIT_K_DELETE,
                                    STB_TEXTEDIT_K_BACKSPACE, STB_TEXTEDIT_K_UNDO,     STB_TEXTEDIT_K_REDO};
    const unsigned before = revision_;
    int code = codes[int(k)];
    if (extendSelection && k != EditKey::Undo && k != EditKey::Redo) code |= STB_TEXTEDIT_K_SHIFT;
    stb_textedit_key(this, &stb_->state, code);
    return revision_ != before;
}

bool EditBuffer::type(char32_t c) {
    const unsigned before = revision_;
    StbUndoState& u = stb_->state.undostate;
    const int records = u.undo_point;
    stb_textedit_key(this, &stb_->state, int(c));
    // Typing a word is one step of undo: a character typed right after the one before it, of the same kind (a word's
    // letters, or a run of signs and spaces), joins that one's undo record. stb_textedit keeps one record a character.
    if (u.undo_point == records + 1 && records >= 1 && records == typedRecords_) {
        StbUndoRecord& prev = u.undo_rec[records - 1];
        const StbUndoRecord& cur = u.undo_rec[records];
        const int at = cur.where;
        if (prev.insert_length == 0 && cur.insert_length == 0 && prev.where + prev.delete_length == at && at > 0 &&
            at < int(chars_.size()) && isWordChar(chars_[size_t(at - 1)]) == isWordChar(chars_[size_t(at)]) &&
            chars_[size_t(at)] != U'\n') {
            prev.delete_length += cur.delete_length;
            u.undo_point = short(records);
        }
    }
    typedRecords_ = u.undo_point;
    return revision_ != before;
}

bool EditBuffer::insert(std::u32string_view text) {
    if (text.empty()) return false;
    return stb_textedit_paste(this, &stb_->state, text.data(), int(text.size())) != 0;
}

bool EditBuffer::newLine() {
    // The indentation of the line the cursor is on, up to the cursor.
    const int at = selectionBegin();
    int start = at;
    while (start > 0 && chars_[size_t(start - 1)] != U'\n') --start;
    std::u32string text = U"\n";
    for (int i = start; i < at && (chars_[size_t(i)] == U' ' || chars_[size_t(i)] == U'\t'); ++i)
        text += chars_[size_t(i)];
    return insert(text);
}

bool EditBuffer::cut() { return stb_textedit_cut(this, &stb_->state) != 0; }

std::u32string EditBuffer::selected() const {
    return chars_.substr(size_t(selectionBegin()), size_t(selectionEnd() - selectionBegin()));
}

void EditBuffer::selectAll() { setSelection(0, int(chars_.size())); }

int EditBuffer::cursor() const { return std::clamp(stb_->state.cursor, 0, int(chars_.size())); }

int EditBuffer::selectionBegin() const {
    const auto& s = stb_->state;
    return std::clamp(std::min(s.select_start, s.select_end), 0, int(chars_.size()));
}

int EditBuffer::selectionEnd() const {
    const auto& s = stb_->state;
    return std::clamp(std::max(s.select_start, s.select_end), 0, int(chars_.size()));
}

void EditBuffer::setSelection(int begin, int end) {
    auto& s = stb_->state;
    s.select_start = std::clamp(begin, 0, int(chars_.size()));
    s.select_end = s.cursor = std::clamp(end, 0, int(chars_.size()));
    s.has_preferred_x = 0;
}

void EditBuffer::moveRows(int rows, bool extendSelection) {
    auto& s = stb_->state;
    const bool selecting = s.select_start != s.select_end;
    if (!extendSelection && selecting) s.cursor = rows < 0 ? selectionBegin() : selectionEnd();
    if (extendSelection && !selecting) s.select_start = s.select_end = s.cursor;
    const int n = int(chars_.size());
    const int from = rowOf(rows_, cursor());
    const float goal = s.has_preferred_x ? s.preferred_x : xOnRow(chars_, rows_[size_t(from)], cursor(), advance());
    const int to = std::clamp(from + rows, 0, int(rows_.size()) - 1);
    if (to == from) s.cursor = rows < 0 ? 0 : n;  // past the first or last row: the text's start or end
    else s.cursor = posOnRow(chars_, rows_[size_t(to)], goal, advance(), to + 1 == int(rows_.size()));
    s.has_preferred_x = to != from;
    s.preferred_x = goal;
    if (extendSelection) s.select_end = s.cursor;
    else s.select_start = s.select_end = s.cursor;
}

int EditBuffer::positionAt(float x, float rowY) const {
    const int row = std::clamp(int(std::floor(rowY)), 0, int(rows_.size()) - 1);
    if (rowY >= float(rows_.size())) return int(chars_.size());
    return posOnRow(chars_, rows_[size_t(row)], x, advance(), row + 1 == int(rows_.size()));
}

void EditBuffer::click(float x, float rowY, bool extendSelection) {
    auto& s = stb_->state;
    const int p = positionAt(x, rowY);
    if (extendSelection) {
        if (s.select_start == s.select_end) s.select_start = s.cursor;
        s.cursor = s.select_end = p;
    } else {
        s.cursor = s.select_start = s.select_end = p;
    }
    s.has_preferred_x = 0;
}

void EditBuffer::drag(float x, float rowY) { click(x, rowY, true); }

void EditBuffer::selectWordAt(float x, float rowY) {
    const int n = int(chars_.size());
    int p = positionAt(x, rowY);
    if (!(p < n && isWordChar(chars_[size_t(p)])) && p > 0 && isWordChar(chars_[size_t(p - 1)])) --p;  // just after one
    int b = p, e = p;
    if (p < n && isWordChar(chars_[size_t(p)])) {
        while (b > 0 && isWordChar(chars_[size_t(b - 1)])) --b;
        while (e < n && isWordChar(chars_[size_t(e)])) ++e;
    } else if (p < n && chars_[size_t(p)] != U'\n') {
        e = p + 1;  // a sign or a space: that one character
    }
    setSelection(b, e);
}

}  // namespace rl::gui::workbench
