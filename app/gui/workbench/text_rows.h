// The kernel editor's text as rows on the screen, without ImGui: the text as code points (what the cursor steps
// over) and back to UTF-8, and each line wrapped at the editor's width, a long line continuing on rows indented
// under it. The editor lays its text out, draws and places its cursor from these rows.
#pragma once
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace rl::gui::workbench {

// The code points of UTF-8 text. A byte that is not part of a valid UTF-8 sequence becomes U+DC80 + its value (as
// Python's "surrogateescape"), so that toUtf8 gives back the very bytes: a file is never changed by being shown.
std::u32string toCodePoints(std::string_view utf8);
std::string toUtf8(std::u32string_view text);
// The byte offset in toUtf8(text) of every code point, and of the end (text.size() + 1 entries).
std::vector<int> byteOffsets(std::u32string_view text);

// One row on the screen: a whole line, or a piece of a long one.
struct TextRow {
    int begin = 0;             // its first code point
    int end = 0;               // one past its last, a line's '\n' left out
    int next = 0;              // where the next row begins: `end`, or past the '\n'
    int line = 0;              // its line, 0-based
    float indent = 0;          // x of its first character: 0, or where a continuation starts
    bool continuation = false; // not the first row of its line
};

// How wide a character is drawn (the font's advance).
using Advance = std::function<float(char32_t)>;

// The rows of `text`, each fitting in `width` where its line can be broken: after the last space or tab that fits
// (past the line's indentation), else between two characters. A continuation starts at its line's indentation plus
// `hang`, never past half the width. Every line has at least one row; rows are in order, their `begin`s increasing.
// A width of 0 or less wraps nothing.
std::vector<TextRow> wrapRows(std::u32string_view text, float width, const Advance& advance, float hang);

// The row that shows code point `pos`: a position where a continuation begins is drawn at that row's start.
int rowOf(const std::vector<TextRow>& rows, int pos);
// The first row of line `line` (0-based; clamped to the lines there are).
int firstRowOfLine(const std::vector<TextRow>& rows, int line);
// x of code point `pos` on its row `row` (from the row's indent, summing the advances before it).
float xOnRow(std::u32string_view text, const TextRow& row, int pos, const Advance& advance);
// The code point nearest to x on row `row` (a wrapped row's last character is the place before its break).
int posOnRow(std::u32string_view text, const TextRow& row, float x, const Advance& advance, bool lastRowOfText);

}  // namespace rl::gui::workbench
