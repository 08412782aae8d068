// An exported stage's caption over a narrow tree, traced on the test device: a histogram of 10 bins makes a frame
// 730 pixels wide, and its stages' lines (work-items, divergence, bank conflicts, the contention on one bin) do not
// fit it even set smaller. Every frame then has a second caption line, and each line is whole at its own size.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <regex>
#include <string>
#include <vector>

#include "app/export/text_metrics.h"
#include "tests/support/export_test_util.h"

namespace rl {
namespace {

struct SvgText {
    float y = 0, fontSize = 0;
    std::string text;
};

// The <text> elements of an SVG file in order, and its height.
std::vector<SvgText> texts(const std::string& path, float* height) {
    std::ifstream f(path);
    const std::string svg((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    std::smatch m;
    if (std::regex_search(svg, m, std::regex("<svg[^>]* height=\"([0-9.]+)\""))) *height = std::stof(m[1]);
    std::vector<SvgText> out;
    const std::regex text("<text[^>]* y=\"([0-9.]+)\"[^>]* font-size=\"([0-9.]+)\"[^>]*>([^<]*)</text>");
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), text); it != std::sregex_iterator(); ++it)
        out.push_back({std::stof((*it)[1]), std::stof((*it)[2]), (*it)[3]});
    return out;
}

TEST(ExportCaption, AStageLineTooLongForTheFrameGoesOnTwoLinesInEveryFrame) {
    const std::string dir = test::freshDir("export_caption");
    const test::CliResult r = test::runExportCli({"--pattern", "histogram", "--variant", "coarsened-vector", "--n",
                                                  "64", "--wg", "16", "--type", "int", "--bins", "10", "--format",
                                                  "svg", "--stage", "all", "--out", dir + "/h.svg"});
    ASSERT_EQ(r.code, 0) << r.err;
    const exporter::TextMetrics metrics(1);
    ASSERT_TRUE(metrics.hasFonts());
    float firstHeight = 0, lineSize = 0;
    int contention = 0;
    for (int k = 0; k < 6; ++k) {
        SCOPED_TRACE("frame " + std::to_string(k));
        float height = 0;
        const auto t = texts(dir + "/h-0" + std::to_string(k) + ".svg", &height);
        ASSERT_GE(t.size(), 4u);
        if (k == 0) firstHeight = height;
        EXPECT_EQ(height, firstHeight) << "every frame of one export has one size";
        // The title, then the stage's line on two lines of one size, one line height apart, above the tree's labels
        const SvgText &first = t[1], &second = t[2], &label = t[3];
        if (k == 0) lineSize = first.fontSize;
        EXPECT_EQ(first.fontSize, lineSize);
        EXPECT_EQ(second.fontSize, lineSize);
        EXPECT_NEAR(second.y - first.y, 22, 0.5f);
        EXPECT_GT(label.y, second.y + 10);
        // Each line fits the caption's width (the frame less its 16-pixel margins) at the size it is set in
        const float width = 730 - 32;
        for (const SvgText* line : {&first, &second})
            EXPECT_LE(metrics.width(line->text, 18, view::FontRole::Regular), width + 0.5f) << line->text;
        // Nothing lost between the two: the contention clause is there whole where the stage has one
        contention +=
            (first.text + " " + second.text).find("on one bin (their atomics wait in line)") != std::string::npos;
    }
    EXPECT_GE(contention, 3);
}

}  // namespace
}  // namespace rl
