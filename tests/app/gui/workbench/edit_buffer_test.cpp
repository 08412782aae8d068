// The kernel editor's text without a display: code points to UTF-8 and back (bytes that are not UTF-8 kept), long
// lines wrapped into rows (where they break, how continuations are indented), and the editing over those rows
// (typing, a new line keeping the indentation, undo and redo a word at a time, up and down over a wrapped line, the
// pointer, words).
// Characters are one unit wide here (a tab four), so widths read as columns.
#include <gtest/gtest.h>

#include <string>

#include "app/gui/workbench/edit_buffer.h"
#include "app/gui/workbench/text_rows.h"

namespace rl::gui::workbench {
namespace {

float columns(char32_t c) { return c == U'\t' ? 4.0f : 1.0f; }

std::string rowText(const std::u32string& text, const TextRow& r) {
    return toUtf8(text.substr(size_t(r.begin), size_t(r.end - r.begin)));
}

TEST(EditorText, CodePointsGoBackToTheSameBytesEvenWhereTheyAreNotUtf8) {
    const std::string text = "// \xc3\xa9t\xc3\xa9 \xe2\x80\x94 \xf0\x9f\x99\x82 x\xff\xfe y\xc3";  // é, —, an emoji, bad bytes
    const std::u32string cps = toCodePoints(text);
    EXPECT_EQ(cps.substr(3, 3), U"\u00e9t\u00e9");
    EXPECT_EQ(cps[9], U'\U0001F642');
    EXPECT_EQ(toUtf8(cps), text);
    const std::vector<int> bytes = byteOffsets(cps);
    ASSERT_EQ(bytes.size(), cps.size() + 1);
    EXPECT_EQ(bytes[4], 5);  // after "// é"
    EXPECT_EQ(bytes.back(), int(text.size()));
}

TEST(EditorText, ALongLineBreaksAfterItsLastFittingSpaceAndContinuesIndented) {
    //                            0         1         2         3
    //                            0123456789012345678901234567890123456
    const std::u32string text = U"  out[i] = a + bbbbbb + cccc + dd;\nshort\n\n";
    const std::vector<TextRow> rows = wrapRows(text, 16, columns, 2);
    ASSERT_EQ(rows.size(), 6u);
    EXPECT_EQ(rowText(text, rows[0]), "  out[i] = a + ");  // the break after the last space that fits in 16
    EXPECT_EQ(rowText(text, rows[1]), "bbbbbb + ");  // "cccc" would pass the edge (4 + 9 + 4 > 16)
    EXPECT_EQ(rowText(text, rows[2]), "cccc + dd;");
    for (int r : {1, 2}) {
        EXPECT_TRUE(rows[size_t(r)].continuation);
        EXPECT_EQ(rows[size_t(r)].indent, 4.0f);  // the line's two spaces of indentation and a hang of 2
        EXPECT_EQ(rows[size_t(r)].line, 0);
    }
    EXPECT_FALSE(rows[0].continuation);
    EXPECT_EQ(rows[0].next, rows[1].begin);  // the rows of a line follow each other without a gap
    EXPECT_EQ(rows[2].next, rows[2].end + 1);  // past its '\n'
    EXPECT_EQ(rowText(text, rows[3]), "short");
    EXPECT_EQ(rows[3].line, 1);
    EXPECT_EQ(rows[4].begin, rows[4].end);  // an empty line, then the empty last line after the final '\n'
    EXPECT_EQ(rows[5].line, 3);
    EXPECT_EQ(rows[5].begin, int(text.size()));
    for (const TextRow& r : rows) {
        const float right = xOnRow(text, r, r.end, columns);
        EXPECT_LE(right, 16.0f + 1.0f) << rowText(text, r);  // a space may hang past the edge, never a sign
    }
    // Without a width nothing wraps.
    EXPECT_EQ(wrapRows(text, 0, columns, 2).size(), 4u);
}

TEST(EditorText, AWordLongerThanTheWidthIsCutBetweenCharactersAndTheHangNeverPassesHalfTheWidth) {
    const std::u32string text = U"\t\tRL_A_VERY_LONG_IDENTIFIER_WITHOUT_SPACES";
    const std::vector<TextRow> rows = wrapRows(text, 20, columns, 6);
    ASSERT_GE(rows.size(), 3u);
    EXPECT_EQ(rowText(text, rows[0]), "\t\tRL_A_VERY_LO");  // 8 columns of tabs and 12 letters
    for (size_t r = 1; r < rows.size(); ++r) {
        EXPECT_EQ(rows[r].indent, 10.0f);  // 8 + 6 would be 14: half of 20 at most
        EXPECT_LE(xOnRow(text, rows[r], rows[r].end, columns), 20.0f);
    }
    std::string joined;
    for (const TextRow& r : rows) joined += rowText(text, r);
    EXPECT_EQ(joined, toUtf8(text));
    EXPECT_EQ(rowOf(rows, rows[1].begin), 1);  // a continuation's first place is drawn on its own row
    EXPECT_EQ(firstRowOfLine(rows, 0), 0);
}

struct Buffer {
    EditBuffer b;
    explicit Buffer(const std::string& text, float width = 16) {
        b.setText(text);
        b.layout(width, 1, columns, 2);
    }
    std::string text() const { return b.utf8(); }
};

TEST(EditorBuffer, TypingANewLineKeepsTheIndentationAndUndoAndRedoStepThroughIt) {
    Buffer t("    x = 1;\n");
    t.b.setSelection(10, 10);  // after the ';'
    EXPECT_TRUE(t.b.newLine());
    EXPECT_TRUE(t.b.type(U'y'));
    EXPECT_EQ(t.text(), "    x = 1;\n    y\n");
    EXPECT_TRUE(t.b.key(EditKey::Undo, false));
    EXPECT_EQ(t.text(), "    x = 1;\n    \n");
    EXPECT_TRUE(t.b.key(EditKey::Undo, false));
    EXPECT_EQ(t.text(), "    x = 1;\n");
    EXPECT_TRUE(t.b.key(EditKey::Redo, false));
    EXPECT_EQ(t.text(), "    x = 1;\n    \n");
    // A whole new text forgets the history: nothing to undo.
    t.b.setText("other\n");
    EXPECT_FALSE(t.b.key(EditKey::Undo, false));
    EXPECT_EQ(t.text(), "other\n");
    EXPECT_LE(t.b.cursor(), 6);
}

TEST(EditorBuffer, UndoTakesBackAWordTypedNotACharacter) {
    Buffer t("\n");
    t.b.setSelection(0, 0);
    for (char32_t c : std::u32string(U"sum += x")) t.b.type(c);
    EXPECT_EQ(t.text(), "sum += x\n");
    t.b.key(EditKey::Undo, false);
    EXPECT_EQ(t.text(), "sum += \n");
    t.b.key(EditKey::Undo, false);
    EXPECT_EQ(t.text(), "sum\n");  // " += ": signs and spaces together
    t.b.key(EditKey::Undo, false);
    EXPECT_EQ(t.text(), "\n");
    t.b.key(EditKey::Redo, false);
    EXPECT_EQ(t.text(), "sum\n");
    // Moving away and typing again starts a new step.
    t.b.setSelection(0, 0);
    t.b.type(U'a');
    t.b.setSelection(4, 4);
    t.b.type(U'b');
    EXPECT_EQ(t.text(), "asumb\n");
    t.b.key(EditKey::Undo, false);
    EXPECT_EQ(t.text(), "asum\n");
}

// A new text (a file opened, a script's edit) comes before the frame's layout, when the last frame's font may have
// been rebuilt (the text size changed): the old advance is not read, and the next layout wraps the new text even at
// the same width.
TEST(EditorBuffer, ANewTextNeverReadsTheLastFramesFontAndIsWrappedAtTheNextLayout) {
    EditBuffer b;
    bool rebuilt = false;
    const Advance old = [&rebuilt](char32_t) {
        EXPECT_FALSE(rebuilt) << "the advance of a font since rebuilt was read";
        return 1.0f;
    };
    b.layout(16, 1, old, 2);
    rebuilt = true;
    b.setText("  out[i] = a + bbbbbb + cccc + dd;\n");
    b.moveRows(1, false);  // before the next layout: safe, over unwrapped rows
    EXPECT_EQ(b.rows().size(), 2u);
    b.layout(16, 1, columns, 2);
    EXPECT_EQ(b.rows().size(), 4u);  // three rows for the long line, one for the empty last line
}

TEST(EditorBuffer, UpAndDownWalkTheRowsOfAWrappedLineKeepingTheColumn) {
    Buffer t("  out[i] = a + bbbbbb + cccc + dd;\nshort\n");
    const auto& rows = t.b.rows();
    ASSERT_EQ(rows.size(), 5u);
    t.b.setSelection(3, 3);  // row 0, x 3
    t.b.moveRows(1, false);
    EXPECT_EQ(rowOf(rows, t.b.cursor()), 1);  // the continuation, still line 0
    EXPECT_EQ(rows[size_t(rowOf(rows, t.b.cursor()))].line, 0);
    EXPECT_EQ(t.b.cursor(), rows[1].begin);  // x 3 is before the continuation's indent of 4: its first place
    t.b.moveRows(1, false);
    t.b.moveRows(1, false);
    EXPECT_EQ(rows[size_t(rowOf(rows, t.b.cursor()))].line, 1);
    EXPECT_EQ(t.b.cursor(), rows[3].begin + 3);  // back at column 3 on "short"
    // At the end of a wrapped row the cursor stays on that row (before its break), never the next row's start.
    t.b.setSelection(rows[0].end - 2, rows[0].end - 2);
    t.b.moveRows(1, false);
    t.b.moveRows(-1, false);
    EXPECT_EQ(rowOf(rows, t.b.cursor()), 0);
    t.b.moveRows(-1, false);
    EXPECT_EQ(t.b.cursor(), 0);  // up from the first row: the text's start
    // Shift selects along.
    t.b.moveRows(2, true);
    EXPECT_EQ(t.b.selectionBegin(), 0);
    EXPECT_EQ(rowOf(rows, t.b.selectionEnd()), 2);
}

TEST(EditorBuffer, ThePointerPlacesTheCursorOnTheRowItIsOnAndADoubleClickTakesAWord) {
    Buffer t("  out[i] = a + bbbbbb + cccc + dd;\n");
    const auto& rows = t.b.rows();
    t.b.click(6.4f, 1.5f, false);  // row 1 (indent 4): between "bb" and "bbbb"
    EXPECT_EQ(t.b.cursor(), rows[1].begin + 2);
    t.b.drag(100, 1.5f);  // far right on row 1: up to before its break
    EXPECT_EQ(t.b.selectionEnd(), rows[1].end - 1);
    EXPECT_EQ(t.b.selectionBegin(), rows[1].begin + 2);
    t.b.click(7, 0.5f, true);  // Shift+click on row 0 extends from where the selection began
    EXPECT_EQ(t.b.selectionBegin(), 7);
    EXPECT_EQ(t.b.selectionEnd(), rows[1].begin + 2);
    t.b.selectWordAt(4.2f, 0.5f);  // in "out"
    EXPECT_EQ(toUtf8(t.b.selected()), "out");
    t.b.click(100, 9, false);  // below the last row: the text's end
    EXPECT_EQ(t.b.cursor(), int(t.b.chars().size()));
}

TEST(EditorBuffer, WordMovesStopAtIdentifiersAndCutTakesTheSelection) {
    Buffer t("sum += scratch[lid + s];\n", 100);
    t.b.setSelection(0, 0);
    t.b.key(EditKey::WordRight, false);
    EXPECT_EQ(t.b.cursor(), 7);  // "scratch"
    t.b.key(EditKey::WordRight, true);
    EXPECT_EQ(toUtf8(t.b.selected()), "scratch[");
    EXPECT_TRUE(t.b.cut());
    EXPECT_EQ(t.text(), "sum += lid + s];\n");
    EXPECT_TRUE(t.b.insert(U"a[\u00e9"));  // a paste is one step of undo
    EXPECT_EQ(t.text(), "sum += a[\xc3\xa9lid + s];\n");
    t.b.key(EditKey::Undo, false);
    EXPECT_EQ(t.text(), "sum += lid + s];\n");
    t.b.key(EditKey::LineEnd, false);
    EXPECT_EQ(t.b.cursor(), 16);
    t.b.selectAll();
    EXPECT_EQ(t.b.selectionEnd() - t.b.selectionBegin(), int(t.b.chars().size()));
}

}  // namespace
}  // namespace rl::gui::workbench
