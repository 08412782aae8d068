// The Words tab under Xvfb: `tab:words` shows the current stage in sentences (app/view/narration.h), wrapped inside
// the bottom panel and following playback, as the frame geometry records it; the text is drawn where it says.
#include <gtest/gtest.h>

#include <string>

#include "tests/support/app_run.h"
#include "tests/support/screenshot_checks.h"

namespace rl::apptest {
namespace {

TEST(ExplorerWords, TheWordsTabShowsTheCurrentStageInSentences) {
    const std::string d = tempDir("words");
    // Sequential addressing over iota 0..15 in one work-group of 16, one SIMD group of 32 lanes.
    const AppRun r = runApp(d,
                            "--config-dir " + d + "/cfg --size 1400x900 --variant sequential --n 16 --wg 16 "
                            "--type int --data iota --op sum --simd 32 --script \"wait-trace;settle;key:right;settle;"
                            "key:right;settle;tab:words;frames:3;shot:" + d + "/words.png;key:end;settle;frames:2;"
                            "shot:" + d + "/end.png;tab:warps;frames:2;shot:" + d + "/warps.png;quit\"");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot words, end, warps;
    ASSERT_TRUE(loadShot(d + "/words.png", &words) && loadShot(d + "/end.png", &end) &&
                loadShot(d + "/warps.png", &warps));
    ASSERT_EQ(words.geometry["step"], 2);
    EXPECT_EQ(words.geometry["bottomTab"], "words");
    const auto& w = words.geometry["words"];
    EXPECT_EQ(w["title"], "Sequential addressing \xc2\xb7 pass 1 of 1 \xc2\xb7 stage 2 of 4 (s = 4)");
    // After s = 8 cell i < 8 holds i + (i + 8); s = 4 adds cell i + 4 into cell i for i < 4.
    EXPECT_EQ(w["text"],
              "Stage 2 (s = 4): work-items 0 to 3 each add the cell 4 places to their right into their own (cell 0 = "
              "8 + 16 = 24, cell 1 = 10 + 18 = 28, cell 2 = 12 + 20 = 32 and cell 3 = 14 + 22 = 36); work-items 4 to "
              "15 are idle. SIMD group 0 diverges (4 active, 12 idle). No bank conflicts.");
    // Wrapped inside the bottom panel: several lines of text, none past its right edge.
    const view::Rect bottom = rectOf(words.geometry["bottom"]), text = rectOf(w["rect"]);
    EXPECT_GE(text.x, bottom.x - 1);
    EXPECT_LE(text.right(), bottom.right() + 1);
    EXPECT_LE(text.bottom(), bottom.bottom() + 1);
    EXPECT_GT(text.h, 40.0f);  // the title and at least two lines of words
    // The words are drawn: the text's box holds many pixels of the text colour.
    EXPECT_GT(countNear(words.image, toPixels(words, text), view::darkPalette().text, 40), 400);

    // The last step: the words follow playback and end with the result (0 + 1 + ... + 15 = 120).
    const std::string last = end.geometry["words"]["text"];
    EXPECT_EQ(last.rfind("Stage 4 (s = 1): work-item 0 adds cell 1 into cell 0 (cell 0 = 56 + 64 = 120)", 0), 0u) << last;
    EXPECT_NE(last.find("The result is 120, which equals the CPU reference."), std::string::npos) << last;
    // Another tab: no words shown.
    EXPECT_EQ(warps.geometry["bottomTab"], "warps");
    EXPECT_EQ(warps.geometry["words"]["shown"], false);
}

TEST(ExplorerWords, AnUnknownTabNamesTheWordsTab) {
    const std::string d = tempDir("words-bad-tab");
    const AppRun r = runApp(d, "--config-dir " + d + "/cfg --size 1000x700 --variant sequential --n 16 --wg 16 "
                               "--script \"wait-trace;tab:speech;quit\"");
    EXPECT_NE(r.err.find("unknown tab 'speech' (warps, heatmap, source, messages, words, tiles)"), std::string::npos)
        << r.out << r.err;
}

}  // namespace
}  // namespace rl::apptest
