// A scan in the explorer under Xvfb: Blelloch over 0..15 as a lecturer shows it. The variant list holds the scans
// only, the timeline runs load, up-sweep, the cleared root, down-sweep and the inclusive step, the last stage's cells
// are drawn in the written colour, the Words tab says the stage in sentences, and the result is the last prefix sum.
#include <gtest/gtest.h>

#include <string>

#include "app/view/tree/tree_layout.h"
#include "app_run.h"
#include "core/catalogue/variant.h"
#include "screenshot_checks.h"

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

}  // namespace
}  // namespace rl::apptest
