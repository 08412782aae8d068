// The measures of legibility on the real explorer under Xvfb: the height of the digits in lecture mode at
// 1920x1080 with a preset's data (measured in the screenshot: the ink of each cell's text), values never rounded,
// the kernel source following the playback (the current stage's lines in view, long lines wrapped), and every
// variant name in the list whole.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <regex>
#include <string>

#include "app/view/tree/tree_layout.h"
#include "tests/support/app_run.h"
#include "core/catalogue/variant.h"
#include "tests/support/screenshot_checks.h"

namespace rl::apptest {
namespace {

int distance(view::Rgba a, view::Rgba b) {
    return std::max({std::abs(int(a.r) - int(b.r)), std::abs(int(a.g) - int(b.g)), std::abs(int(a.b) - int(b.b))});
}

// The height in pixels of the text's ink inside a cell: rows with a pixel far from the cell's own fill (sampled
// at its top-left inside corner). 0 when the cell holds no text.
int inkHeight(const Shot& s, const view::Rect& cell) {
    const view::Rect r = toPixels(s, cell).inset(4);
    if (r.w < 4 || r.h < 4) return 0;
    const view::Rgba fill = s.image.at(int(r.x) + 1, int(r.y) + 1);
    int top = -1, bottom = -1;
    for (int y = int(r.y); y < int(r.bottom()); ++y)
        for (int x = int(r.x); x < int(r.right()); ++x)
            if (distance(s.image.at(x, y), fill) > 90) {
                if (top < 0) top = y;
                bottom = y;
                break;
            }
    return top < 0 ? 0 : bottom - top + 1;
}

// Lecture mode, a preset of `n` elements (0-9 data), at the last stage: the smallest digit height over every cell
// with text, and the screenshot.
struct Lecture {
    int minDigits = 0, cellsWithText = 0;
    Shot shot;
};

Lecture lectureAt(int n, const std::string& dir, const std::string& variant = "sequential") {
    const std::string shot = dir + "/lecture-" + variant + std::to_string(n) + ".png";
    const AppRun r = runApp(dir, "--config-dir " + dir + "/cfg --no-save --size 1920x1080 --script \"classroom:preset=" +
                                 variant + "/" + std::to_string(n) + ";wait-trace;classroom:lecture=on;key:end;settle;"
                                 "frames:3;shot:" + shot + ";quit\"");
    Lecture out;
    EXPECT_EQ(r.exitCode, 0) << r.err;
    if (!loadShot(shot, &out.shot)) return out;
    const auto& tree = out.shot.geometry["trees"][0];
    const view::TreeLayout L(layoutOf(tree));
    out.minDigits = 1 << 20;
    for (int k = L.firstStageShown(); k < L.endStageShown(); ++k)  // the rows in view (a long timeline: a window)
        for (int c = 0; c < L.params().cells; ++c) {
            const int h = inkHeight(out.shot, L.cell(k, c));
            if (h == 0) continue;
            ++out.cellsWithText;
            out.minDigits = std::min(out.minDigits, h);
        }
    std::printf("lecture, %d elements: value text %.0f px, smallest digit ink %d px over %d cells, %d hidden\n", n,
                tree["valueSize"].get<float>(), out.minDigits, out.cellsWithText, tree["hiddenValues"].get<int>());
    return out;
}

TEST(Legible, LectureDigitsAreLargeAt16And32Elements) {
    const std::string d = tempDir("legible");
    const Lecture l16 = lectureAt(16, d), l32 = lectureAt(32, d);
    // Every result written (bright text: 16 + 8 + 4 + 2 + 1 cells; the dimmed old values are the same size) shows
    // its value (0-9 data: nothing hidden), the digits at least 32 px and 20 px high.
    EXPECT_GE(l16.cellsWithText, 31);
    EXPECT_GE(l32.cellsWithText, 63);
    EXPECT_GE(l16.minDigits, 32);
    EXPECT_GE(l32.minDigits, 20);
    EXPECT_EQ(l16.shot.geometry["trees"][0]["hiddenValues"], 0);
    EXPECT_EQ(l32.shot.geometry["trees"][0]["hiddenValues"], 0);
}

// A scan in lecture mode: Blelloch's eleven stages over 16 elements and Hillis-Steele's six over 32, every written
// cell's value shown whole (prefix sums of 0-9 data reach three digits). Blelloch's eleven rows would share the
// screen's height at 17 px digits; lecture mode shows six rows at a time, following the stage, so its digits are as
// large as a reduction's (32 px at 16 elements).
TEST(Legible, ScanLectureDigitsAreLargeAt16And32Elements) {
    const std::string d = tempDir("legible");
    const Lecture b16 = lectureAt(16, d, "blelloch"), h32 = lectureAt(32, d, "hillis-steele");
    EXPECT_GE(b16.cellsWithText, 16 * 6);              // every cell of the six rows in view (the last six stages)
    EXPECT_GE(h32.cellsWithText, 32 + 31 + 30 + 28 + 24 + 16);  // the load and every cell each step writes
    EXPECT_GE(b16.minDigits, 32);
    EXPECT_GE(h32.minDigits, 20);
    EXPECT_EQ(b16.shot.geometry["trees"][0]["hiddenValues"], 0);
    EXPECT_EQ(h32.shot.geometry["trees"][0]["hiddenValues"], 0);
    // At the last stage the window holds the last six rows; Hillis-Steele's six fit without one.
    const auto& layout = b16.shot.geometry["trees"][0]["layout"];
    EXPECT_EQ(layout["visibleStages"], 6);
    EXPECT_EQ(layout["firstStage"], 11 - 6);
    EXPECT_EQ(h32.shot.geometry["trees"][0]["layout"]["visibleStages"], 0);
}

// Lecture mode on a histogram's stage whose description (its contention included) is longer than the screen is wide:
// the description wraps onto a second line above the tree instead of running off the screen's edge.
TEST(Legible, ALongLectureCaptionWrapsAboveTheTree) {
    const std::string d = tempDir("legible");
    const AppRun r = runApp(d, "--config-dir " + d + "/cfg --no-save --size 1600x900 --pattern histogram --variant "
                               "coarsened --script \"wait-trace;classroom:theme=projector;classroom:lecture=on;settle;"
                               "key:right;key:right;settle;frames:3;shot:" + d + "/caption.png;quit\"");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot shot;
    ASSERT_TRUE(loadShot(d + "/caption.png", &shot));
    const view::TreeLayout L(layoutOf(shot.geometry["trees"][0]));
    // Bands of rows with ink between the window's top and the tree: the title, then the description's lines.
    const view::Rect canvas = toPixels(shot, L.params().canvas);
    const view::Rgba background = shot.image.at(2, 2);
    int bands = 0;
    bool inBand = false;
    for (int y = 0; y < int(canvas.y); ++y) {
        bool ink = false;
        for (int x = 0; x < shot.image.width && !ink; ++x) ink = distance(shot.image.at(x, y), background) > 60;
        if (ink && !inBand) ++bands;
        inBand = ink;
    }
    EXPECT_GE(bands, 3) << "the title and two lines of description above the tree";
}

// Two histograms side by side at 1600x900: each column's title fits it, a long one cut at a word with an ellipsis.
TEST(Legible, SideBySideTitlesFitTheirColumns) {
    const std::string d = tempDir("legible");
    const AppRun r = runApp(d, "--config-dir " + d + "/cfg --no-save --size 1600x900 --pattern histogram --variant "
                               "privatized --compare aggregated --script \"wait-trace;settle;frames:3;shot:" + d +
                               "/compare.png;quit\"");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot shot;
    ASSERT_TRUE(loadShot(d + "/compare.png", &shot));
    const auto& trees = shot.geometry["trees"];
    ASSERT_EQ(trees.size(), 2u);
    const std::string full[] = {findVariant("privatized")->title, findVariant("aggregated")->title};
    for (size_t i = 0; i < 2; ++i) {
        const std::string title = trees[i]["title"];
        EXPECT_LE(trees[i]["titleWidth"].get<float>(), trees[i]["columnWidth"].get<float>()) << title;
        if (title != full[i]) {  // shortened: the title's own first words and an ellipsis
            ASSERT_GE(title.size(), 4u);
            EXPECT_EQ(title.substr(title.size() - 3), "\xe2\x80\xa6") << title;
            EXPECT_EQ(full[i].rfind(title.substr(0, title.size() - 3), 0), 0u) << title;
        }
    }
    EXPECT_NE(trees[0]["title"], full[0]) << "the test needs a title longer than its column";
}

TEST(Legible, ValuesTooLongForTheirCellsAreNotRoundedButReadOutBeside) {
    // Iota over 64 elements in one work-group: sums reach 2016, too long for cells 17 pixels wide.
    const std::string d = tempDir("legible");
    const AppRun r = runApp(d, "--config-dir " + d + "/cfg --no-save --size 1920x1080 --variant sequential --n 64 "
                               "--wg 64 --type int --data iota --script \"wait-trace;key:end;settle;shot:" + d +
                               "/narrow.png;hover:6,0;frames:3;shot:" + d + "/hover.png;quit\"");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot narrow, hover;
    ASSERT_TRUE(loadShot(d + "/narrow.png", &narrow) && loadShot(d + "/hover.png", &hover));
    const auto& tree = narrow.geometry["trees"][0];
    ASSERT_GT(tree["hiddenValues"].get<int>(), 0) << "the test needs cells too narrow for their values";
    // The readout writes the current stage's result out exactly: 0 + 1 + ... + 63 = 2016.
    EXPECT_NE(tree["readout"].get<std::string>().find("cell 0 = 2016"), std::string::npos) << tree["readout"];
    // Pointing at a cell whose value is not written reads its exact value.
    EXPECT_EQ(hover.geometry["trees"][0]["readout"], "cell 0 after s = 1: 2016");
}

TEST(Legible, TheSourceFollowsThePlaybackAndWraps) {
    // The source beside the tree in a window too narrow for its longest lines: each stage's lines are in view after
    // stepping to it, and no row runs past the pane's edge.
    const std::string d = tempDir("legible");
    std::string script = "wait-trace;tab:source-beside;frames:3;";
    for (int k = 0; k < 6; ++k) script += (k ? "key:right;settle;" : "settle;") + std::string("frames:3;shot:") + d +
                                          "/src" + std::to_string(k) + ".png;";
    const AppRun r = runApp(d, "--config-dir " + d + "/cfg --no-save --size 1920x1080 --variant interleaved-divergent "
                               "--n 32 --wg 32 --type int --data 0-9 --script \"" + script + "quit\"");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    int lit = 0, fits = 0;
    for (int k = 0; k < 6; ++k) {
        Shot s;
        ASSERT_TRUE(loadShot(d + "/src" + std::to_string(k) + ".png", &s));
        const auto& src = s.geometry["source"];
        ASSERT_TRUE(src["shown"].get<bool>());
        EXPECT_TRUE(src["beside"].get<bool>());
        EXPECT_TRUE(src["wrapped"].get<bool>());
        EXPECT_EQ(src["cutLines"], 0) << "a row runs past the pane";
        EXPECT_LE(src["widestRow"].get<float>(), src["textWidth"].get<float>() + 0.5f);
        if (src["spanFirst"].get<int>() < 0) continue;  // a stage with no line of its own
        ++lit;
        fits += src["spanFits"].get<bool>();
        EXPECT_GE(src["spanFirst"].get<int>(), src["firstVisible"].get<int>()) << "stage " << k;
        EXPECT_LE(src["spanFirst"].get<int>(), src["lastVisible"].get<int>()) << "stage " << k;
        if (src["spanFits"].get<bool>())  // the whole span in view when the pane can hold it
            EXPECT_LE(src["spanLast"].get<int>(), src["lastVisible"].get<int>()) << "stage " << k;
    }
    EXPECT_GE(lit, 4);
    EXPECT_GE(fits, 4);
}

TEST(Legible, TheKernelSourceTabsControlsStayInsideItsLessonPane) {
    // The bottom tab's lesson pane is a third of the tab, 260 pixels at least: its controls (wrap long lines,
    // common.cl too, Beside the tree) go on further lines where one line cannot hold them, rather than running past
    // the pane's edge, on a laptop's window and with the text made larger for the back row; where the tab cannot
    // hold the code and the lesson both, the code is shown alone, its controls above it.
    const std::string d = tempDir("legible");
    for (const std::string& keys : {std::string(), std::string("key:ctrl+equal;key:ctrl+equal;settle;")}) {
        for (const char* size : {"1600x900", "1280x800"}) {
            const AppRun r = runApp(d, "--config-dir " + d + "/cfg --no-save --size " + size + " --pattern histogram "
                                       "--variant global-atomics --script \"wait-trace;settle;" + keys +
                                       "tab:source;frames:4;shot:" + d + "/tab.png;quit\"");
            ASSERT_EQ(r.exitCode, 0) << r.err;
            Shot s;
            ASSERT_TRUE(loadShot(d + "/tab.png", &s));
            const auto& src = s.geometry["source"];
            ASSERT_TRUE(src["shown"].get<bool>()) << size;
            EXPECT_FALSE(src["beside"].get<bool>()) << size;
            const std::string what = size + std::string(keys.empty() ? "" : ", larger text");
            EXPECT_TRUE(src["controlsFit"].get<bool>()) << what;
            // The code keeps a readable width: beside the lesson where both fit, else alone
            EXPECT_GE(rectOf(src["rect"]).w, 300.0f) << what << ": " << src.dump();
            if (std::string(size) == "1600x900" && keys.empty()) EXPECT_TRUE(src["lessonShown"].get<bool>());
            if (std::string(size) == "1280x800" && !keys.empty()) EXPECT_FALSE(src["lessonShown"].get<bool>());
            // The toolbar's caption, where the whole does not fit, is the step's numbers whole, not a clipped half
            const std::string shown = s.geometry["stepCaptionShown"];
            if (s.geometry["stepCaptionCut"].get<bool>())
                EXPECT_TRUE(std::regex_match(shown, std::regex("(step )?[0-9]+ / [0-9]+"))) << what << ": " << shown;
            else
                EXPECT_EQ(shown, s.geometry["stepCaption"].get<std::string>()) << what;
            // The side columns give way to the tree, whose panel keeps 38% of the window (less its margins)
            const view::Rect canvas = rectOf(s.geometry["trees"][0]["layout"]["canvas"]);
            EXPECT_GE(canvas.w, 0.3f * s.geometry["width"].get<float>()) << what;
        }
    }
}

TEST(Legible, TheStagesCountsAndTheWorkbenchsControlsStayWholeOnALaptop) {
    // With the workbench open on a laptop's window the columns are narrow: the counts' names wrap and their values
    // ("10 / 16", "3 work-items") stay whole rather than being cut at the column's edge, and the workbench's buttons
    // and settings, and the Warps tab's counts and buttons, flow onto further rows.
    const std::string d = tempDir("legible");
    for (const std::string& keys : {std::string(), std::string("key:ctrl+equal;key:ctrl+equal;settle;")}) {
        const AppRun r = runApp(d, "--config-dir " + d + "/cfg --no-save --size 1280x800 --pattern histogram "
                                   "--variant privatized --script \"wait-trace;kernel-edit;frames:4;" + keys +
                                   "key:end;settle;frames:4;shot:" + d + "/counts.png;quit\"");
        ASSERT_EQ(r.exitCode, 0) << r.err;
        Shot s;
        ASSERT_TRUE(loadShot(d + "/counts.png", &s));
        ASSERT_FALSE(s.geometry["stageFacts"].empty()) << s.geometry.dump();
        const auto& facts = s.geometry["stageFacts"][0];
        const std::string what = keys.empty() ? "normal text" : "larger text";
        EXPECT_TRUE(facts["countsFit"].get<bool>()) << what << ": " << facts.dump();
        // and the workbench's own buttons and settings go on further rows rather than past its column's edge
        ASSERT_TRUE(s.geometry["workbench"]["open"].get<bool>()) << what;
        EXPECT_TRUE(s.geometry["workbench"]["controlsFit"].get<bool>()) << what;
        // the Warps tab's counts and access buttons, in the narrow middle column, wrap too
        EXPECT_TRUE(s.geometry["warpsHeaderFits"].get<bool>()) << what;
    }
}

TEST(Legible, TheDevicesLimitsAndTheWordsAndMessagesTabsStayInsideTheirColumns) {
    // The device panel's limits sit beside their keys while every word of them fits the value column; with larger
    // text on a laptop's window it does not ("comput|e units"), and each key goes over its value instead. The Words
    // tab's hint beside its Copy button is cut with an ellipsis, and the Messages tab's count and hint wrap, rather
    // than either running past the tab's edge.
    const std::string d = tempDir("legible");
    for (const std::string& keys : {std::string(), std::string("key:ctrl+equal;key:ctrl+equal;settle;")}) {
        const AppRun r = runApp(d, "--config-dir " + d + "/cfg --no-save --size 1280x800 --pattern scan --script "
                                   "\"wait-trace;settle;" + keys + "tab:words;frames:4;shot:" + d + "/device.png;" +
                                   "tab:messages;frames:4;shot:" + d + "/messages.png;quit\"");
        ASSERT_EQ(r.exitCode, 0) << r.err;
        Shot s;
        ASSERT_TRUE(loadShot(d + "/device.png", &s));
        const auto& limits = s.geometry["deviceLimits"];
        const std::string what = keys.empty() ? "normal text" : "larger text";
        ASSERT_GT(limits["valueWidth"].get<float>(), 0) << what << ": the limits were not drawn";
        EXPECT_LE(limits["widestWord"].get<float>(), limits["valueWidth"].get<float>()) << what << ": " << limits;
        EXPECT_EQ(limits["stacked"].get<bool>(), !keys.empty()) << what << ": " << limits;
        ASSERT_TRUE(s.geometry["words"]["shown"].get<bool>()) << what;
        EXPECT_TRUE(s.geometry["words"]["headerFits"].get<bool>()) << what;
        Shot m;
        ASSERT_TRUE(loadShot(d + "/messages.png", &m));
        EXPECT_EQ(m.geometry["bottomTab"], "messages") << what;
        EXPECT_TRUE(m.geometry["messagesHeaderFits"].get<bool>()) << what;
    }
}

TEST(Legible, TheTreesReadoutAndItsZoomHintKeepClearOfTheCellsAndOfEachOther) {
    // Cells too narrow for their values: the readout writes the stage's values out in whole cells, and the hint
    // ("wheel: zoom into the cells ...") goes at the right end of the readout's line, never over the last row. Where
    // the line has no room for both, the readout keeps it and the hint is left out rather than cut.
    const std::string d = tempDir("legible");
    struct Case {
        std::string args, what;
        bool hintShown;
    };
    for (const Case& c : {Case{"--size 1920x1080 --variant sequential --wg 256 --n 2^12 --script \"wait-trace;",
                               "256 cells on a wide window", true},
                          Case{"--size 1280x800 --pattern histogram --variant replicated --script \"wait-trace;"
                               "key:ctrl+equal;key:ctrl+equal;settle;",
                               "80 copies of bins, larger text on a laptop", false}}) {
        const AppRun r = runApp(d, "--config-dir " + d + "/cfg --no-save " + c.args +
                                       "settle;key:right;key:right;settle;frames:3;shot:" + d + "/tree.png;quit\"");
        ASSERT_EQ(r.exitCode, 0) << r.err;
        Shot s;
        ASSERT_TRUE(loadShot(d + "/tree.png", &s));
        const auto& tree = s.geometry["trees"][0];
        const view::Rect canvas = rectOf(tree["layout"]["canvas"]);
        const float column = tree["columnWidth"].get<float>();
        const float readout = tree["readoutWidth"].get<float>();
        ASSERT_FALSE(tree["readout"].get<std::string>().empty()) << c.what;
        EXPECT_LE(readout, column) << c.what << ": " << tree["readout"];
        const view::Rect hint = rectOf(tree["zoomHint"]), last = rectOf(tree["lastRow"]);
        EXPECT_EQ(hint.w > 0, c.hintShown) << c.what;
        if (hint.w > 0) {
            EXPECT_GE(hint.y, last.bottom()) << c.what << ": the hint covers the last row";
            EXPECT_GE(hint.x, canvas.x + readout) << c.what << ": the hint runs into the readout";
            EXPECT_LE(hint.right(), canvas.x + column + 1) << c.what;
        }
    }
}

TEST(Legible, LectureModesReadoutKeepsLeftOfItsKeys) {
    // In lecture mode the readout of a tree whose cells are too narrow for their values shares the bottom line with
    // the keys (F5 leave, ...): it keeps whole cells on the left of them instead of running under them.
    const std::string d = tempDir("legible");
    const AppRun r = runApp(d, "--config-dir " + d + "/cfg --no-save --size 1280x800 --variant sequential --wg 256 "
                               "--n 2^12 --script \"wait-trace;settle;classroom:lecture=on;frames:3;key:right;"
                               "key:right;settle;shot:" + d + "/lecture.png;quit\"");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot s;
    ASSERT_TRUE(loadShot(d + "/lecture.png", &s));
    const auto& tree = s.geometry["trees"][0];
    const view::Rect keys = rectOf(s.geometry["lectureKeys"]);
    ASSERT_GT(keys.w, 0) << "no keys' line";
    ASSERT_FALSE(tree["readout"].get<std::string>().empty()) << tree.dump();
    const float margin = 24 * s.geometry["scale"]["ui"].get<float>();  // where the lecture's text starts
    EXPECT_LE(margin + tree["readoutWidth"].get<float>(), keys.x) << tree["readout"];
}

TEST(Legible, TheTilesTabsLegendWrapsInsideANarrowTab) {
    // A multi-tile scan's Tiles tab on a small window with larger text: the log entry and the status legend (X, A, P,
    // dots, the help mark) go on further lines rather than past the tab's edge.
    const std::string d = tempDir("legible");
    for (const std::string& keys : {std::string(), std::string("key:ctrl+equal;key:ctrl+equal;settle;")}) {
        const AppRun r = runApp(d, "--config-dir " + d +
                                       "/cfg --no-save --size 1280x800 --pattern scan --variant "
                                       "decoupled-look-back --script \"wait-trace;settle;" +
                                       keys + "tab:tiles;frames:4;shot:" + d + "/tiles.png;quit\"");
        ASSERT_EQ(r.exitCode, 0) << r.err;
        Shot s;
        ASSERT_TRUE(loadShot(d + "/tiles.png", &s));
        const auto& tiles = s.geometry["tiles"];
        ASSERT_TRUE(tiles["shown"].get<bool>()) << tiles.dump();
        EXPECT_GE(tiles["tiles"].get<int>(), 2);
        EXPECT_TRUE(tiles["legendFits"].get<bool>()) << (keys.empty() ? "normal text" : "larger text");
    }
}

TEST(Legible, TheSourceFollowsTheTextSize) {
    // Ctrl + (as a lecturer does for the back row) re-rasterises the fonts: the source's monospaced text grows too.
    const std::string d = tempDir("legible");
    const AppRun r = runApp(d, "--config-dir " + d + "/cfg --no-save --size 1920x1080 --variant sequential --n 32 "
                               "--wg 32 --script \"wait-trace;tab:source-beside;settle;shot:" + d + "/a.png;"
                               "key:ctrl+equal;key:ctrl+equal;settle;frames:3;shot:" + d + "/b.png;quit\"");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot a, b;
    ASSERT_TRUE(loadShot(d + "/a.png", &a));
    ASSERT_TRUE(loadShot(d + "/b.png", &b));
    const float before = a.geometry["source"]["fontSize"].get<float>();
    const float after = b.geometry["source"]["fontSize"].get<float>();
    EXPECT_GT(before, 8.0f);
    EXPECT_GT(after, before * 1.15f) << "the source did not follow the text size";
    EXPECT_EQ(b.geometry["source"]["cutLines"], 0) << "larger text still wraps inside the pane";
}

TEST(Legible, EveryVariantNameIsWholeWithItsLesson) {
    // A narrow controls column (the default 1280x800 layout): names wrap instead of being cut.
    const std::string d = tempDir("legible");
    const AppRun r = runApp(d, "--config-dir " + d + "/cfg --no-save --size 1280x800 --variant sequential --n 16 "
                               "--wg 16 --script \"wait-trace;settle;shot:" + d + "/list.png;quit\"");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot s;
    ASSERT_TRUE(loadShot(d + "/list.png", &s));
    const auto& rows = s.geometry["variantRows"];
    ASSERT_GE(rows.size(), 15u);
    int wrapped = 0;
    for (const auto& row : rows) {
        const view::Rect box = rectOf(row["rect"]);
        EXPECT_LE(row["textWidth"].get<float>(), box.w + 0.5f) << row["title"];
        EXPECT_GE(row["lines"].get<int>(), 1);
        wrapped += row["lines"].get<int>() > 1;
        // The lesson: one line right under the whole name, inside the column, the start of the variant's lesson.
        const std::string lesson = row["lesson"];
        const view::Rect under = rectOf(row["lessonRect"]);
        EXPECT_GE(lesson.size(), 8u) << row["title"];
        EXPECT_NEAR(under.y, box.y + box.h, 1.0f) << row["title"];
        const view::Rect list = rectOf(s.geometry["variantList"]);
        EXPECT_LE(under.x + under.w, list.x + list.w + 0.5f) << row["title"];
        const VariantInfo* v = findVariant(row["id"].get<std::string>());
        ASSERT_NE(v, nullptr);
        const std::string start = lesson.substr(0, std::min<size_t>(lesson.size(), 12));
        EXPECT_EQ(v->lesson.rfind(start.substr(0, start.find("\xe2\x80\xa6")), 0), 0u) << lesson << " | " << v->lesson;
    }
    std::printf("variant list: %zu names, %d wrapped onto two lines or more\n", rows.size(), wrapped);
}

}  // namespace
}  // namespace rl::apptest
