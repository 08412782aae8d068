// A scan in the explorer under Xvfb: Blelloch over 0..15 as a lecturer shows it. The variant list holds the scans
// only, the timeline runs load, up-sweep, the cleared root, down-sweep and the inclusive step, the last stage's cells
// are drawn in the written colour, the Words tab says the stage in sentences, and the result is the last prefix sum.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "app/view/tree/tree_layout.h"
#include "tests/support/app_run.h"
#include "core/catalogue/variant.h"
#include "tests/support/screenshot_checks.h"

namespace rl::apptest {
namespace {

TEST(ExplorerScan, BlellochOverSixteenElementsShowsBothSweepsAndThePrefixSums) {
    const std::string d = tempDir("scan");
    const AppRun r = runApp(d, "--config-dir " + d + "/cfg --no-save --size 1400x900 --variant blelloch --n 16 "
                               "--wg 16 --type int --data iota --op sum --script \"wait-trace;settle;key:end;settle;"
                               "tab:words;frames:3;shot:" + d + "/end.png;key:home;key:right;key:right;key:right;"
                               "key:right;key:right;settle;frames:2;shot:" + d + "/root.png;quit\"");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot end, root;
    ASSERT_TRUE(loadShot(d + "/end.png", &end) && loadShot(d + "/root.png", &root));

    // The list offers the scans, and only them.
    std::vector<std::string> listed;
    for (const auto& row : end.geometry["variantRows"]) listed.push_back(row["id"]);
    std::vector<std::string> scans;
    for (const auto& v : scanVariants()) scans.push_back(v.id);
    EXPECT_EQ(listed, scans);

    // load, up d = 1, 2, 4, 8, root cleared, down d = 8, 4, 2, 1, inclusive
    EXPECT_EQ(end.geometry["steps"], 11);
    EXPECT_EQ(end.geometry["step"], 10);
    EXPECT_EQ(root.geometry["step"], 5);
    EXPECT_EQ(end.geometry["resultText"], "120 correct");

    // The Words tab: the inclusive step in sentences, each cell combined with its own input.
    const std::string words = end.geometry["words"]["text"];
    EXPECT_NE(words.find("inclusive"), std::string::npos) << words;
    EXPECT_NE(words.find("its input"), std::string::npos) << words;

    // Every cell of the last stage was written in it: drawn in the written colour.
    ASSERT_EQ(end.geometry["trees"].size(), 1u);
    const view::TreeLayout L(layoutOf(end.geometry["trees"][0]));
    for (int c = 0; c < 16; ++c) {
        const view::Rect cell = L.cell(10, c).inset(std::min(4.0f, L.cell(10, c).w * 0.25f));
        EXPECT_GT(fractionNear(end.image, toPixels(end, cell), view::darkPalette().cellWritten, 12), 0.5) << "cell " << c;
    }
}

// The pattern's defaults (64 elements in four tiles of 16): the tiles' totals are scanned in a second pass, which the
// explorer compares with the CPU model too, each tile's total (not a partial in cell 0) its input.
TEST(ExplorerScan, EveryPassOfAManyTileScanMatchesItsModel) {
    const std::string d = tempDir("scan");
    for (const char* variant : {"blelloch", "hillis-steele"}) {
        const AppRun r = runApp(d, "--config-dir " + d + "/cfg --no-save --size 1400x900 --pattern scan --variant " +
                                       variant + " --n 64 --wg 16 --script \"wait-trace;settle;key:end;settle;shot:" +
                                       d + "/end.png;quit\"");
        ASSERT_EQ(r.exitCode, 0) << r.err;
        Shot end;
        ASSERT_TRUE(loadShot(d + "/end.png", &end));
        const std::string note = end.geometry["resultNote"];
        EXPECT_NE(note.find("traced group(s) in 2 pass(es) matches the CPU model"), std::string::npos)
            << variant << ": " << note;
    }
}

// Predict mode on a scan: which work-items the up-sweep's first step uses, the value a cell holds after the second.
TEST(ExplorerScan, AStudentPredictsBlellochsUpSweep) {
    const std::string d = tempDir("scan");
    const AppRun r = runApp(d, "--config-dir " + d + "/cfg --no-save --size 1400x900 --variant blelloch --n 16 "
                               "--wg 16 --type int --data iota --op sum --script \"wait-trace;settle;predict:on;frames:3;"
                               "predict-pick:0,1,2,3,4,5,6,7;predict:submit;settle;frames:2;shot:" + d + "/one.png;"
                               "predict-kind:value;predict-cell:3;predict-value:6;predict:submit;settle;frames:2;"
                               "shot:" + d + "/two.png;predict-kind:value;predict-cell:15;predict-value:100;"
                               "predict:submit;settle;frames:2;shot:" + d + "/three.png;quit\"");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot one, two, three;
    ASSERT_TRUE(loadShot(d + "/one.png", &one) && loadShot(d + "/two.png", &two) && loadShot(d + "/three.png", &three));
    // Up d = 1: work-items 0..7 each add a pair; up d = 2: cell 3 holds 0 + 1 + 2 + 3; up d = 4: cell 15 holds
    // 8 + ... + 15 = 92, not 100.
    EXPECT_EQ(one.geometry["predict"]["tally"], "1 of 1 stage right") << one.geometry["predict"].dump();
    EXPECT_EQ(two.geometry["predict"]["tally"], "2 of 2 stages right") << two.geometry["predict"].dump();
    EXPECT_EQ(three.geometry["predict"]["tally"], "2 of 3 stages right") << three.geometry["predict"].dump();
    EXPECT_FALSE(three.geometry["predict"]["shownCorrect"].get<bool>());
}

// At a laptop's or a projector's 1280 x 720 the Tiles tab's cursor over the look-back's log still shows its entry's
// number whole (it takes a line of its own under the heading where the line is short).
TEST(ExplorerScan, AtALaptopsSizeTheTilesCursorShowsItsEntryWhole) {
    const std::string d = tempDir("scan");
    const AppRun r = runApp(d, "--config-dir " + d + "/cfg --no-save --size 1280x720 --variant chunked-look-back "
                               "--n 64 --wg 8 --type int --op sum --script \"wait-trace;key:end;settle;tab:tiles;"
                               "frames:3;shot:" + d + "/t.png;quit\"");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot t;
    ASSERT_TRUE(loadShot(d + "/t.png", &t));
    ASSERT_EQ(t.geometry["bottomTab"], "tiles");
    const auto& g = t.geometry["tiles"];
    ASSERT_GT(g["logLength"].get<int>(), 10) << "a log of two-digit entries";
    EXPECT_TRUE(g["cursorFits"].get<bool>());
}

// The Tiles tab on decoupled-look-back, 8 tiles of 32: the log's cursor steps through the launch, each tile's status
// letter at the cursor follows the log (tile 0 only P; no tile P before its predecessors), the entry there is said in
// words, and a picked tile's reads are drawn (its predecessors, newest first in the window). A tiled scan shows its
// tiles without a log; reduce-then-scan none.
TEST(ExplorerScan, TheTilesTabStepsThroughTheLookBacksLog) {
    const std::string d = tempDir("scan");
    const AppRun r = runApp(d, "--config-dir " + d + "/cfg --no-save --size 1400x900 --variant decoupled-look-back "
                               "--n 256 --wg 16 --type int --op sum --script \"wait-trace;settle;tab:tiles;frames:3;"
                               "tiles-time:0;frames:2;shot:" + d + "/start.png;tiles-time:-1;tiles-pick:5;frames:2;"
                               "shot:" + d + "/end.png;variant:blelloch;wait-trace;settle;frames:2;shot:" + d +
                               "/tiled.png;variant:reduce-then-scan;wait-trace;settle;frames:2;shot:" + d +
                               "/one.png;quit\"");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot start, end, tiled, one;
    ASSERT_TRUE(loadShot(d + "/start.png", &start) && loadShot(d + "/end.png", &end) &&
                loadShot(d + "/tiled.png", &tiled) && loadShot(d + "/one.png", &one));
    const auto& s = start.geometry["tiles"];
    const auto& e = end.geometry["tiles"];
    EXPECT_EQ(start.geometry["bottomTab"], "tiles");
    EXPECT_EQ(s["tiles"], 8);
    EXPECT_EQ(s["time"], 0);
    EXPECT_EQ(s["statuses"], "XXXXXXXX");  // the first entry is a ticket: nothing is published yet
    EXPECT_NE(s["entry"].get<std::string>().find("drew ticket"), std::string::npos) << s["entry"];
    EXPECT_EQ(e["statuses"], "PPPPPPPP");
    EXPECT_EQ(e["time"], e["logLength"].get<int>() - 1);
    EXPECT_GE(e["logLength"].get<int>(), 8 * 3 - 1 + 7);  // every tile's ticket, A and P (tile 0: no A), a read each
    EXPECT_EQ(e["protocol"], "kept");
    EXPECT_EQ(e["picked"], 5);
    ASSERT_FALSE(e["pickedReads"].empty());
    const std::vector<int> reads = e["pickedReads"];  // a window from the newest predecessor back
    EXPECT_NE(std::find(reads.begin(), reads.end(), 4), reads.end()) << e["pickedReads"].dump();
    for (int t : reads) EXPECT_TRUE(t >= 0 && t < 5) << e["pickedReads"].dump();
    EXPECT_TRUE(s["cursorFits"].get<bool>());
    // A tiled scan: its 16 tiles of 16, with no log (its tiles wait for no one: the levels order them).
    EXPECT_EQ(tiled.geometry["tiles"]["tiles"], 16);
    EXPECT_EQ(tiled.geometry["tiles"]["logLength"], 0);
    EXPECT_EQ(tiled.geometry["tiles"]["time"], -1);
    // reduce-then-scan carries its chunks' prefixes in its stages: no tiles here, and words saying which scans have.
    EXPECT_EQ(one.geometry["tiles"]["tiles"], 0);
    EXPECT_TRUE(one.geometry["tiles"]["shown"].get<bool>());
}

}  // namespace
}  // namespace rl::apptest
