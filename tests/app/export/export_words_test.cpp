// The stages in words in the exports (no display): `export --format md` writes a heading and a paragraph per stage,
// and an SVG carries its stage's words in <title> and <desc> and a title per cell. The trace comes from a session
// recorded on PoCL (corpus/valid_sequential_int16.json: 16 random ints, sequential addressing, work-groups of 16), so
// the values below are those of the file, added up by hand.
#include <gtest/gtest.h>

#include "core/session/session.h"
#include "tests/support/export_test_util.h"
#include "tests/support/session_test_util.h"

namespace rl {
namespace {

const std::string kSession = test::corpusPath("valid_sequential_int16.json");

size_t count(const std::string& text, const std::string& what) {
    size_t n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

TEST(ExportWords, MarkdownHasOneSectionPerStage) {
    const std::string out = test::freshDir("words_md") + "/words.md";
    const auto r = test::runExportCli({"--session", kSession, "--format", "md", "--out", out});
    ASSERT_EQ(r.code, 0) << r.err;
    const std::string md = test::readAll(out);
    EXPECT_EQ(md.rfind("# Sequential addressing", 0), 0u) << md;
    EXPECT_NE(md.find("16 int elements, sum, in work-groups of 16 work-items"), std::string::npos) << md;
    EXPECT_EQ(count(md, "\n## "), 5u) << md;  // load, s = 8, 4, 2, 1
    size_t at = 0;
    for (const char* heading : {"\n## Stage 0, the load\n\nWork-items 0 to 15 each load their input into their own cell "
                                "(cell 0 = 542, cell 1 = 650, cell 2 = 515, cell 3 = 539 and 12 more).",
                                "\n## Stage 1 (s = 8)\n\nWork-items 0 to 7 each add the cell 8 places to their right into "
                                "their own (cell 0 = 542 + (-929) = -387, cell 1 = 650 + 157 = 807, cell 2 = 515 + "
                                "(-456) = 59, cell 3 = 539 + 24 = 563 and 4 more); work-items 8 to 15 are idle. SIMD "
                                "group 0 diverges (8 active, 8 idle). No bank conflicts.\n",
                                "\n## Stage 2 (s = 4)\n\n", "\n## Stage 3 (s = 2)\n\n",
                                "\n## Stage 4 (s = 1)\n\nWork-item 0 adds cell 1 into cell 0 (cell 0 = -762 + 1853 = "
                                "1091); work-items 1 to 15 are idle. SIMD group 0 diverges (1 active, 15 idle). No bank "
                                "conflicts. Cell 0 now holds this work-group's value, 1091. The result is 1091, which "
                                "equals the CPU reference.\n"}) {
        const size_t found = md.find(heading, at);
        EXPECT_NE(found, std::string::npos) << heading << "\n---\n" << md;
        if (found != std::string::npos) at = found;  // in order
    }
}

TEST(ExportWords, SvgHasTheStageInItsTitleDescAndATitlePerCell) {
    const std::string out = test::freshDir("words_svg") + "/tree.svg";
    const auto r = test::runExportCli({"--session", kSession, "--format", "svg", "--stage", "2", "--out", out});
    ASSERT_EQ(r.code, 0) << r.err;
    const std::string svg = test::readAll(out);
    EXPECT_NE(svg.find("<title>ReduceLab: Sequential addressing \xc2\xb7 pass 1 of 1 \xc2\xb7 stage 2 of 4 (s = 4)</title>"),
              std::string::npos)
        << svg.substr(0, 600);
    // After s = 8 the first cells hold -387, 807, 59, 563, -499, -115, 65, 598; s = 4 adds cell i + 4 into cell i.
    EXPECT_NE(svg.find("<desc>Stage 2 (s = 4): work-items 0 to 3 each add the cell 4 places to their right into their "
                       "own (cell 0 = -387 + (-499) = -886, cell 1 = 807 + (-115) = 692, cell 2 = 59 + 65 = 124 and cell "
                       "3 = 563 + 598 = 1161); work-items 4 to 15 are idle. SIMD group 0 diverges (4 active, 12 idle). No "
                       "bank conflicts.</desc>"),
              std::string::npos)
        << svg.substr(0, 1200);
    // A title for every cell of the three rows drawn so far (load, s = 8, s = 4), none for the rows to come.
    EXPECT_EQ(count(svg, "<g><title>"), 3u * 16u);
    EXPECT_NE(svg.find("<g><title>Stage 2 (s = 4), cell 3: 1161, written in this stage by work-item 3 from cells 3 and "
                       "7</title><rect "),
              std::string::npos);
    EXPECT_NE(svg.find("<g><title>The load, cell 4: -924, loaded in this stage by work-item 4</title>"), std::string::npos);
    EXPECT_NE(svg.find("<g><title>Stage 1 (s = 8), cell 12: 425, unchanged since work-item 12 loaded it; no later stage "
                       "reads it</title>"),
              std::string::npos);
    EXPECT_EQ(svg.find("<g><title>Stage 3 "), std::string::npos);
    // The last stage (the default) ends with the result.
    const std::string last = test::freshDir("words_svg_last") + "/last.svg";
    ASSERT_EQ(test::runExportCli({"--session", kSession, "--format", "svg", "--out", last}).code, 0);
    EXPECT_NE(test::readAll(last).find("value, 1091. The result is 1091, which equals the CPU reference.</desc>"),
              std::string::npos);
}

TEST(ExportWords, MarkdownIsNamedInTheRefusalOfAnUnknownFormat) {
    const auto r = test::runExportCli({"--session", kSession, "--format", "txt", "--out", "/tmp/x.txt"});
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("give png, svg, gif, md, mp4 or webm"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace rl
