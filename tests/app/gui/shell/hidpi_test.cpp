// HiDPI: fonts and sizes follow the display's content scale. Xvfb reports 1, so the tests give the scale with
// --content-scale or REDUCELAB_CONTENT_SCALE and check the screenshot's sidecar (its scales and font sizes) and the
// pixels (the result's digits twice as tall at scale 2), and that a saved window size does not grow at every start.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "app/view/theme.h"
#include "tests/support/app_run.h"
#include "tests/support/screenshot_checks.h"

namespace rl::apptest {
namespace {

const char* kProblem = " --variant sequential --n 32 --wg 16 --data 0-9 --stage -1";

// Rows of `r` (image pixels) holding the result's green digits: the ink height of the result line.
int inkHeight(const Shot& s) {
    const view::Rect r = toPixels(s, rectOf(s.geometry["result"]));
    int top = -1, bottom = -1;
    for (int y = std::max(0, int(r.y)); y < std::min(s.image.height, int(r.y + r.h)); ++y) {
        int hits = 0;
        for (int x = std::max(0, int(r.x)); x < std::min(s.image.width, int(r.x + r.w)); ++x) {
            const view::Rgba c = s.image.at(x, y), g = view::darkPalette().good;
            hits += std::abs(int(c.r) - int(g.r)) < 40 && std::abs(int(c.g) - int(g.g)) < 40 &&
                    std::abs(int(c.b) - int(g.b)) < 40;
        }
        if (hits >= 2) {
            if (top < 0) top = y;
            bottom = y;
        }
    }
    return top < 0 ? 0 : bottom - top + 1;
}

TEST(HiDpi, ContentScaleTwoDoublesFontsSizesAndWindow) {
    const std::string d = tempDir("hidpi");
    AppRun r = runApp(d, "--no-save --config-dir " + d + "/cfg1 --size 900x520" + kProblem + " --screenshot " + d +
                             "/one.png");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    r = runApp(d, "--no-save --config-dir " + d + "/cfg2 --size 900x520 --content-scale 2" + kProblem +
                      " --screenshot " + d + "/two.png");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot one, two;
    ASSERT_TRUE(loadShot(d + "/one.png", &one));
    ASSERT_TRUE(loadShot(d + "/two.png", &two));
    EXPECT_EQ(one.geometry["scale"]["ui"].get<float>(), 1.0f);
    EXPECT_EQ(two.geometry["scale"]["content"].get<float>(), 2.0f);
    EXPECT_EQ(two.geometry["scale"]["ui"].get<float>(), 2.0f);
    for (const char* font : {"body", "bold", "heading", "mono"})
        EXPECT_EQ(two.geometry["fonts"][font].get<float>(), 2 * one.geometry["fonts"][font].get<float>()) << font;
    // The window keeps its logical size: twice the pixels on X11 (window units are pixels there).
    EXPECT_EQ(one.image.width, 900);
    EXPECT_EQ(two.image.width, 1800);
    EXPECT_EQ(two.image.height, 1040);
    EXPECT_EQ(two.geometry["pixelScale"].get<float>(), 1.0f);
    // The layout follows: the tree's lanes and the result's box are twice as large.
    EXPECT_NEAR(two.geometry["trees"][0]["layout"]["laneHeight"].get<float>(),
                2 * one.geometry["trees"][0]["layout"]["laneHeight"].get<float>(), 1.0f);
    // And the pixels: the result's digits are twice as tall.
    const int h1 = inkHeight(one), h2 = inkHeight(two);
    ASSERT_GT(h1, 8) << "no result digits found at scale 1";
    EXPECT_NEAR(double(h2) / h1, 2.0, 0.25) << h1 << " px at scale 1, " << h2 << " px at scale 2";
}

TEST(HiDpi, EnvironmentGivesTheScaleAndBadValuesAreRefused) {
    const std::string d = tempDir("hidpi");
    AppRun r = runApp(d, "--no-save --config-dir " + d + "/cfg --size 700x450" + kProblem + " --screenshot " + d +
                             "/env.png", "REDUCELAB_CONTENT_SCALE=1.5");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot s;
    ASSERT_TRUE(loadShot(d + "/env.png", &s));
    EXPECT_EQ(s.geometry["scale"]["content"].get<float>(), 1.5f);
    EXPECT_EQ(s.geometry["fonts"]["body"].get<float>(), 27.0f);
    EXPECT_EQ(s.image.width, 1050);
    r = runApp(d, "--help", "REDUCELAB_CONTENT_SCALE=huge");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("REDUCELAB_CONTENT_SCALE"), std::string::npos) << r.err;
    r = runApp(d, "--content-scale 9");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("bad value '9' for --content-scale"), std::string::npos) << r.err;
}

TEST(HiDpi, SavedWindowSizeIsLogicalAndDoesNotGrow) {
    const std::string d = tempDir("hidpi");
    const std::string cfg = " --config-dir " + d + "/cfg --content-scale 2" + std::string(kProblem);
    AppRun r = runApp(d, cfg + " --size 800x500 --script \"wait-trace;quit\"");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const std::string settings = readFile(d + "/cfg/settings.json");
    EXPECT_NE(settings.find("\"width\": 800"), std::string::npos) << settings;
    // Started again at the same scale with no --size: the same window, not twice as large again.
    r = runApp(d, cfg + " --screenshot " + d + "/again.png");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot s;
    ASSERT_TRUE(loadShot(d + "/again.png", &s));
    EXPECT_EQ(s.image.width, 1600);
    EXPECT_EQ(s.image.height, 1000);
}

}  // namespace
}  // namespace rl::apptest
