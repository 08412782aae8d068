// The explorer's classroom features, driven through the real `reducelab gui` binary under Xvfb (scripted keys and
// "classroom:" actions), its screenshots and their geometry sidecars checked: lecture mode, blanking, clicker keys,
// text scale, themes, presets, sessions (reopened with no OpenCL device), scaled screenshots, settings.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "app/export/gif_writer.h"
#include "app/export/video.h"
#include "app/view/theme.h"
#include "app/export/raster_image.h"
#include "app/gui/classroom/export_panel.h"
#include "app/gui/classroom/presets.h"
#include "core/session/session.h"
#include "tests/support/export_test_util.h"
#include "tests/support/session_test_util.h"

namespace rl {
namespace {

struct AppRun {
    int code = -1;
    std::string output;
};

// Runs the explorer at 1280x800 with its own settings directory and a script; `env` goes before the command.
AppRun runApp(const std::string& dir, const std::string& script, const std::string& env = "") {
    const std::string cmd = "cd '" + dir + "' && " + env + " timeout 300 '" + std::string(RL_REDUCELAB) +
                            "' gui --config-dir '" + dir + "/config' --size 1280x800 --script '" + script + "' 2>&1";
    AppRun r;
    FILE* pipe = popen(cmd.c_str(), "r");
    if (!pipe) return r;
    char buf[1024];
    while (size_t n = fread(buf, 1, sizeof buf, pipe)) r.output.append(buf, n);
    const int status = pclose(pipe);
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
}

nlohmann::json sidecar(const std::string& png) {
    std::ifstream in(png + ".json");
    return nlohmann::json::parse(in);
}

view::Rect rectOf(const nlohmann::json& a) { return {a[0].get<float>(), a[1].get<float>(), a[2].get<float>(), a[3].get<float>()}; }

view::TreeLayoutParams layoutOf(const nlohmann::json& shot) {
    const auto& l = shot["trees"][0]["layout"];
    view::TreeLayoutParams p;
    p.canvas = rectOf(l["canvas"]);
    p.stages = l["stages"];
    p.cells = l["cells"];
    p.firstCell = l["firstCell"];
    p.visibleCells = l["visibleCells"];
    p.labelWidth = l["labelWidth"];
    p.laneHeight = l["laneHeight"];
    p.maxCellHeight = l["maxCellHeight"];
    p.minCellHeight = l["minCellHeight"];
    p.gapRatio = l["gapRatio"];
    p.loadAtTop = l["loadAtTop"];
    return p;
}

// A pixel of a cell's fill: of the colour most of its inner box has (its value's glyphs and the shape marks are
// thinner than the fill around them, whatever the cell's size; a fixed spot lands on a glyph in a small cell).
const uint8_t* cellPixel(const exporter::RasterImage& img, const view::TreeLayout& layout, int stage, int cell) {
    const view::Rect r = layout.cell(stage, cell);
    std::map<uint32_t, std::pair<int, const uint8_t*>> seen;  // colour: count, first pixel of it
    const uint8_t* most = img.pixel(int(r.x + r.w * 0.5f), int(r.y + r.h * 0.5f));
    int mostCount = 0;
    for (int y = int(r.y + r.h * 0.15f); y < int(r.y + r.h * 0.85f); ++y)
        for (int x = int(r.x + r.w * 0.15f); x < int(r.x + r.w * 0.85f); ++x) {
            const uint8_t* p = img.pixel(x, y);
            auto& [count, first] = seen[uint32_t(p[0]) << 16 | uint32_t(p[1]) << 8 | p[2]];
            if (!count) first = p;
            if (++count > mostCount) {
                mostCount = count;
                most = first;
            }
        }
    return most;
}

exporter::RasterImage crop(const exporter::RasterImage& img, view::Rect r) {
    exporter::RasterImage out;
    out.width = int(r.w);
    out.height = int(r.h);
    for (int y = 0; y < out.height; ++y)
        for (int x = 0; x < out.width; ++x) {
            const uint8_t* p = img.pixel(int(r.x) + x, int(r.y) + y);
            out.rgba.insert(out.rgba.end(), p, p + 4);
        }
    return out;
}

TEST(ClassroomApp, LectureModeBlankingAndClickerKeys) {
    REQUIRE_DISPLAY();
    const std::string dir = test::freshDir("lecture");
    const auto r = runApp(dir,
                          "classroom:preset=sequential/16;wait-trace;settle;key:f5;key:end;settle;frames:2;shot:lecture.png;"
                          "key:b;frames:2;shot:blank.png;key:b;key:pageup;settle;frames:2;shot:back.png;key:space;"
                          "settle;frames:2;shot:forward.png;key:f5;frames:3;shot:normal.png;quit");
    ASSERT_EQ(r.code, 0) << r.output;
    const auto lecture = exporter::readPng(dir + "/lecture.png");
    const auto shot = sidecar(dir + "/lecture.png");
    const view::TreeLayout layout(layoutOf(shot));
    const view::Rect canvas = layout.params().canvas;
    // The tree fills the screen: nearly the whole width, most of the height, under the caption line.
    EXPECT_GT(canvas.w, 0.9f * float(lecture.width));
    EXPECT_GT(canvas.h, 0.7f * float(lecture.height));
    EXPECT_LT(canvas.x, 0.05f * float(lecture.width));
    const auto& p = view::darkPalette();
    EXPECT_LE(test::distance(cellPixel(lecture, layout, 4, 0), p.cellWritten), 6);  // the result, just written
    EXPECT_LE(test::distance(cellPixel(lecture, layout, 3, 1), p.cellWrittenPast), 6);
    int captionPixels = 0;  // the caption line: bright text above the tree
    for (int y = 0; y < int(canvas.y); ++y)
        for (int x = 0; x < lecture.width; ++x) captionPixels += test::distance(lecture.pixel(x, y), p.text) < 40;
    EXPECT_GT(captionPixels, 500);
    // B blanks the screen, B again brings it back.
    const auto blank = exporter::readPng(dir + "/blank.png");
    int lit = 0;
    for (size_t i = 0; i < blank.rgba.size(); i += 4) lit += std::max({blank.rgba[i], blank.rgba[i + 1], blank.rgba[i + 2]}) > 2;
    EXPECT_EQ(lit, 0);
    // Page Up steps back, space steps forward (a clicker's keys), and F5 leaves with the panels back.
    const int last = shot["steps"].get<int>() - 1;
    EXPECT_EQ(shot["step"].get<int>(), last);
    EXPECT_EQ(sidecar(dir + "/back.png")["step"].get<int>(), last - 1);
    EXPECT_EQ(sidecar(dir + "/forward.png")["step"].get<int>(), last);
    const auto normal = sidecar(dir + "/normal.png");
    EXPECT_GT(rectOf(normal["trees"][0]["layout"]["canvas"]).x, 0.15f * float(lecture.width));  // controls on the left
}

TEST(ClassroomApp, TextScaleRebuildsFontsAndPersists) {
    REQUIRE_DISPLAY();
    const std::string dir = test::freshDir("fontscale");
    const auto r = runApp(dir, "classroom:preset=sequential/16;wait-trace;classroom:lecture=on;settle;frames:3;shot:one.png;"
                               "classroom:font=1.5;frames:3;shot:big.png;quit");
    ASSERT_EQ(r.code, 0) << r.output;
    const float top1 = rectOf(sidecar(dir + "/one.png")["trees"][0]["layout"]["canvas"]).y;
    const float top15 = rectOf(sidecar(dir + "/big.png")["trees"][0]["layout"]["canvas"]).y;
    EXPECT_GT(top15, top1 * 1.3f) << "the caption did not grow with the text scale";
    std::ifstream in(dir + "/config/settings.json");
    const auto settings = nlohmann::json::parse(in);
    EXPECT_FLOAT_EQ(settings["classroom"]["fontScale"].get<float>(), 1.5f);
}

TEST(ClassroomApp, ThemesRecolourTheScreenAndMarkStatesByShape) {
    REQUIRE_DISPLAY();
    const std::string dir = test::freshDir("themes");
    const auto r = runApp(dir, "classroom:preset=sequential/16;wait-trace;classroom:theme=projector;key:end;settle;"
                               "frames:3;shot:projector.png;classroom:theme=colorblind;classroom:lecture=on;frames:3;"
                               "shot:colorblind.png;quit");
    ASSERT_EQ(r.code, 0) << r.output;
    const auto projector = exporter::readPng(dir + "/projector.png");
    const auto& pp = view::projectorPalette();
    EXPECT_LE(test::distance(projector.pixel(2, 2), pp.background), 2);
    const view::TreeLayout pl(layoutOf(sidecar(dir + "/projector.png")));
    EXPECT_LE(test::distance(cellPixel(projector, pl, 4, 0), pp.cellWritten), 6);

    const auto cb = exporter::readPng(dir + "/colorblind.png");
    const auto& cp = view::colorBlindPalette();
    const view::TreeLayout cl(layoutOf(sidecar(dir + "/colorblind.png")));
    EXPECT_LE(test::distance(cellPixel(cb, cl, 4, 0), cp.cellWritten), 6);
    // A dead cell is struck through: its diagonal carries the mark's colour, its corner the fill.
    const view::Rect dead = cl.cell(4, 9);
    int marked = 0;
    for (int i = 4; i < 20; ++i) {  // the 1-pixel line is anti-aliased: look at each sample's neighbours too
        const float t = float(i) / 24.0f;
        const int x = int(dead.x + 2 + t * (dead.w - 4)), y = int(dead.bottom() - 2 - t * (dead.h - 4));
        int best = 255;
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) best = std::min(best, test::distance(cb.pixel(x + dx, y + dy), cp.textOnDead));
        marked += best < 30;
    }
    EXPECT_GE(marked, 10);
    // The folded corner of a cell written earlier.
    const view::Rect past = cl.cell(3, 1);
    EXPECT_LE(test::distance(cb.pixel(int(past.x + 2), int(past.y + 2)), cp.textOnLive), 60);
}

TEST(ClassroomApp, PresetsAreOneClickAndRepeatable) {
    REQUIRE_DISPLAY();
    const std::string dir = test::freshDir("presets");
    const std::string script = "classroom:preset=interleaved-divergent/32;wait-trace;key:end;settle;frames:2;shot:a.png;"
                               "classroom:preset=sequential/16;wait-trace;settle;frames:2;shot:b.png;quit";
    ASSERT_EQ(runApp(dir, script).code, 0);
    const auto a = sidecar(dir + "/a.png"), b = sidecar(dir + "/b.png");
    EXPECT_EQ(a["variant"], "interleaved-divergent");
    EXPECT_EQ(a["trees"][0]["layout"]["cells"].get<int>(), 32);
    EXPECT_EQ(b["trees"][0]["layout"]["cells"].get<int>(), 16);
    // The same preset in a second run draws the same tree, value for value.
    const std::string again = test::freshDir("presets_again");
    ASSERT_EQ(runApp(again, script).code, 0);
    const auto one = exporter::readPng(dir + "/a.png"), two = exporter::readPng(again + "/a.png");
    const view::Rect canvas = rectOf(a["trees"][0]["layout"]["canvas"]);
    EXPECT_LT(test::compare(crop(one, canvas), crop(two, canvas)).mean, 0.01);
    // Every variant of every pattern has both presets, with the fixed seed, in one work-group; a scan's cells are
    // its elements (one per work-item), but raking's are its runs of 4 and chunked's its chunks of 4 (4 cells over
    // 16 elements, 8 over 32). A look-back's lesson is between tiles: its presets make four.
    for (Pattern pattern : {Pattern::Reduce, Pattern::Scan})
        for (const auto& v : patternVariants(pattern))
            for (const char* n : {"/16", "/32"}) {
                const gui::Preset* p = gui::findPreset(v.id + n);
                ASSERT_NE(p, nullptr) << v.id << n;
                const RunConfig c = gui::presetConfig(*p);
                EXPECT_EQ(c.seed, gui::kPresetSeed);
                if (pattern == Pattern::Scan) {
                    const size_t runs = v.id == "raking" || v.id == "chunked" ? 4 : 1;
                    const size_t tiles = v.id == "decoupled-look-back" || v.id == "chunked-look-back" ? 4 : 1;
                    EXPECT_EQ(c.wg * runs * tiles, c.n) << v.id << n;
                    EXPECT_EQ(effectiveElemsPerItem(v, c), int(runs)) << v.id << n;
                }
            }
}

TEST(ClassroomApp, TheLookBackPresetOpensItsTilesWaitingForEachOther) {
    REQUIRE_DISPLAY();
    const std::string dir = test::freshDir("preset_tiles");
    ASSERT_EQ(runApp(dir, "classroom:preset=decoupled-look-back/16;wait-trace;settle;frames:2;shot:tiles.png;"
                          "tiles-time:0;classroom:export=svg,tiles,1," + dir + "/first.svg;frames:2;"
                          "classroom:preset=sequential/16;wait-trace;settle;frames:2;shot:tree.png;quit")
                  .code,
              0);
    const auto a = sidecar(dir + "/tiles.png");
    EXPECT_EQ(a["variant"], "decoupled-look-back");
    EXPECT_EQ(a["bottomTab"], "tiles");
    EXPECT_EQ(a["tiles"]["tiles"].get<int>(), 4);
    // At the log's end every tile has published its inclusive prefix, by the protocol the banner states.
    EXPECT_EQ(a["tiles"]["statuses"], "PPPP");
    EXPECT_EQ(a["tiles"]["protocol"], "kept");
    EXPECT_GT(a["tiles"]["logLength"].get<int>(), 4 * 3);  // a ticket, A (or P) and P per tile, and reads
    // The classroom panel's "Export the tiles": the tab's picture at its cursor, here the log's first entry (a
    // ticket drawn, nothing published), every row in words.
    const std::string svg = test::readAll(dir + "/first.svg");
    for (int t = 0; t < 4; ++t)
        EXPECT_NE(svg.find("<title>Tile " + std::to_string(t) + ": elements " + std::to_string(4 * t) + " to "),
                  std::string::npos) << t;
    EXPECT_EQ(svg.find(", status P"), std::string::npos);
    EXPECT_NE(svg.find("entry 0 of 0–"), std::string::npos);
    // A reduction's preset leaves the tab where it was.
    EXPECT_EQ(sidecar(dir + "/tree.png")["bottomTab"], "tiles");
}

TEST(ClassroomApp, LectureModeShowsALookBacksTilesAndTheClickerStepsItsLog) {
    REQUIRE_DISPLAY();
    const std::string dir = test::freshDir("lecture_tiles");
    ASSERT_EQ(runApp(dir, "classroom:preset=decoupled-look-back/16;wait-trace;classroom:lecture=on;settle;key:t;"
                          "key:home;frames:2;shot:first.png;key:right;key:right;frames:2;shot:third.png;key:end;"
                          "frames:2;shot:last.png;key:t;frames:2;shot:tree.png;quit")
                  .code,
              0);
    const auto first = sidecar(dir + "/first.png"), third = sidecar(dir + "/third.png");
    const auto last = sidecar(dir + "/last.png"), tree = sidecar(dir + "/tree.png");
    // T: the tiles fill the lecture screen, the clicker at the log's first entry (a ticket drawn, nothing published).
    EXPECT_TRUE(first["tiles"]["shown"].get<bool>());
    EXPECT_EQ(first["tiles"]["tiles"].get<int>(), 4);
    EXPECT_EQ(first["tiles"]["time"].get<int>(), 0);
    EXPECT_EQ(first["tiles"]["statuses"], "XXXX");
    EXPECT_NE(first["tiles"]["entry"].get<std::string>().find("drew ticket 0"), std::string::npos);
    // Two clicks: two entries later, and the tile that acted is the one highlighted.
    EXPECT_EQ(third["tiles"]["time"].get<int>(), 2);
    const std::string entry = third["tiles"]["entry"];
    EXPECT_NE(entry.find("tile " + std::to_string(third["tiles"]["picked"].get<int>())), std::string::npos) << entry;
    // End: the log's last entry, every tile's prefix published; the rows as tall as the screen allows (a projector's
    // digits), at least twice the Tiles tab's smallest row.
    EXPECT_EQ(last["tiles"]["time"].get<int>(), last["tiles"]["logLength"].get<int>() - 1);
    EXPECT_EQ(last["tiles"]["statuses"], "PPPP");
    EXPECT_EQ(last["tiles"]["protocol"], "kept");
    EXPECT_GT(last["tiles"]["rect"][3].get<float>(), 5 * 2 * 18.0f);
    // T again: the tree, which the clicker steps as before.
    EXPECT_FALSE(tree["tiles"]["shown"].get<bool>());
}

TEST(ClassroomApp, SessionReopensIdenticallyWithoutAnyOpenCLDevice) {
    REQUIRE_DISPLAY();
    const std::string dir = test::freshDir("session_app");
    const std::string file = dir + "/lecture.json";
    ASSERT_EQ(runApp(dir, "classroom:preset=interleaved-divergent/16;wait-trace;key:end;settle;frames:2;shot:home.png;"
                          "classroom:save=" + file + ";quit")
                  .code,
              0);
    ASSERT_NO_THROW(loadSession(file));
    // The lecture hall: no OpenCL platform at all (the ICD loader points at an empty directory).
    const std::string none = dir + "/no_vendors";
    std::filesystem::create_directories(none);
    const auto r = runApp(dir, "wait-trace;classroom:open=" + file + ";key:end;settle;frames:2;shot:hall.png;quit",
                          "OCL_ICD_VENDORS='" + none + "' OCL_ICD_FILENAMES=");
    ASSERT_EQ(r.code, 0) << r.output;
    const auto home = sidecar(dir + "/home.png"), hall = sidecar(dir + "/hall.png");
    EXPECT_EQ(hall["variant"], "interleaved-divergent");
    EXPECT_EQ(hall["step"], home["step"]);
    // The reopened session shows a banner over the tree (which file, recorded where), so the tree may sit lower:
    // compare every cell through each screenshot's own layout.
    ASSERT_EQ(rectOf(hall["trees"][0]["layout"]["canvas"]).w, rectOf(home["trees"][0]["layout"]["canvas"]).w);
    EXPECT_NE(hall["sessionBannerText"].get<std::string>().find("Showing saved session lecture.json"), std::string::npos);
    const view::TreeLayout La(layoutOf(home)), Lb(layoutOf(hall));
    ASSERT_EQ(La.params().stages, Lb.params().stages);
    ASSERT_EQ(La.params().cells, Lb.params().cells);
    const auto a = exporter::readPng(dir + "/home.png"), b = exporter::readPng(dir + "/hall.png");
    int differing = 0;
    for (int k = 0; k < La.params().stages; ++k)
        for (int c = 0; c < La.params().cells; ++c) {
            const uint8_t *pa = cellPixel(a, La, k, c), *pb = cellPixel(b, Lb, k, c);
            for (int ch = 0; ch < 3; ++ch)
                if (std::abs(int(pa[ch]) - int(pb[ch])) > 12) {
                    ++differing;
                    break;
                }
        }
    EXPECT_EQ(differing, 0) << "the reopened tree differs";
}

TEST(ClassroomApp, ScaledScreenshotsAreReRenderedAtTheirSize) {
    REQUIRE_DISPLAY();
    const std::string dir = test::freshDir("shots");
    const auto r = runApp(dir, "classroom:preset=sequential/16;wait-trace;settle;frames:2;shot:one.png;"
                               "classroom:shot=1,tree,opaque," + dir + "/tree1.png;frames:2;"
                               "classroom:shot=2,window,opaque," + dir + "/window2.png;frames:2;"
                               "classroom:shot=3,tree,opaque," + dir + "/tree3.png;frames:2;"
                               "classroom:shot=2,window,transparent," + dir + "/clear2.png;frames:2;"
                               "classroom:export=svg,all,1," + dir + "/tree.svg;classroom:export=gif,all,1," + dir +
                               "/tree.gif;classroom:export=mp4,current,1," + dir + "/tree.mp4;frames:2;wait-export;quit");
    ASSERT_EQ(r.code, 0) << r.output;
    const auto one = exporter::readPng(dir + "/one.png");
    const auto window2 = exporter::readPng(dir + "/window2.png");
    EXPECT_EQ(window2.width, 2 * one.width);
    EXPECT_EQ(window2.height, 2 * one.height);
    const auto tree1 = exporter::readPng(dir + "/tree1.png"), tree3 = exporter::readPng(dir + "/tree3.png");
    EXPECT_NEAR(tree3.width, 3 * tree1.width, 3);
    EXPECT_NEAR(tree3.height, 3 * tree1.height, 3);
    EXPECT_LT(tree1.width, one.width);  // a panel, not the window
    const auto clear = exporter::readPng(dir + "/clear2.png");
    int transparent = 0, opaque = 0;
    for (size_t i = 3; i < clear.rgba.size(); i += 4) (clear.rgba[i] == 0 ? transparent : opaque) += clear.rgba[i] == 0 || clear.rgba[i] == 255;
    EXPECT_GT(transparent, 1000);
    EXPECT_GT(opaque, 1000);
    // The tree exported from the app: a numbered SVG per stage, a GIF frame per stage.
    for (int k = 0; k < 5; ++k) EXPECT_TRUE(std::filesystem::exists(dir + "/tree-0" + std::to_string(k) + ".svg")) << k;
    EXPECT_EQ(exporter::countGifFrames(dir + "/tree.gif"), 5);
    // The SVG from the app carries the stage's words, as the command line's does.
    EXPECT_NE(test::readAll(dir + "/tree-01.svg").find("<desc>Stage 1 (s = 8): work-items 0 to 7"), std::string::npos);
    // A video is always the whole animation: 1.2 s a stage at 30 frames a second, the last stage twice as long.
    const exporter::VideoInfo video = exporter::readVideo(dir + "/tree.mp4");
    EXPECT_EQ(video.codec, "h264");
    EXPECT_EQ(video.frames, 36 * (5 + 1));
    EXPECT_TRUE(std::filesystem::exists(dir + "/tree.mp4.vtt"));
}

// A video is written a little after each frame, so the window keeps drawing; quitting before it is done leaves no
// half-written file (neither the video nor its temporary).
TEST(ClassroomApp, AVideoIsWrittenBetweenFramesAndQuittingEarlyLeavesNoHalfFile) {
    REQUIRE_DISPLAY();
    const std::string dir = test::freshDir("video_quit");
    const auto r = runApp(dir, "classroom:preset=sequential/32;wait-trace;settle;classroom:panel=on;"
                               "classroom:export=webm,all,2," + dir + "/tree.webm;frames:3;shot:drawing.png;quit");
    ASSERT_EQ(r.code, 0) << r.output;
    EXPECT_TRUE(std::filesystem::exists(dir + "/drawing.png"));  // a frame drawn while the video was being written
    EXPECT_FALSE(std::filesystem::exists(dir + "/tree.webm"));
    EXPECT_FALSE(std::filesystem::exists(dir + "/tree.webm.part"));
    EXPECT_FALSE(std::filesystem::exists(dir + "/tree.webm.vtt"));
}

TEST(ClassroomApp, ACorruptSettingsFileFallsBackToDefaultsWithAMessage) {
    REQUIRE_DISPLAY();
    const std::string dir = test::freshDir("corrupt_settings");
    std::filesystem::create_directories(dir + "/config");
    std::ofstream(dir + "/config/settings.json") << "{\"window\": {\"width\": \"wide\"}, \"classroom\": [";
    const auto r = runApp(dir, "wait-trace;frames:2;shot:a.png;quit");
    EXPECT_EQ(r.code, 0) << r.output;
    EXPECT_NE(r.output.find("ignored the unreadable settings file"), std::string::npos) << r.output;
    std::ifstream in(dir + "/config/settings.json");
    const auto rewritten = nlohmann::json::parse(in);  // saved again, whole, on exit
    EXPECT_EQ(rewritten["classroom"]["theme"], "dark");
}

TEST(ClassroomSession, AFailedOpenChangesNothing) {
    gui::ExplorerState state;
    state.config.variant = "sequential";
    state.config.n = 123;
    state.requested = state.loaded = 7;
    for (const char* bad : {"bad_truncated_half.json", "bad_analysis_tampered.json", "bad_deep_arrays.json",
                            "bad_non_utf8_in_string.json", "no-such-file.json"}) {
        const std::string error = gui::openSessionInto(state, test::corpusPath(bad));
        EXPECT_FALSE(error.empty()) << bad;
        EXPECT_EQ(state.config.n, 123u);
        EXPECT_EQ(state.requested, 7u);
        EXPECT_EQ(state.a.bundle, nullptr);
    }
    EXPECT_EQ(gui::openSessionInto(state, test::corpusPath("valid_sequential_int16.json")), "");
    ASSERT_TRUE(state.a.loaded());
    EXPECT_EQ(state.config.n, 16u);
    EXPECT_EQ(state.steps(), 5);
    EXPECT_FALSE(state.dirty);  // shown as it was recorded: nothing is traced again
}

}  // namespace
}  // namespace rl
