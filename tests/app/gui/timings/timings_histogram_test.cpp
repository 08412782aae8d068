// The Timings view's histogram ladder under Xvfb, on the test's OpenCL device: opened on a histogram it measures every
// histogram variant, counts the bytes each reads once, says in the histogram's own words what it measured (its bins,
// not a sum), and draws beside it the library histograms that scripts/bench measured on this device, and no others.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/app/gui/timings/timings_device.h"
#include "tests/support/app_run.h"
#include "core/catalogue/variant.h"

namespace rl::apptest {
namespace {

bool has(const nlohmann::json& text, const std::string& words) {
    return text.is_string() && text.get<std::string>().find(words) != std::string::npos;
}

TEST(TimingsHistogram, TheLadderIsTheHistogramsInTheirOwnWordsWithTheirPeers) {
    const std::string d = tempDir("timings-histogram");
    const std::string env = "XDG_DATA_HOME=" + d + "/data";
    const std::string device = timingsDevice(d, env);
    ASSERT_FALSE(device.empty());
    // What scripts/bench --pattern histogram keeps for this view: a library histogram of int data on this device, one
    // of the reductions beside it, which the histogram ladder must leave out.
    const std::string dir = d + "/data/reducelab/bench";
    std::filesystem::create_directories(dir);
    auto bench = [&](const std::string& file, const std::string& pattern, const std::string& method, double gbps) {
        nlohmann::json j = {{"device", device}, {"date", "2026-12-01 10:00:00 UTC"}, {"data_type", "int"},
                            {"pattern", pattern}, {"op", pattern == "histogram" ? "count" : "sum"}};
        if (pattern == "histogram") j.update({{"bins", 256}, {"distribution", "uniform"}});
        for (long n : {4096L, 8192L})
            j["measurements"].push_back({{"method", method}, {"role", "host-peer"}, {"n", n}, {"gbps", gbps},
                                         {"timing", "wall"}, {"correct", true}});
        std::ofstream(dir + "/" + file) << j.dump();
    };
    bench("hist.json", "histogram", "host histogram, serial loop", 3.25);
    bench("reduce.json", "reduce", "host-reduce", 99.0);

    AppRun r = runApp(d, "--config-dir " + d + "/cfg --no-save --size 1600x900 --pattern histogram --n 4096 --type int "
                      "--script \"wait-trace;timings:n=4096;timings:sizes=4096..8192;timings:round=4096..8192;"
                      "timings:repeats=2;timings:warmup=1;timings:type=int;timings:open;wait-sweep;timings:tab=ladder;"
                      "frames:4;timings:report=" + d + "/ladder.json;timings:tab=bars;timings:hover=none;frames:4;"
                      "timings:report=" + d + "/bars.json;timings:tab=sizes;frames:4;timings:report=" + d +
                      "/sizes.json;timings:export=" + d + "/export;wait-sweep;frames:2;timings:report=" + d +
                      "/export.json;quit\"",
               env);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto ladder = readJson(d + "/ladder.json");
    EXPECT_EQ(ladder["pattern"], "histogram");
    EXPECT_EQ(ladder["state"], "done");
    const auto& histograms = patternVariants(Pattern::Histogram);
    ASSERT_EQ(ladder["rows"].size(), histograms.size()) << ladder["rows"].dump(1);
    int measured = 0;
    for (size_t i = 0; i < histograms.size(); ++i) {
        const auto& row = ladder["rows"][i];
        EXPECT_EQ(row["variant"], histograms[i].id);
        if (row["status"] == "unavailable") continue;
        ++measured;
        if (histograms[i].correctByDesign) EXPECT_EQ(row["status"], "correct") << row.dump();
        // GB/s counts the bytes read once (4096 x 4) over the median time.
        const double gbps = row["gbps"].get<double>(), ms = row["median_ms"].get<double>();
        EXPECT_NEAR(gbps, 4096.0 * 4 / (ms * 1e6), 1e-6 * gbps) << row.dump();
    }
    EXPECT_GE(measured, 8) << ladder["rows"].dump(1);
    // Its words: the bins it counted, and the histograms' own note, never a sum's or a scan's.
    const auto& words = ladder["drawn"]["ladder"];
    EXPECT_TRUE(has(words["caption"], "256 bins")) << words.dump();
    EXPECT_FALSE(has(words["caption"], "sum")) << words.dump();
    EXPECT_TRUE(has(words["note"], "histograms' ladder")) << words.dump();
    EXPECT_FALSE(has(words["note"], "scan")) << words.dump();

    // The library's histogram beside the ladder, the reduction's left out.
    const auto bars = readJson(d + "/bars.json");
    ASSERT_EQ(bars["peers"].size(), 1u) << bars["peers"].dump();
    EXPECT_EQ(bars["peers"][0]["method"], "host histogram, serial loop");
    bool peerBar = false;
    for (const auto& b : bars["drawn"]["bars"]["bars"]) {
        EXPECT_NE(b["label"], "host-reduce");
        if (b["label"] == "host histogram, serial loop") peerBar = b["value"].get<double>() == 3.25;
    }
    EXPECT_TRUE(peerBar) << bars["drawn"]["bars"].dump();
    const auto sizes = readJson(d + "/sizes.json");
    EXPECT_TRUE(has(sizes["drawn"]["gbps"]["subtitle"], "int histograms (256 bins")) << sizes["drawn"]["gbps"].dump();

    // A count is exact: no round-off was measured, and the export has the ladder, the sizes and their plots only.
    EXPECT_EQ(ladder["tabs"], nlohmann::json({"ladder", "bars", "sizes"}));
    const auto exported = readJson(d + "/export.json");
    EXPECT_EQ(exported["exportError"], "");
    EXPECT_EQ(exported["exported"].size(), 5u) << exported["exported"].dump();
    for (const char* f : {"timings-ladder.csv", "timings-sizes.csv", "timings-bandwidth.png", "timings-time-vs-n.png",
                          "timings-gbps-vs-n.png"})
        EXPECT_TRUE(std::filesystem::exists(d + "/export/" + f)) << f;
    EXPECT_FALSE(std::filesystem::exists(d + "/export/timings-roundoff.csv"));
    EXPECT_FALSE(std::filesystem::exists(d + "/export/timings-roundoff.png"));
    EXPECT_EQ(exported["tab"], "sizes");

    // Asked for the Round-off tab, the script is told why there is none.
    r = runApp(d, "--config-dir " + d + "/cfg --no-save --pattern histogram --script \"wait-trace;timings:open;"
                  "timings:cancel;timings:tab=roundoff;quit\"", env);
    EXPECT_NE(r.exitCode, 0);
    EXPECT_TRUE(r.err.find("results are exact: they have no Round-off tab") != std::string::npos) << r.err;
}

}  // namespace
}  // namespace rl::apptest
