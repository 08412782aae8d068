// The Timings view's scan ladder under Xvfb, on the test's OpenCL device: Scan in the view (or a scan in the
// explorer when the view opens) measures every scan variant, counts the bytes each reads and writes, sets it
// against the copy kernel, and keeps the reductions' rows and the peers' figures out of it.
#include <gtest/gtest.h>

#include <string>

#include "tests/support/app_run.h"
#include "core/catalogue/variant.h"
#include "tests/support/screenshot_checks.h"

namespace rl::apptest {
namespace {

const std::string kSmallScan =
    "timings:n=65536;timings:sizes=65536..131072;timings:round=65536..131072;timings:repeats=2;timings:warmup=1;";

TEST(TimingsScan, TheScanLadderIsMeasuredAgainstTheCopyKernel) {
    const std::string d = tempDir("timings-scan");
    const AppRun r = runApp(d, "--config-dir " + d + "/cfg --size 1800x1000 --script \"wait-trace;timings:open;"
                               "timings:pattern=scan;" + kSmallScan + "wait-sweep;timings:tab=ladder;frames:4;shot:" +
                               d + "/ladder.png;timings:report=" + d + "/ladder.json;timings:pattern=reduce;"
                               "frames:2;timings:report=" + d + "/reduce.json;timings:close;frames:2;quit\"",
                            "XDG_DATA_HOME=" + d + "/data");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto ladder = readJson(d + "/ladder.json");
    EXPECT_EQ(ladder["pattern"], "scan");
    EXPECT_EQ(ladder["state"], "done");
    EXPECT_EQ(ladder["missing"], 0);
    EXPECT_EQ(ladder["tabs"], nlohmann::json({"ladder", "bars", "sizes", "roundoff"}));  // a float scan rounds
    const auto& scans = scanVariants();
    ASSERT_EQ(ladder["rows"].size(), scans.size()) << ladder["rows"].dump(1);
    const double copy = ladder["copyGbps"].get<double>();
    EXPECT_GT(copy, 0);
    int measured = 0;
    for (size_t i = 0; i < scans.size(); ++i) {
        const auto& row = ladder["rows"][i];
        EXPECT_EQ(row["variant"], scans[i].id);
        const std::string status = row["status"];
        if (status == "unavailable") continue;
        ++measured;
        if (scans[i].correctByDesign)
            EXPECT_EQ(status, "correct") << row.dump();
        else
            EXPECT_TRUE(status == "wrong (by design)" || status == "correct this time (wrong by design)") << row.dump();
        // GB/s counts the bytes read and written (2 x 65536 x 4) over the median time, and % of copy follows it.
        const double gbps = row["gbps"].get<double>(), ms = row["median_ms"].get<double>();
        EXPECT_NEAR(gbps, 2.0 * 65536 * 4 / (ms * 1e6), 1e-6 * gbps) << row.dump();
        EXPECT_NEAR(row["pct_copy"].get<double>(), 100 * gbps / copy, 0.01 * gbps / copy + 1e-9) << row.dump();
    }
    EXPECT_GE(measured, 6) << ladder["rows"].dump(1);
    EXPECT_TRUE(ladder["peers"].empty());  // the peers' figures are reductions'

    // Back to the reductions: their own rows again.
    const auto reduce = readJson(d + "/reduce.json");
    EXPECT_EQ(reduce["pattern"], "reduce");
    ASSERT_EQ(reduce["rows"].size(), reduceVariants().size());
    EXPECT_EQ(reduce["rows"][0]["variant"], reduceVariants()[0].id);

    Shot shot;
    ASSERT_TRUE(loadShot(d + "/ladder.png", &shot));
}

TEST(TimingsScan, OpeningOnAScanShowsTheScanLadder) {
    const std::string d = tempDir("timings-scan-open");
    const AppRun r = runApp(d, "--config-dir " + d + "/cfg --size 1600x900 --variant blelloch --n 16 --wg 16 "
                               "--script \"wait-trace;timings:n=1024;timings:sizes=1024..2048;timings:round=1024..2048;"
                               "timings:open;frames:3;timings:cancel;frames:2;timings:report=" + d + "/open.json;quit\"",
                            "XDG_DATA_HOME=" + d + "/data");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto open = readJson(d + "/open.json");
    EXPECT_EQ(open["pattern"], "scan");
    ASSERT_FALSE(open["rows"].empty());
    EXPECT_EQ(open["rows"][0]["variant"], scanVariants()[0].id);
}

// The toolbar's Timings button clicked to open the view and clicked again to close it: its colour is pushed and
// popped on the state before the click (a close used to leave a colour pushed, and Dear ImGui aborts on that).
TEST(Timings, TheToolbarButtonOpensAndClosesTheView) {
    const std::string d = tempDir("timings-button");
    // At 1280x800 and scale 1 the button's centre is at (970, 33): 0.758 and 0.041 of the window.
    const AppRun r = runApp(d, "--config-dir " + d + "/cfg --no-save --size 1280x800 --script \"wait-trace;"
                               "timings:n=1024;timings:sizes=1024..2048;timings:round=1024..2048;"
                               "pointer:0.758,0.041;click;frames:3;timings:cancel;timings:report=" + d + "/opened.json;"
                               "pointer:0.758,0.041;click;frames:3;timings:report=" + d + "/closed.json;quit\"",
                            "XDG_DATA_HOME=" + d + "/data");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_TRUE(readJson(d + "/opened.json")["open"].get<bool>());
    EXPECT_FALSE(readJson(d + "/closed.json")["open"].get<bool>());
}

}  // namespace
}  // namespace rl::apptest
