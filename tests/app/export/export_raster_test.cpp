// PNG and GIF export through the screen's renderer off-screen (needs an X server: ctest runs under xvfb-run in
// scripts/test). PNG sizes follow the scale exactly and higher scales are re-rendered, not stretched; the SVG of
// the same picture renders (rsvg-convert) to the same picture within a tolerance; the GIF has one frame per stage.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "app/export/export_job.h"
#include "app/export/gif_writer.h"
#include "app/render/offscreen_renderer.h"
#include "app/view/theme.h"
#include "app/export/svg_writer.h"
#include "app/export/text_metrics.h"
#include "core/session/session.h"
#include "tests/support/export_test_util.h"
#include "tests/support/session_test_util.h"

namespace rl {
namespace {

const std::string kSession = test::corpusPath("valid_sequential_int16.json");

exporter::StageFrames frames() { return test::framesOf(kSession); }

TEST(ExportPng, SizesFollowTheScale) {
    REQUIRE_DISPLAY();
    const std::string dir = test::freshDir("png_sizes");
    int w1 = 0, h1 = 0;
    frames().size(exporter::FrameStyle{}, &w1, &h1);
    for (const char* scale : {"1", "1.5", "2", "3", "4"}) {
        const std::string out = dir + "/tree_" + scale + ".png";
        const auto r = test::runExportCli({"--session", kSession, "--format", "png", "--scale", scale, "--out", out});
        ASSERT_EQ(r.code, 0) << r.err;
        const auto image = exporter::readPng(out);
        const double s = std::atof(scale);
        EXPECT_EQ(image.width, int(std::lround(w1 * s))) << scale;
        EXPECT_EQ(image.height, int(std::lround(h1 * s))) << scale;
    }
}

TEST(ExportPng, TwiceTheScaleIsReRenderedNotStretched) {
    REQUIRE_DISPLAY();
    const auto f = frames();
    render::OffscreenRenderer renderer;
    exporter::FrameStyle one, two;
    two.scale = 2;
    const auto a = renderer.render(f, 2, one), b = renderer.render(f, 2, two);
    ASSERT_EQ(b.width, a.width * 2);
    ASSERT_EQ(b.height, a.height * 2);
    // The same picture, laid out again at twice the size: every cell where its layout puts it, in its colour.
    const auto& p = view::darkPalette();
    for (const auto* style : {&one, &two}) {
        const auto& image = style == &one ? a : b;
        const exporter::Frame frame = f.frame(2, *style, exporter::TextMetrics(style->scale).measure());
        const view::TreeLayout layout(frame.layout);
        auto at = [&](int stage, int cell) {
            const view::Rect r = layout.cell(stage, cell);
            return image.pixel(int(r.x + r.w * 0.85f), int(r.y + r.h * 0.85f));
        };
        EXPECT_LE(test::distance(at(2, 1), p.cellWritten), 6) << style->scale;
        EXPECT_LE(test::distance(at(1, 12), p.cellDead), 6) << style->scale;
        EXPECT_LE(test::distance(at(1, 2), p.cellWrittenPast), 6) << style->scale;
    }
    // Not 1x blown up: text and edges were rasterised again at twice the size.
    exporter::RasterImage stretched = b;
    for (int y = 0; y < b.height; ++y)
        for (int x = 0; x < b.width; ++x)
            for (int c = 0; c < 4; ++c)
                stretched.rgba[(size_t(y) * size_t(b.width) + size_t(x)) * 4 + size_t(c)] = a.pixel(x / 2, y / 2)[c];
    EXPECT_GT(test::compare(stretched, b, 32).bigFraction, 0.002) << "2x looks like 1x stretched";
}

TEST(ExportSvg, RendersToTheSamePictureAsTheScreensRenderer) {
    REQUIRE_DISPLAY();
    if (!test::haveRsvg()) GTEST_SKIP() << "rsvg-convert (librsvg2-bin) is not installed";
    const auto f = frames();
    render::OffscreenRenderer renderer;
    const std::string dir = test::freshDir("svg_vs_screen");
    for (const char* theme : {"dark", "colorblind"})
        for (int step : {0, 2, 4}) {
            SCOPED_TRACE(std::string(theme) + " step " + std::to_string(step));
            exporter::FrameStyle style;
            style.palette = view::findTheme(theme)->palette;
            style.stateMarks = view::findTheme(theme)->stateMarks;
            const auto screen = renderer.render(f, step, style);
            const exporter::Frame frame = f.frame(step, style, exporter::TextMetrics(1).measure());
            const std::string svg = dir + "/" + theme + std::to_string(step) + ".svg";
            exporter::writeTextFile(svg, exporter::sceneToSvg(frame.scene, frame.width, frame.height, "t"));
            const auto drawn = test::renderSvg(svg);
            ASSERT_EQ(drawn.width, screen.width);
            ASSERT_EQ(drawn.height, screen.height);
            const auto d = test::compare(drawn, screen);
            // Shapes and colours agree; glyph rasterisers (FreeType in ImGui, Pango in librsvg) differ a little, and
            // values are written at the largest size that fits their cells (more glyph pixels than when 4.0 was set).
            EXPECT_LT(d.mean, 4.5);
            EXPECT_LT(d.bigFraction, 0.03);
        }
}

TEST(ExportPng, TransparentBackgroundKeepsTheCellsOpaque) {
    REQUIRE_DISPLAY();
    const std::string out = test::freshDir("transparent") + "/t.png";
    const auto r = test::runExportCli({"--session", kSession, "--format", "png", "--transparent", "--out", out});
    ASSERT_EQ(r.code, 0) << r.err;
    const auto image = exporter::readPng(out);
    EXPECT_EQ(image.pixel(2, 2)[3], 0);  // background
    const auto f = frames();
    const exporter::Frame frame = f.frame(f.steps() - 1, exporter::FrameStyle{}, exporter::TextMetrics(1).measure());
    const view::Rect cell = view::TreeLayout(frame.layout).cell(0, 3);
    const uint8_t* p = image.pixel(int(cell.x + cell.w * 0.85f), int(cell.y + cell.h * 0.85f));
    EXPECT_EQ(p[3], 255);
    EXPECT_LE(test::distance(p, view::darkPalette().cellWrittenPast), 3);
}

TEST(ExportGif, OneFramePerStage) {
    REQUIRE_DISPLAY();
    const std::string out = test::freshDir("gif") + "/stages.gif";
    const auto r = test::runExportCli({"--session", kSession, "--format", "gif", "--out", out});
    ASSERT_EQ(r.code, 0) << r.err;
    int w = 0, h = 0, w1 = 0, h1 = 0;
    const auto f = frames();
    EXPECT_EQ(exporter::countGifFrames(out, &w, &h), f.steps());
    f.size(exporter::FrameStyle{}, &w1, &h1);
    EXPECT_EQ(w, w1);
    EXPECT_EQ(h, h1);
    // A two-pass run: the frames follow the partial into the second pass.
    const std::string two = test::freshDir("gif2") + "/two.gif";
    const auto r2 = test::runExportCli(
        {"--session", test::corpusPath("valid_sequential_float32_two_passes.json"), "--format", "gif", "--out", two});
    ASSERT_EQ(r2.code, 0) << r2.err;
    Session s = loadSession(test::corpusPath("valid_sequential_float32_two_passes.json"));
    const exporter::StageFrames f2(s.trace, *findVariant(s.config.variant));
    EXPECT_EQ(exporter::countGifFrames(two), f2.steps());
    EXPECT_EQ(f2.steps(), 5 + 5);  // 16 work-items: load + 4 stages; the 2 partials in a 16-item group again
}

TEST(ExportPng, WithoutAnXServerItSaysWhatToDo) {
    const std::string out = test::freshDir("nodisplay") + "/t.png";
    const std::string cmd = "env -u DISPLAY -u WAYLAND_DISPLAY '" + std::string(RL_EXPORT_CLI) + "' export --session '" +
                            kSession + "' --format png --out '" + out + "' 2>&1";
    FILE* pipe = popen(cmd.c_str(), "r");
    ASSERT_NE(pipe, nullptr);
    std::string text;
    char buf[512];
    while (size_t n = fread(buf, 1, sizeof buf, pipe)) text.append(buf, n);
    const int status = pclose(pipe);
    EXPECT_EQ(WEXITSTATUS(status), 1) << text;
    EXPECT_NE(text.find("need an X server"), std::string::npos) << text;
    EXPECT_NE(text.find("xvfb-run -a"), std::string::npos) << text;
    EXPECT_FALSE(std::filesystem::exists(out));
}

}  // namespace
}  // namespace rl
