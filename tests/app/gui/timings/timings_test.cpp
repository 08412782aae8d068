// The Timings view in the real binary under Xvfb, on the OpenCL device (PoCL in CI) with small N: the sweep runs,
// the table, bars and plots are drawn (checked in the screenshots against the rectangles and colours the view
// reports), the CSV export holds every variant with consistent figures and the PNGs are the plots, round-off shows
// Lawlor's lesson, the cache answers a second open with no engine run (in the same process and in a new one),
// an unwritable export folder is reported, and a long sweep can be cancelled while the window keeps drawing.
#include <gtest/gtest.h>
#include <stb_image.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "tests/app/gui/timings/timings_device.h"
#include "tests/support/app_run.h"
#include "core/catalogue/variant.h"
#include "tests/support/screenshot_checks.h"

namespace rl::apptest {
namespace {


view::Rgba colorOf(const std::string& hex) {
    const unsigned v = unsigned(std::stoul(hex.substr(1), nullptr, 16));
    return {uint8_t(v >> 16), uint8_t(v >> 8), uint8_t(v), 255};
}

view::Rect rectIn(const nlohmann::json& report, const std::string& id) {
    const auto& r = report["rects"][id];
    if (!r.is_array()) {
        ADD_FAILURE() << "the report has no rectangle '" << id << "': " << report["rects"].dump();
        return {};
    }
    const float s = report["pixelScale"];
    return {float(r[0]) * s, float(r[1]) * s, float(r[2]) * s, float(r[3]) * s};
}

// Pixels that differ between two equally sized regions of one image (a's top-left against b's).
int differingBetween(const Image& img, const view::Rect& a, const view::Rect& b) {
    const int w = int(std::min(a.w, b.w)), h = int(std::min(a.h, b.h));
    int n = 0;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const auto p = img.at(int(a.x) + x, int(a.y) + y), q = img.at(int(b.x) + x, int(b.y) + y);
            if (std::abs(p.r - q.r) > 24 || std::abs(p.g - q.g) > 24 || std::abs(p.b - q.b) > 24) ++n;
        }
    return n;
}

std::vector<std::map<std::string, std::string>> readCsv(const std::string& path) {
    std::vector<std::map<std::string, std::string>> rows;
    std::ifstream in(path);
    std::string line;
    std::vector<std::string> header;
    while (std::getline(in, line)) {
        std::vector<std::string> cells;
        std::string cell;
        bool quoted = false;
        for (size_t i = 0; i < line.size(); ++i) {
            const char c = line[i];
            if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"')
                cell += '"', ++i;
            else if (c == '"')
                quoted = !quoted;
            else if (c == ',' && !quoted)
                cells.push_back(cell), cell.clear();
            else
                cell += c;
        }
        cells.push_back(cell);
        if (header.empty()) {
            header = cells;
            continue;
        }
        EXPECT_EQ(cells.size(), header.size()) << path << ": " << line;
        std::map<std::string, std::string> row;
        for (size_t i = 0; i < header.size() && i < cells.size(); ++i) row[header[i]] = cells[i];
        rows.push_back(row);
    }
    return rows;
}

// Small and quick: the ladder at 2^16 ints, sizes 2^16 and 2^18, round-off at 2^16 and 2^18, one untimed run (the
// first launch of a kernel at a local size can include the runtime's compile of it) and two timed runs each.
const std::string kSmall =
    "timings:n=65536;timings:sizes=65536..262144;timings:round=65536..262144;timings:repeats=2;timings:warmup=1;"
    "timings:size-variants=interleaved-divergent,sequential,best-cpu;"
    "timings:round-variants=sequential,global-bottom-up;";

TEST(Timings, SweepDrawsTheTableBarsAndPlotsAndExportsThem) {
    const std::string d = tempDir("timings");
    const AppRun r =
        runApp(d, "--config-dir " + d + "/cfg --size 1800x1000 --script \"wait-trace;" + kSmall +
                      "timings:open;wait-sweep;timings:hover=none;timings:tab=ladder;frames:4;shot:" + d +
                      "/ladder.png;timings:report=" + d + "/ladder.json;timings:tab=bars;frames:4;shot:" + d +
                      "/bars.png;timings:report=" + d + "/bars.json;timings:tab=sizes;frames:4;shot:" + d +
                      "/sizes.png;timings:report=" + d + "/sizes.json;timings:export=" + d +
                      "/export;wait-sweep;frames:2;timings:report=" + d + "/export.json;quit\"",
               "XDG_DATA_HOME=" + d + "/data");  // no peer figures of the user's own scripts/bench runs
    ASSERT_EQ(r.exitCode, 0) << r.err;

    // Every variant has a row: measured and correct (or wrong by design), or unavailable with its reason.
    const auto ladder = readJson(d + "/ladder.json");
    EXPECT_EQ(ladder["state"], "done");
    EXPECT_EQ(ladder["missing"], 0);
    EXPECT_GT(ladder["engineRuns"].get<int>(), int(reduceVariants().size()) / 2);
    ASSERT_EQ(ladder["rows"].size(), reduceVariants().size());
    int measured = 0, best = 0;
    for (size_t i = 0; i < reduceVariants().size(); ++i) {
        const auto& row = ladder["rows"][i];
        const VariantInfo& v = reduceVariants()[i];
        EXPECT_EQ(row["variant"], v.id);
        const std::string status = row["status"];
        if (status == "unavailable") continue;
        ++measured;
        best += row["best"].get<bool>() ? 1 : 0;
        if (v.correctByDesign)
            EXPECT_EQ(status, "correct") << row.dump();
        else
            EXPECT_TRUE(status == "wrong (by design)" || status == "correct this time (wrong by design)") << v.id;
        EXPECT_GT(row["gbps"].get<double>(), 0) << v.id;
    }
    EXPECT_GE(measured, 10) << ladder["rows"].dump();
    EXPECT_EQ(best, 1) << ladder["rows"].dump();
    EXPECT_GT(ladder["copyGbps"].get<double>(), 0);

    Shot ladderShot, barsShot, sizesShot;
    ASSERT_TRUE(loadShot(d + "/ladder.png", &ladderShot) && loadShot(d + "/bars.png", &barsShot) &&
                loadShot(d + "/sizes.png", &sizesShot));
    const view::Palette& pal = view::darkPalette();
    // The table: text in it, in several colours (numbers, the verdicts' green).
    const view::Rect table = rectIn(ladder, "table");
    EXPECT_GT(table.w * table.h, 200000);
    EXPECT_GT(countNear(ladderShot.image, table, pal.text, 30), 2000);
    EXPECT_GT(countNear(ladderShot.image, table, pal.good, 30), 100);
    EXPECT_GT(distinctColours(ladderShot.image, table), 12);

    // The bars: the bar colour inside the bar chart, the best variant's colour too; and not on the table's tab.
    const auto bars = readJson(d + "/bars.json");
    const view::Rect chart = rectIn(bars, "bars");
    const view::Rgba barColor = colorOf(bars["colors"]["bar"]), bestColor = colorOf(bars["colors"]["best"]);
    EXPECT_GT(countNear(barsShot.image, chart, barColor, 12), 300);
    EXPECT_GT(countNear(barsShot.image, chart, bestColor, 12), 300) << bars["drawn"].dump();
    EXPECT_LT(countNear(ladderShot.image, chart, barColor, 12), countNear(barsShot.image, chart, barColor, 12) / 4);

    // Time and bandwidth against N: two plots, drawn with content, and different from each other.
    const auto sizes = readJson(d + "/sizes.json");
    const view::Rect time = rectIn(sizes, "time"), gbps = rectIn(sizes, "gbps");
    EXPECT_GT(time.w * time.h, 100000);
    EXPECT_GT(distinctColours(sizesShot.image, time), 12);
    EXPECT_GT(differingBetween(sizesShot.image, time, gbps), int(time.w * time.h * 0.02));

    // Export: three CSVs and four PNGs, in the folder asked for.
    const auto exported = readJson(d + "/export.json");
    EXPECT_EQ(exported["exportError"], "");
    EXPECT_EQ(exported["exported"].size(), 7u);
    for (const char* f : {"timings-ladder.csv", "timings-sizes.csv", "timings-roundoff.csv", "timings-bandwidth.png",
                          "timings-time-vs-n.png", "timings-gbps-vs-n.png", "timings-roundoff.png"})
        EXPECT_TRUE(std::filesystem::exists(d + "/export/" + f)) << f;
    EXPECT_EQ(exported["tab"], "sizes");  // back on the tab the user was looking at

    // The ladder CSV: a row per variant; GB/s = N x 4 bytes / median time; % of copy from the same sweep.
    const auto rows = readCsv(d + "/export/timings-ladder.csv");
    ASSERT_EQ(rows.size(), reduceVariants().size());
    for (size_t i = 0; i < rows.size(); ++i) {
        const auto& row = rows[i];
        EXPECT_EQ(row.at("variant"), reduceVariants()[i].id);
        EXPECT_EQ(row.at("n"), "65536");
        EXPECT_EQ(row.at("type"), "int");
        if (row.at("status") == "unavailable") {
            EXPECT_TRUE(row.at("gbps").empty());
            EXPECT_FALSE(row.at("note").empty());  // the reason
            continue;
        }
        const double ms = std::stod(row.at("median_ms")), g = std::stod(row.at("gbps"));
        EXPECT_GT(g, 0);
        EXPECT_NEAR(g, 65536.0 * 4 / (ms * 1e6), g * 1e-9) << row.at("variant");
        EXPECT_LE(std::stod(row.at("min_ms")), ms);
        EXPECT_GE(std::stod(row.at("max_ms")), ms);
        EXPECT_NEAR(std::stod(row.at("pct_of_copy")), 100 * g / std::stod(row.at("copy_gbps")), 1e-6);
    }
    EXPECT_EQ(rows[0].at("g80_ms"), "8.054");

    // Sizes CSV: the copy and the three variants at 2^16 and 2^18; reductions at n x 4 / time, the copy twice that.
    const auto sizeRows = readCsv(d + "/export/timings-sizes.csv");
    EXPECT_EQ(sizeRows.size(), 8u);
    for (const auto& row : sizeRows) {
        const double n = std::stod(row.at("n")), ms = std::stod(row.at("median_ms")), g = std::stod(row.at("gbps"));
        const double bytes = row.at("series") == "copy" ? 2 * n * 4 : n * 4;
        EXPECT_NEAR(g, bytes / (ms * 1e6), g * 1e-9) << row.at("series") << " " << n;
        EXPECT_LE(std::stod(row.at("gbps_min")), g);
        EXPECT_GE(std::stod(row.at("gbps_max")), g);
    }

    // Round-off (Lawlor's lesson): at 2^18 positive floats, the host's serial loop is far less accurate than
    // either tree on the device.
    const auto roundRows = readCsv(d + "/export/timings-roundoff.csv");
    std::map<std::string, double> at18;
    for (const auto& row : roundRows)
        if (row.at("n") == "262144") at18[row.at("method")] = std::stod(row.at("rel_error"));
    ASSERT_EQ(at18.size(), 3u);
    EXPECT_GT(at18["host serial float"], 1e-6);
    EXPECT_GT(at18["host serial float"], 10 * at18["sequential"]);
    EXPECT_GT(at18["host serial float"], 10 * at18["global-bottom-up"]);

    // The PNGs are the plots: the plot's size, the bar colour in the bandwidth one.
    int w = 0, h = 0, c = 0;
    unsigned char* png = stbi_load((d + "/export/timings-bandwidth.png").c_str(), &w, &h, &c, 3);
    ASSERT_NE(png, nullptr);
    EXPECT_NEAR(w, chart.w, 1.5);
    EXPECT_NEAR(h, chart.h, 1.5);
    Image img;
    img.width = w;
    img.height = h;
    img.rgb.assign(png, png + size_t(w) * size_t(h) * 3);
    stbi_image_free(png);
    EXPECT_GT(countNear(img, {0, 0, float(w), float(h)}, barColor, 12), 300);
}

TEST(Timings, TheCacheAnswersASecondOpenWithoutMeasuring) {
    const std::string d = tempDir("timings");
    { std::ofstream(d + "/plain-file") << "x"; }
    AppRun r =
        runApp(d, "--config-dir " + d + "/cfg --size 1500x900 --script \"wait-trace;" + kSmall +
                      "timings:open;wait-sweep;timings:report=" + d +
                      "/first.json;timings:close;frames:3;"
                      "timings:open;frames:3;wait-sweep;timings:report=" +
                      d +
                      "/reopened.json;"
                      "timings:export=" +
                      d + "/plain-file/sub;wait-sweep;frames:2;timings:report=" + d +
                      "/bad-export.json;timings:remeasure;wait-sweep;timings:report=" + d + "/remeasured.json;quit\"");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto first = readJson(d + "/first.json"), reopened = readJson(d + "/reopened.json");
    EXPECT_EQ(first["openedWithMissing"].get<int>(), first["total"].get<int>());
    EXPECT_GT(first["engineRuns"].get<int>(), 10);
    EXPECT_EQ(reopened["engineRuns"], first["engineRuns"]);  // no kernel ran again
    EXPECT_EQ(reopened["openedWithMissing"], 0);
    EXPECT_EQ(reopened["sweeps"], first["sweeps"]);
    EXPECT_EQ(reopened["rows"], first["rows"]);

    // An export into a path below a plain file fails with a message saying what to do.
    const auto bad = readJson(d + "/bad-export.json");
    const std::string error = bad["exportError"];
    EXPECT_NE(error.find("Cannot export to"), std::string::npos) << error;
    EXPECT_NE(error.find("Choose a folder you can write to"), std::string::npos) << error;

    // Re-measure runs every point again, even though all are cached.
    const auto again = readJson(d + "/remeasured.json");
    EXPECT_EQ(again["state"], "done");
    EXPECT_EQ(again["engineRuns"].get<int>(), 2 * first["engineRuns"].get<int>());
    EXPECT_EQ(again["sweeps"].get<int>(), first["sweeps"].get<int>() + 1);

    // A new process with the same config directory: the cache file answers, nothing is measured.
    r = runApp(d, "--config-dir " + d + "/cfg --size 1500x900 --script \"wait-trace;" + kSmall +
                      "timings:open;frames:3;wait-sweep;timings:report=" + d + "/second.json;quit\"");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto second = readJson(d + "/second.json");
    EXPECT_TRUE(second["cacheFromDisk"].get<bool>());
    EXPECT_EQ(second["engineRuns"], 0);
    EXPECT_EQ(second["sweeps"], 0);
    EXPECT_EQ(second["openedWithMissing"], 0);
    EXPECT_EQ(second["rows"], again["rows"]);  // the newest figures, from the file
}

TEST(Timings, ALongSweepCanBeCancelledWhileTheWindowKeepsDrawing) {
    const std::string d = tempDir("timings");
    // The ladder at 2^16 ints (done in well under a second), then sizes up to 2^24 with ten runs each: far longer
    // than the few seconds it runs here. The copy kernel and the variants at one size are timed in turns and handed
    // back together, so the bar follows the rounds of the batch in progress.
    const AppRun r = runApp(d, "--config-dir " + d +
                                   "/cfg --size 1400x900 --script \"wait-trace;timings:n=65536;"
                                   "timings:repeats=10;timings:sizes=65536..16777216;key:t;frames:2;sleep:1;"
                                   "timings:report=" +
                                   d + "/r1.json;sleep:1;timings:report=" + d +
                                   "/r2.json;"
                                   "timings:cancel;wait-sweep;timings:report=" +
                                   d + "/r3.json;frames:3;shot:" + d + "/cancelled.png;quit\"");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto r1 = readJson(d + "/r1.json"), r2 = readJson(d + "/r2.json"), r3 = readJson(d + "/r3.json");
    EXPECT_TRUE(r1["open"].get<bool>());  // the T key opened the view
    EXPECT_EQ(r1["state"], "running");
    EXPECT_EQ(r2["state"], "running");
    // The window drew frames all along (the sweep runs on its own thread).
    const double seconds = r2["time"].get<double>() - r1["time"].get<double>();
    EXPECT_GE(seconds, 0.9);
    EXPECT_GE(r2["frames"].get<long>() - r1["frames"].get<long>(), 5) << "over " << seconds << " s";
    EXPECT_GT(r2["progress"].get<double>(), r1["progress"].get<double>());  // the bar moved
    EXPECT_GE(r2["progress"].get<double>(), r2["done"].get<double>());
    EXPECT_LT(r2["progress"].get<double>(), r2["total"].get<double>());
    // Cancel stops after the measurement in progress and says so.
    EXPECT_EQ(r3["state"], "cancelled");
    EXPECT_LT(r3["done"].get<int>(), r3["total"].get<int>());
    EXPECT_GT(r3["done"].get<int>(), 0);  // the ladder's batch was kept
    EXPECT_NE(r3["note"].get<std::string>().find("Cancelled after"), std::string::npos);
    EXPECT_LT(r3["time"].get<double>() - r2["time"].get<double>(), 15.0);
    EXPECT_GT(r3["missing"].get<int>(), 0);
    Shot shot;
    ASSERT_TRUE(loadShot(d + "/cancelled.png", &shot));
    EXPECT_GT(countNear(shot.image, rectIn(r3, "progress"), view::darkPalette().warn, 20), 200);  // a warn-coloured bar
}

}  // namespace
}  // namespace rl::apptest

namespace rl::apptest {
namespace {

// The workbench's kernel is a row of the ladder on the same device: timed in a child process (`reducelab bench
// --kernel-only`), with its speedup over interleaved-divergent (the first row) and its share of the copy kernel.
// An edit that is checked again is a new row key: the edited kernel is measured, not the old one's figure reused.
TEST(Timings, TheWorkbenchKernelIsARowBesideTheLadder) {
    const std::string d = tempDir("timings-kernel");
    const std::string k = d + "/mine.cl";
    const std::string kernels = std::string(REDUCELAB_SOURCE_DIR) + "/tests/data/workbench/kernels/";
    std::ofstream(k) << readFile(kernels + "plain_sequential.cl");
    const AppRun r = runApp(
        d,
        "--config-dir " + d + "/cfg --no-save --size 1800x1000 --n 64 --wg 16 --type int --script \"wait-trace;"
        "kernel-open:" + k + ";kernel-check;settle;" + kSmall + "timings:open;wait-sweep;timings:tab=ladder;frames:4;"
        "shot:" + d + "/ladder.png;timings:report=" + d + "/ladder.json;timings:close;"
        "kernel-replace:s >>= 1=>s /= 2;kernel-check;settle;timings:open;wait-sweep;frames:2;"
        "timings:report=" + d + "/edited.json;quit\"",
        "XDG_DATA_HOME=" + d + "/data");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto ladder = readJson(d + "/ladder.json");
    EXPECT_EQ(ladder["missing"], 0);
    ASSERT_EQ(ladder["rows"].size(), reduceVariants().size() + 1);
    EXPECT_EQ(ladder["rows"][0]["variant"], "interleaved-divergent");
    const auto& own = ladder["rows"][1];  // under the first step, in view without scrolling
    EXPECT_EQ(own["name"], "your kernel: mine.cl") << own;
    EXPECT_EQ(own["status"], "correct") << own;
    EXPECT_GT(own["median_ms"].get<double>(), 0.0);
    const double first = ladder["rows"][0]["median_ms"].get<double>();
    EXPECT_NEAR(own["cumulative"].get<double>(), first / own["median_ms"].get<double>(), 1e-9);
    // The ladder's own steps still follow each other: interleaved-strided's step is over interleaved-divergent.
    EXPECT_EQ(ladder["rows"][2]["variant"], "interleaved-strided");
    EXPECT_NEAR(ladder["rows"][2]["cumulative"].get<double>(), first / ladder["rows"][2]["median_ms"].get<double>(), 1e-9);
    EXPECT_GT(own["pct_copy"].get<double>(), 0.0);

    const auto edited = readJson(d + "/edited.json");
    EXPECT_EQ(edited["missing"], 0);
    const auto& again = edited["rows"][1];
    EXPECT_EQ(again["name"], "your kernel: mine.cl");
    EXPECT_NE(again["variant"], own["variant"]) << "the edited text is another point";
    EXPECT_EQ(again["status"], "correct") << again;
}

}  // namespace
}  // namespace rl::apptest

namespace rl::apptest {
namespace {

// What scripts/bench measured on this device is drawn beside the ladder: the libraries as bars at the ladder's N
// (Bandwidth tab), as dashed lines against N, and their figures in the report. Figures of another device are not.
TEST(Timings, ThePeersThatScriptsBenchMeasuredHereAreOverlaid) {
    const std::string d = tempDir("timings-peers");
    const std::string env = "XDG_DATA_HOME=" + d + "/data";
    const std::string device = timingsDevice(d, env);
    ASSERT_FALSE(device.empty());
    const std::string dir = d + "/data/reducelab/bench";
    std::filesystem::create_directories(dir);
    auto bench = [&](const std::string& name, const std::string& dev, double gbps) {
        nlohmann::json m = {{"method", name}, {"role", "host-peer"}, {"n", 65536}, {"gbps", gbps},
                            {"timing", "wall"}, {"correct", true}};
        nlohmann::json m2 = m;
        m2["n"] = 262144;
        std::ofstream(dir + "/" + name + ".json")
            << nlohmann::json{{"device", dev}, {"date", "2026-11-23 10:00:00 UTC"}, {"data_type", "int"},
                              {"op", "sum"}, {"measurements", {m, m2}}}
                   .dump();
    };
    bench("host-reduce", device, 12.5);
    bench("elsewhere", "Some Other Device", 999.0);
    const AppRun r = runApp(d,
                            "--config-dir " + d + "/cfg --no-save --size 1800x1000 --script \"wait-trace;" + kSmall +
                                "timings:open;wait-sweep;timings:tab=bars;timings:hover=none;frames:4;shot:" + d +
                                "/bars.png;timings:report=" + d + "/bars.json;timings:tab=sizes;frames:4;shot:" + d +
                                "/sizes.png;timings:report=" + d + "/sizes.json;quit\"",
                            env);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto report = readJson(d + "/bars.json");
    ASSERT_EQ(report["peers"].size(), 1u) << report["peers"].dump();
    EXPECT_EQ(report["peers"][0]["method"], "host-reduce");
    EXPECT_DOUBLE_EQ(report["peers"][0]["gbps"]["65536"].get<double>(), 12.5);
    // What the bars were drawn with: the library's bar at the ladder's N, and its legend entry; not the other device's.
    const auto& bars = report["drawn"]["bars"];
    bool peerBar = false;
    for (const auto& b : bars["bars"]) {
        EXPECT_NE(b["label"], "elsewhere");
        if (b["label"] == "host-reduce") peerBar = b["value"].get<double>() == 12.5;
    }
    EXPECT_TRUE(peerBar) << bars.dump();
    bool legend = false;
    for (const auto& e : bars["legend"]) legend = legend || e.get<std::string>().find("scripts/bench") != std::string::npos;
    EXPECT_TRUE(legend) << bars.dump();
    // The sizes tab (drawn last) has the library as a dashed series over the sizes measured here.
    const auto sizes = readJson(d + "/sizes.json");
    bool series = false;
    for (const auto& se : sizes["drawn"]["gbps"]["series"])
        if (se["label"] == "host-reduce (scripts/bench)") series = se["dashed"].get<bool>() && se["points"].get<int>() >= 1;
    EXPECT_TRUE(series) << sizes["drawn"].dump();
}

TEST(Timings, TheHeaderAndTheLaddersCaptionStayInsideALaptopsWindow) {
    // At 1280x800, with the normal text and with it made larger twice (for a back row): the pattern buttons keep
    // their room beside the device's name (which gives way) or go below it, never under the Close button; the
    // controls and the ladder's caption wrap inside the window rather than running past its edge.
    const std::string d = tempDir("timings");
    for (const std::string& keys : {std::string(), std::string("key:ctrl+equal;key:ctrl+equal;settle;")}) {
        const std::string what = keys.empty() ? "normal text" : "larger text";
        const AppRun r = runApp(d, "--config-dir " + d + "/cfg --no-save --size 1280x800 --pattern histogram --script "
                                   "\"wait-trace;" + keys + "timings:n=65536;timings:repeats=1;timings:warmup=0;"
                                   "timings:open;wait-sweep;timings:hover=none;timings:tab=ladder;frames:4;"
                                   "timings:report=" + d + "/header.json;quit\"",
                                "XDG_DATA_HOME=" + d + "/data");
        ASSERT_EQ(r.exitCode, 0) << r.err;
        const auto report = readJson(d + "/header.json");
        const view::Rect window = rectIn(report, "window"), patterns = rectIn(report, "patterns"),
                         close = rectIn(report, "close"), caption = rectIn(report, "caption");
        EXPECT_GT(patterns.w, 0) << what;
        const bool beside = patterns.y < close.bottom() && close.y < patterns.bottom();
        if (beside) EXPECT_LE(patterns.right(), close.x) << what << ": " << report["rects"].dump();
        EXPECT_LE(patterns.right(), window.right()) << what;
        EXPECT_LE(close.right(), window.right()) << what;
        // the controls' row (N, type, runs, warm-up, Re-measure, Cancel) goes on a second line rather than past the edge
        EXPECT_LE(rectIn(report, "cancel").right(), window.right()) << what << ": " << report["rects"].dump();
        EXPECT_LE(caption.right(), window.right()) << what << ": " << report["rects"].dump();
        EXPECT_GT(caption.h, 0) << what;
        // the caption is whole: it wrapped onto a second line rather than being cut
        EXPECT_NE(report["drawn"]["ladder"]["caption"].get<std::string>().find("copy ceiling"), std::string::npos);
    }
}

}  // namespace
}  // namespace rl::apptest
