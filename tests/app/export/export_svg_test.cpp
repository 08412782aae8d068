// SVG export without a display: vector shapes and real text in the screen's colours, rendered by rsvg-convert to
// the picture's size with the states' colours where the cells are; the CLI's numbered sequence and its refusals.
// The trace comes from a session recorded on PoCL (corpus/valid_sequential_int16.json): no device needed.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>

#include "app/export/export_job.h"
#include "app/view/theme.h"
#include "app/export/svg_writer.h"
#include "app/export/text_metrics.h"
#include "app/view/tree/tree_scene.h"
#include "app/view/value_format.h"
#include "core/session/session.h"
#include "tests/support/export_test_util.h"
#include "tests/support/session_test_util.h"

namespace rl {
namespace {

const std::string kSession = test::corpusPath("valid_sequential_int16.json");

exporter::StageFrames frames() { return test::framesOf(kSession); }

size_t count(const std::string& text, const std::string& what) {
    size_t n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

TEST(ExportSvg, VectorShapesAndTextInTheScreensColours) {
    const auto f = frames();
    ASSERT_EQ(f.steps(), 5);  // load, s = 8, 4, 2, 1
    exporter::FrameStyle style;
    const exporter::TextMetrics metrics(1);
    EXPECT_TRUE(metrics.hasFonts()) << "DejaVu (fonts-dejavu-core) is missing";
    const int last = f.steps() - 1;
    const exporter::Frame frame = f.frame(last, style, metrics.measure());
    const std::string svg = exporter::sceneToSvg(frame.scene, frame.width, frame.height, "test");
    // 5 rows of 16 cells and 16 lanes, each a <rect>; values and labels as <text>.
    EXPECT_GE(count(svg, "<rect "), 5u * 32u);
    EXPECT_GE(count(svg, "<text "), 16u);
    EXPECT_GE(count(svg, "<line "), 15u);  // 2 operand lines per active work-item over stages 1..4
    // The result (cell 0 after the last stage) is written as text, exactly as the screen formats it.
    const Stage& result = f.run().passes[0].traced[0].stages[size_t(last)];
    const std::string value = view::formatCompact(result.values[0], ElemType::Int, 7);
    EXPECT_NE(svg.find(">" + value + "</text>"), std::string::npos) << value;
    EXPECT_NE(svg.find(">s = 8</text>"), std::string::npos);
    // The current stage's written cell in the palette's colour, the background too.
    const auto& p = view::darkPalette();
    EXPECT_NE(svg.find("fill=\"" + p.cellWritten.hex() + "\""), std::string::npos);
    EXPECT_NE(svg.find("fill=\"" + p.background.hex() + "\""), std::string::npos);
    EXPECT_NE(svg.find("font-family=\"DejaVu Sans"), std::string::npos);
    EXPECT_NE(svg.find("width=\"" + std::to_string(frame.width) + "\""), std::string::npos);
}

// A frame narrower than its caption (a long title over a few cells): the title and the stage's line are set smaller,
// down to two thirds of their size, so that the title fits the frame instead of being cut at its edge.
TEST(ExportSvg, ACaptionWiderThanTheFrameIsSetSmallerToFit) {
    const auto f = frames();
    const exporter::TextMetrics metrics(1);
    ASSERT_TRUE(metrics.hasFonts());
    exporter::FrameStyle wide, narrow;
    const exporter::Frame roomy = f.frame(1, wide, metrics.measure());
    auto caption = [](const exporter::Frame& frame) {  // the first two texts: the title, then the stage's line
        std::vector<const view::Prim*> texts;
        for (const auto& prim : frame.scene.prims)
            if (prim.kind == view::Prim::Kind::Text && texts.size() < 2) texts.push_back(&prim);
        return texts;
    };
    const auto before = caption(roomy);
    ASSERT_EQ(before.size(), 2u);
    // A frame whose caption holds 85% of the title's width at its own size (16-pixel margins on either side).
    narrow.width = 32 + 0.85f * metrics.width(before[0]->text, 22, view::FontRole::Bold);
    const exporter::Frame tight = f.frame(1, narrow, metrics.measure());
    const auto after = caption(tight);
    ASSERT_EQ(after.size(), 2u);
    EXPECT_FLOAT_EQ(before[0]->size, 22);  // it fits at its own size where there is room
    const float titleWidth = metrics.width(after[0]->text, 22, view::FontRole::Bold);
    ASSERT_GT(titleWidth, after[0]->rect.w) << "the test needs a title wider than the narrow frame";
    EXPECT_LT(after[0]->size, 22);
    EXPECT_GE(after[0]->size, 22.0f * 2 / 3);
    EXPECT_LE(metrics.width(after[0]->text, after[0]->size, view::FontRole::Bold), after[0]->rect.w) << after[0]->text;
    EXPECT_LE(after[1]->size, 18);
    EXPECT_GE(after[1]->size, 12);
}

TEST(ExportSvg, TextIsEscaped) {
    view::Scene scene;
    scene.text({0, 0, 100, 20}, "a < b & \"c\"", view::darkPalette().text, 16);
    const std::string svg = exporter::sceneToSvg(scene, 100, 20, "<title>");
    EXPECT_NE(svg.find(">a &lt; b &amp; &quot;c&quot;</text>"), std::string::npos);
    EXPECT_NE(svg.find("<title>&lt;title&gt;</title>"), std::string::npos);
}

TEST(ExportSvg, RsvgRendersItAtItsSizeWithTheStatesWhereTheCellsAre) {
    if (!test::haveRsvg()) GTEST_SKIP() << "rsvg-convert (librsvg2-bin) is not installed";
    const std::string dir = test::freshDir("rsvg");
    for (const char* theme : {"dark", "projector", "colorblind"}) {
        SCOPED_TRACE(theme);
        const std::string out = dir + "/tree_" + theme + ".svg";
        const auto r = test::runExportCli({"--session", kSession, "--format", "svg", "--stage", "2", "--theme", theme,
                                           "--out", out});
        ASSERT_EQ(r.code, 0) << r.err;
        const auto image = test::renderSvg(out);
        const auto f = frames();
        exporter::FrameStyle style;
        style.palette = view::findTheme(theme)->palette;
        int w = 0, h = 0;
        f.size(style, &w, &h);
        ASSERT_EQ(image.width, w);
        ASSERT_EQ(image.height, h);
        const exporter::Frame frame = f.frame(2, style, exporter::TextMetrics(1).measure());
        const view::TreeLayout layout(frame.layout);
        const view::Palette& p = *style.palette;
        // Stage 2 (s = 4) wrote cells 0..3; cells 8..15 of stage 1 are no longer needed; stage 3 is still to come.
        // Sample a corner of each cell, away from the value text and the shape marks.
        auto at = [&](int stage, int cell) {
            const view::Rect r = layout.cell(stage, cell);
            return image.pixel(int(r.x + r.w * 0.85f), int(r.y + r.h * 0.85f));
        };
        EXPECT_LE(test::distance(at(2, 1), p.cellWritten), 6);
        EXPECT_LE(test::distance(at(1, 12), p.cellDead), 6);
        EXPECT_LE(test::distance(at(1, 2), p.cellWrittenPast), 6);
        EXPECT_LE(test::distance(image.pixel(2, image.height - 3), p.background), 2);
    }
}

TEST(ExportCli, AllStagesMakeANumberedSequence) {
    if (!test::haveRsvg()) GTEST_SKIP() << "rsvg-convert (librsvg2-bin) is not installed";
    const std::string dir = test::freshDir("sequence");
    const auto r = test::runExportCli({"--session", kSession, "--format", "svg", "--stage", "all", "--out", dir + "/tree.svg"});
    ASSERT_EQ(r.code, 0) << r.err;
    std::vector<exporter::RasterImage> images;
    for (int k = 0; k < 5; ++k) {
        const std::string path = dir + "/tree-0" + std::to_string(k) + ".svg";
        ASSERT_TRUE(std::filesystem::exists(path)) << path;
        images.push_back(test::renderSvg(path));
    }
    EXPECT_FALSE(std::filesystem::exists(dir + "/tree-05.svg"));
    for (int k = 1; k < 5; ++k) EXPECT_GT(test::compare(images[size_t(k - 1)], images[size_t(k)]).mean, 0.1) << k;
}

TEST(ExportCli, BadRequestsAreRefusedWithAClearMessage) {
    const std::string dir = test::freshDir("refusals");
    const std::string out = dir + "/t.svg";
    struct Case {
        std::vector<std::string> args;
        int code;
        std::string message;
    };
    const std::vector<Case> cases = {
        {{"--session", kSession, "--format", "svg", "--stage", "5", "--out", out}, 2, "--stage 5 is out of range: this trace has 5 stages, 0 to 4"},
        {{"--session", kSession, "--format", "svg", "--scale", "5", "--out", out}, 2, "--scale: 5 is out of range"},
        {{"--session", kSession, "--format", "svg", "--scale", "0.5", "--out", out}, 2, "out of range"},
        {{"--session", kSession, "--format", "svg", "--scale", "two", "--out", out}, 2, "not a number"},
        {{"--session", kSession, "--format", "svg", "--out", "/nonexistent-dir/t.svg"}, 2, "the directory '/nonexistent-dir' does not exist"},
        {{"--session", kSession, "--format", "svg", "--out", dir}, 2, "it is a directory"},
        {{"--session", kSession, "--format", "svg", "--out", "/proc/reducelab-export.svg"}, 2, "cannot write '/proc/reducelab-export.svg'"},
        {{"--session", kSession, "--format", "bmp", "--out", out}, 2, "give png, svg, gif, md, mp4 or webm"},
        {{"--session", kSession, "--format", "svg"}, 2, "--out PATH is required"},
        {{"--format", "svg", "--out", out}, 2, "--variant ID and --n N"},
        {{"--session", kSession, "--format", "svg", "--theme", "neon", "--out", out}, 2, "unknown theme 'neon'"},
        {{"--session", test::corpusPath("bad_truncated_half.json"), "--format", "svg", "--out", out}, 2, "not valid JSON"},
    };
    for (const Case& c : cases) {
        const auto r = test::runExportCli(c.args);
        EXPECT_EQ(r.code, c.code) << r.err;
        EXPECT_NE(r.err.find(c.message), std::string::npos) << "expected \"" << c.message << "\" in: " << r.err;
    }
    EXPECT_FALSE(std::filesystem::exists(out));
}

}  // namespace
}  // namespace rl
