// PNG and GIF exports get their stage's words in a file beside them (PICTURE.alt.txt): the title line and the
// paragraph of each stage, one per GIF frame. Under Xvfb (the pictures render with OpenGL); the trace is the
// session corpus/valid_sequential_int16.json (16 random ints, sequential addressing), its values added up by hand.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "tests/support/export_test_util.h"
#include "tests/support/session_test_util.h"

namespace rl {
namespace {

const std::string kSession = test::corpusPath("valid_sequential_int16.json");

TEST(ExportWords, PngGetsItsAltTextBesideIt) {
    REQUIRE_DISPLAY();
    const std::string out = test::freshDir("words_png") + "/tree.png";
    const auto r = test::runExportCli({"--session", kSession, "--format", "png", "--stage", "4", "--out", out});
    ASSERT_EQ(r.code, 0) << r.err;
    ASSERT_TRUE(std::filesystem::exists(out));
    const std::string alt = test::readAll(out + ".alt.txt");
    EXPECT_EQ(alt.rfind("Sequential addressing \xc2\xb7 pass 1 of 1 \xc2\xb7 stage 4 of 4 (s = 1)\n\nStage 4 (s = 1): "
                        "work-item 0 adds cell 1 into cell 0 (cell 0 = -762 + 1853 = 1091); work-items 1 to 15 are idle.",
                        0),
              0u)
        << alt;
    EXPECT_NE(alt.find("The result is 1091, which equals the CPU reference.\n"), std::string::npos) << alt;
}

TEST(ExportWords, GifGetsOneParagraphPerFrame) {
    REQUIRE_DISPLAY();
    const std::string out = test::freshDir("words_gif") + "/stages.gif";
    const auto r = test::runExportCli({"--session", kSession, "--format", "gif", "--out", out});
    ASSERT_EQ(r.code, 0) << r.err;
    const std::string alt = test::readAll(out + ".alt.txt");
    size_t at = 0;
    for (int k = 0; k < 5; ++k) {  // load, s = 8, 4, 2, 1: five frames, in order
        const std::string frame = "\nFrame " + std::to_string(k + 1) + " of 5: ";
        const size_t found = alt.find(frame, at);
        ASSERT_NE(found, std::string::npos) << frame << "\n" << alt;
        at = found + 1;
    }
    EXPECT_NE(alt.find("\nStage 2 (s = 4): work-items 0 to 3 each add the cell 4 places to their right into their own"),
              std::string::npos)
        << alt;
    EXPECT_EQ(alt.find("Frame 6"), std::string::npos);
}

}  // namespace
}  // namespace rl
