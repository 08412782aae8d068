// The kernel editor in the real binary under Xvfb, driven through the window's own keyboard and pointer: typing,
// undo and redo, Escape, find and Ctrl+Enter; a line longer than the editor wraps onto rows the arrow keys and a
// click walk.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "tests/app/gui/workbench/workbench_fixture.h"

namespace rl::apptest {
namespace {

// plain_sequential.cl with `comment` at the end of line 8 (the add in its loop), long enough to wrap.
std::string withLongLine8(const std::string& comment) {
    std::string text = kernelFile("plain_sequential.cl");
    text.insert(text.find("\n        barrier", text.find("RL_APPLY")), comment);
    return text;
}

TEST(Workbench, TypingUndoRedoEscapeFindAndCtrlEnterGoThroughTheEditor) {
    const std::string d = tempDir("workbench");
    const std::string k = d + "/mine.cl", original = kernelFile("plain_sequential.cl");
    std::ofstream(k) << original;
    // Keys and characters arrive as the keyboard's do (the window's input path), into the focused editor.
    const AppRun r = runApp(
        d,
        "--config-dir " + d + "/cfg --no-save --size 1600x1000 --wg 16 --type int --script \"wait-trace;kernel-open:" +
            k + ";kernel-goto:11;frames:3;type:X;frames:2;shot:" + d + "/typed.png;key:ctrl+z;frames:2;shot:" + d +
            "/undone.png;key:ctrl+y;frames:2;shot:" + d + "/redone.png;key:escape;frames:2;shot:" + d +
            "/escaped.png;kernel-goto:11;frames:3;key:ctrl+enter;frames:2;wait-check;frames:3;shot:" + d +
            "/checked.png;key:ctrl+f;frames:2;type:scratch;frames:2;shot:" + d + "/find.png;key:enter;frames:2;shot:" +
            d + "/next.png;key:escape;frames:3;key:ctrl+z;frames:2;shot:" + d + "/undoAfterFind.png;key:ctrl+equal;"
            "frames:3;shot:" + d + "/larger.png;quit\"",
        env(d));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot typed, undone, redone, escaped, checked, find, next, undoAfterFind;
    ASSERT_TRUE(loadShot(d + "/typed.png", &typed) && loadShot(d + "/undone.png", &undone) &&
                loadShot(d + "/redone.png", &redone) && loadShot(d + "/escaped.png", &escaped) &&
                loadShot(d + "/checked.png", &checked) && loadShot(d + "/find.png", &find) &&
                loadShot(d + "/next.png", &next) && loadShot(d + "/undoAfterFind.png", &undoAfterFind));
    std::string withX = original;
    withX.insert(withX.find("    if (lid == 0)"), "X");
    EXPECT_EQ(typed.geometry["workbench"]["text"], withX);
    EXPECT_TRUE(typed.geometry["workbench"]["focused"].get<bool>());
    EXPECT_TRUE(typed.geometry["workbench"]["modified"].get<bool>());
    EXPECT_EQ(undone.geometry["workbench"]["text"], original);  // Ctrl+Z
    EXPECT_EQ(redone.geometry["workbench"]["text"], withX);     // Ctrl+Y
    // Escape leaves the editor and keeps the text (ImGui's own input would put back what it had when focused).
    EXPECT_EQ(escaped.geometry["workbench"]["text"], withX);
    EXPECT_FALSE(escaped.geometry["workbench"]["focused"].get<bool>());
    // Ctrl+Enter saved and checked without adding a line: the X is an error on line 11.
    const auto& c = checked.geometry["workbench"];
    EXPECT_EQ(c["text"], withX);
    EXPECT_EQ(readFile(k), withX);
    EXPECT_EQ(c["checksDone"], 1);
    EXPECT_FALSE(c["builds"].get<bool>());
    EXPECT_NE(findRow(c["problems"], 11, "error"), nullptr) << c["problems"].dump();
    // Ctrl+F, typed "scratch": its 6 places in the kernel; Enter goes to the next.
    const auto& f = find.geometry["workbench"];
    EXPECT_TRUE(f["findOpen"].get<bool>());
    EXPECT_EQ(f["findMatches"], 6);
    EXPECT_GE(f["findCurrent"].get<int>(), 0);
    EXPECT_EQ(next.geometry["workbench"]["findCurrent"].get<int>(), (f["findCurrent"].get<int>() + 1) % 6);
    EXPECT_EQ(next.geometry["workbench"]["text"], withX);  // typing in the find field left the kernel alone
    // Escape closes the find bar and gives the editor the keyboard back, with its undo history: Ctrl+Z takes the X.
    EXPECT_FALSE(undoAfterFind.geometry["workbench"]["findOpen"].get<bool>());
    EXPECT_TRUE(undoAfterFind.geometry["workbench"]["focused"].get<bool>());
    EXPECT_EQ(undoAfterFind.geometry["workbench"]["text"], original);
    // Ctrl + while the editor has the keyboard: the text grows (the lecture text size), and no '=' is typed.
    Shot larger;
    ASSERT_TRUE(loadShot(d + "/larger.png", &larger));
    EXPECT_TRUE(larger.geometry["workbench"]["focused"].get<bool>());
    EXPECT_EQ(larger.geometry["workbench"]["text"], original);
    EXPECT_GT(larger.geometry["workbench"]["lineHeight"].get<double>(),
              undoAfterFind.geometry["workbench"]["lineHeight"].get<double>() * 1.05);
}

// A line longer than the editor is wide wraps: its rows are drawn one under the other inside the field (nothing
// past the wrap edge), the lines after it move down, the arrow keys walk its rows and typing lands on the line.
TEST(Workbench, ALongLineWrapsInsideTheEditorAndTheCursorWalksItsRows) {
    const std::string d = tempDir("workbench");
    const std::string k = d + "/long.cl";
    const std::string text = withLongLine8(
        "  // each work-item adds the value half a group above it to its own, so that after log2(size) steps "
        "scratch[0] holds the whole group's sum, and every step halves the number of work-items that still add");
    std::ofstream(k) << text;
    const AppRun r = runApp(
        d,
        "--config-dir " + d + "/cfg --no-save --size 1400x900 --wg 16 --type int --script \"wait-trace;kernel-open:" +
            k + ";frames:3;shot:" + d + "/opened.png;kernel-goto:8;frames:2;key:end;frames:2;shot:" + d +
            "/end.png;key:up;frames:2;shot:" + d + "/up.png;type:Z;frames:2;shot:" + d + "/typed.png;key:down;"
            "key:down;frames:2;shot:" + d + "/below.png;quit\"",
        env(d));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot opened, end, up, typed, below;
    ASSERT_TRUE(loadShot(d + "/opened.png", &opened) && loadShot(d + "/end.png", &end) &&
                loadShot(d + "/up.png", &up) && loadShot(d + "/typed.png", &typed) &&
                loadShot(d + "/below.png", &below));
    const auto& o = opened.geometry["workbench"];
    const float lineH = o["lineHeight"];
    const auto tops = o["lineTops"].get<std::vector<float>>();
    ASSERT_EQ(tops.size(), 13u);  // 12 lines and the empty one after the last '\n'
    // Each line takes whole rows, one under the other; the rows add up; line 8, 270 characters, takes several.
    int rows = 0;
    for (size_t i = 0; i < tops.size(); ++i) {
        const float next = i + 1 < tops.size() ? tops[i + 1] : tops[i] + lineH;
        const float taken = (next - tops[i]) / lineH;
        EXPECT_NEAR(taken, std::round(taken), 0.01) << "line " << i + 1;
        EXPECT_GE(std::lround(taken), 1) << "line " << i + 1;
        rows += int(std::lround(taken));
    }
    EXPECT_EQ(o["rows"].get<int>(), rows);
    const int rowsOf8 = int(std::lround((tops[8] - tops[7]) / lineH));
    EXPECT_GE(rowsOf8, 3) << "line 8 did not wrap";
    // No row passes the wrap edge: the strip between it and the field's right edge (or its scroll bar) stays
    // empty on line 8's rows; its continuation rows hold text.
    const view::Rect field = rectOf(o["textRect"]);
    const float wrapRight = o["wrapRight"], textRight = o["textRight"];
    EXPECT_LT(wrapRight, textRight);
    EXPECT_LE(textRight, field.right());
    const view::Rgba editorBg = view::mix(pal().panel, pal().background, 0.55f);
    const float stripTop = std::max(tops[7], field.y) + 1;
    const float stripBottom = std::min(tops[7] + float(rowsOf8) * lineH, field.bottom()) - 1;
    ASSERT_GT(stripBottom - stripTop, 2 * lineH);
    const view::Rect pastEdge = toPixels(opened, {wrapRight + 1, stripTop, textRight - wrapRight - 2, stripBottom - stripTop});
    EXPECT_GT(fractionNear(opened.image, pastEdge, editorBg, 6), 0.99);
    const view::Rect continued = toPixels(opened, {field.x + 2, tops[7] + lineH + 1, wrapRight - field.x - 4, lineH - 2});
    EXPECT_LT(fractionNear(opened.image, continued, editorBg, 6), 0.97);
    // End goes to the line's end, on its last row; Up goes to the row above on the same line; typing lands there.
    const auto& e = end.geometry["workbench"];
    const int lastRowOf8 = int(std::lround((tops[8] - tops[0]) / lineH)) - 1;
    EXPECT_EQ(e["cursorLine"], 8);
    EXPECT_EQ(e["cursorRow"], lastRowOf8);
    EXPECT_EQ(up.geometry["workbench"]["cursorLine"], 8);
    EXPECT_EQ(up.geometry["workbench"]["cursorRow"], lastRowOf8 - 1);
    const std::string typedText = typed.geometry["workbench"]["text"];
    const size_t z = typedText.find('Z');
    ASSERT_NE(z, std::string::npos);
    EXPECT_EQ(std::count(typedText.begin(), typedText.begin() + long(z), '\n'), 7);  // on line 8
    EXPECT_EQ(typedText.size(), text.size() + 1);
    // Down twice from the row above the last: the line's last row, then line 9.
    EXPECT_EQ(below.geometry["workbench"]["cursorLine"], 9);
}

// A click on a continuation row puts the cursor on that row of its line, through the window's own pointer path:
// the editor takes the keyboard, and what is typed lands on the clicked line.
TEST(Workbench, AClickOnAWrappedRowPutsTheCursorThere) {
    const std::string d = tempDir("workbench");
    const std::string k = d + "/long.cl";
    const std::string text = withLongLine8(
        "  // each work-item adds the value half a group above it to its own, so that after log2(size) steps "
        "scratch[0] holds the whole group's sum");
    std::ofstream(k) << text;
    const std::string args = "--config-dir " + d + "/cfg --no-save --size 1400x900 --wg 16 --type int --script ";
    AppRun r = runApp(d, args + "\"wait-trace;kernel-open:" + k + ";frames:3;shot:" + d + "/opened.png;quit\"", env(d));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot opened;
    ASSERT_TRUE(loadShot(d + "/opened.png", &opened));
    const auto& o = opened.geometry["workbench"];
    const float lineH = o["lineHeight"], lineTop = o["lineTop"];
    const auto tops = o["lineTops"].get<std::vector<float>>();
    ASSERT_GE(tops.size(), 9u);
    ASSERT_GE(tops[8] - tops[7], 2 * lineH - 0.5f) << "line 8 does not wrap at this size";
    const view::Rect field = rectOf(o["textRect"]);
    const float w = opened.geometry["width"].get<float>() / opened.geometry["pixelScale"].get<float>();
    const float h = opened.geometry["height"].get<float>() / opened.geometry["pixelScale"].get<float>();
    const float x = field.x + field.w * 0.6f, y = tops[7] + 1.5f * lineH;  // line 8's second row
    ASSERT_LT(y, field.bottom());
    char pointer[64];
    std::snprintf(pointer, sizeof pointer, "pointer:%.5f,%.5f", x / w, y / h);
    r = runApp(d, args + "\"wait-trace;kernel-open:" + k + ";frames:3;" + pointer + ";click;frames:3;shot:" + d +
                      "/clicked.png;type:Q;frames:2;shot:" + d + "/typed.png;quit\"",
               env(d));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot clicked, typed;
    ASSERT_TRUE(loadShot(d + "/clicked.png", &clicked) && loadShot(d + "/typed.png", &typed));
    const auto& c = clicked.geometry["workbench"];
    EXPECT_TRUE(c["focused"].get<bool>());
    EXPECT_EQ(c["cursorLine"], 8);
    EXPECT_EQ(c["cursorRow"], int(std::lround((tops[7] - lineTop) / lineH)) + 1);
    const std::string after = typed.geometry["workbench"]["text"];
    const size_t q = after.find('Q');
    ASSERT_NE(q, std::string::npos);
    EXPECT_EQ(std::count(after.begin(), after.begin() + long(q), '\n'), 7);  // on line 8
    EXPECT_GT(q, text.find("RL_APPLY"));                                   // past the line's first row
}

}  // namespace
}  // namespace rl::apptest
