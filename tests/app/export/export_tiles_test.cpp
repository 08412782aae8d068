// `reducelab export --view tiles`: a multi-tile scan's Tiles tab as slides, traced on the test device. The expected
// totals and offsets are summed here from the generated input, and the statuses are read back from each picture's
// words (SVG titles), so the test reads what was drawn, not what the view computed.
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <string>
#include <vector>

#include "app/export/export_job.h"
#include "core/input.h"
#include "core/run_config.h"
#include "tests/support/export_test_util.h"

namespace rl {
namespace {

// The rows' words of one picture: "Tile 2: elements 8 to 11, total 23, offset 31, status A".
std::vector<std::string> rowTitles(const std::string& svg) {
    std::vector<std::string> rows;
    const std::regex title("<title>(Tile [0-9]+: [^<]*)</title>");
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), title); it != std::sregex_iterator(); ++it)
        rows.push_back((*it)[1]);
    return rows;
}

std::vector<std::string> lookBackArgs(const std::string& out) {
    return {"--pattern", "scan", "--variant", "decoupled-look-back", "--n", "16", "--wg", "4", "--epi", "1",
            "--type", "int", "--data", "digits", "--seed", "2024", "--view", "tiles", "--out", out};
}

// The input the export traced: n ints 0-9 of this seed.
HostArray digits(size_t n, uint64_t seed) {
    RunConfig c;
    c.n = n;
    c.type = ElemType::Int;
    c.data = DataPattern::Digits;
    c.seed = seed;
    return makeInput(c);
}

TEST(ExportTiles, ALookBacksLogIsAPicturePerEntryWithEveryTilesTotalAndOffset) {
    const std::string dir = test::freshDir("export_tiles");
    std::vector<std::string> args = lookBackArgs(dir + "/tiles.svg");
    for (const char* a : {"--format", "svg", "--stage", "all"}) args.emplace_back(a);
    const test::CliResult r = test::runExportCli(args);
    ASSERT_EQ(r.code, 0) << r.err;

    // The four tiles' totals and offsets, from the input itself.
    const HostArray input = digits(16, 2024);
    ASSERT_EQ(input.size(), 16u);
    std::vector<std::string> expected;
    long offset = 0;
    for (int t = 0; t < 4; ++t) {
        long total = 0;
        for (int i = 0; i < 4; ++i) total += input.ints[size_t(4 * t + i)];
        expected.push_back("Tile " + std::to_string(t) + ": elements " + std::to_string(4 * t) + " to " +
                           std::to_string(4 * t + 3) + ", total " + std::to_string(total) + ", offset " +
                           std::to_string(offset) + ", status ");
        offset += total;
    }

    // One picture per entry of the log: each tile draws a ticket and publishes its prefix, tiles 1-3 also their
    // aggregates and at least one read each, so at least 4 + 4 + 3 + 3 entries.
    std::vector<std::vector<char>> statuses;  // [entry][tile]
    for (int k = 0;; ++k) {
        // Fewer than 100 entries: numbered with two digits.
        const std::string svg = test::readAll(exporter::sequencePath(dir + "/tiles.svg", k, 99));
        if (svg.empty()) break;
        const std::vector<std::string> rows = rowTitles(svg);
        ASSERT_EQ(rows.size(), 4u) << "entry " << k;
        statuses.emplace_back();
        for (int t = 0; t < 4; ++t) {
            const std::string& row = rows[size_t(t)];
            ASSERT_EQ(row.substr(0, expected[size_t(t)].size()), expected[size_t(t)]) << "entry " << k;
            statuses.back().push_back(row.back());
        }
    }
    ASSERT_GE(statuses.size(), 14u);
    // Before anything: every word X; at the end: every word P; in between each tile goes X, A, P and never back.
    EXPECT_EQ(std::string(statuses.front().begin(), statuses.front().end()), "XXXX");
    EXPECT_EQ(std::string(statuses.back().begin(), statuses.back().end()), "PPPP");
    auto rank = [](char c) { return c == 'X' ? 0 : c == 'A' ? 1 : c == 'P' ? 2 : -1; };
    for (size_t k = 1; k < statuses.size(); ++k)
        for (int t = 0; t < 4; ++t) {
            EXPECT_GE(rank(statuses[k][size_t(t)]), 0) << "entry " << k << " tile " << t;
            EXPECT_GE(rank(statuses[k][size_t(t)]), rank(statuses[k - 1][size_t(t)])) << "entry " << k << " tile " << t;
        }
    // Tile 0 has no predecessor: it publishes its prefix without an aggregate first.
    for (const auto& entry : statuses) EXPECT_NE(entry[0], 'A');

    // The words: a paragraph per entry, ending with the protocol's verdict.
    args = lookBackArgs(dir + "/tiles.md");
    for (const char* a : {"--format", "md"}) args.emplace_back(a);
    ASSERT_EQ(test::runExportCli(args).code, 0);
    const std::string md = test::readAll(dir + "/tiles.md");
    EXPECT_NE(md.find("## Entry " + std::to_string(statuses.size() - 1)), std::string::npos);
    EXPECT_NE(md.find("Work-group 0 drew ticket 0"), std::string::npos) << md.substr(0, 400);
    EXPECT_NE(md.find("The log keeps the protocol"), std::string::npos);
}

TEST(ExportTiles, ATiledScanIsOnePictureOfItsTilesTotalsAndOffsets) {
    const std::string dir = test::freshDir("export_tiles_blelloch");
    const test::CliResult r =
        test::runExportCli({"--pattern", "scan", "--variant", "blelloch", "--n", "40", "--wg", "16", "--type", "int",
                            "--data", "digits", "--seed", "7", "--view", "tiles", "--format", "svg", "--stage", "all",
                            "--out", dir + "/b.svg"});
    ASSERT_EQ(r.code, 0) << r.err;
    const std::vector<std::string> rows = rowTitles(test::readAll(dir + "/b.svg"));  // one picture: no number
    const HostArray input = digits(40, 7);
    ASSERT_EQ(rows.size(), 3u);  // 16, 16 and the last 8
    long offset = 0;
    for (int t = 0; t < 3; ++t) {
        const size_t first = size_t(16 * t), last = std::min<size_t>(first + 16, 40) - 1;
        std::string want = "Tile " + std::to_string(t) + ": elements " + std::to_string(first) + " to " +
                           std::to_string(last) + ", total ";
        EXPECT_EQ(rows[size_t(t)].substr(0, want.size()), want);
        // No log, so no status; the offset is what the tiles before it add up to.
        EXPECT_NE(rows[size_t(t)].find(", offset " + std::to_string(offset)), std::string::npos) << rows[size_t(t)];
        EXPECT_EQ(rows[size_t(t)].find("status"), std::string::npos);
        for (size_t i = first; i <= last; ++i) offset += input.ints[i];
    }
}

TEST(ExportTiles, WhatHasNoTilesOrCannotShowThemIsRefusedWithWhatToDo) {
    const std::string dir = test::freshDir("export_tiles_refused");
    struct Case {
        std::vector<std::string> args;
        std::string says;
    } cases[] = {
        {{"--variant", "sequential", "--n", "16", "--view", "tiles", "--format", "svg", "--out", dir + "/a.svg"},
         "sequential has none: leave out --view tiles"},
        {{"--pattern", "scan", "--variant", "decoupled-look-back", "--n", "16", "--wg", "4", "--view", "tiles",
          "--format", "mp4", "--out", dir + "/a.mp4"},
         "a video animates the tree"},
        {{"--pattern", "scan", "--variant", "blelloch", "--n", "4096", "--wg", "16", "--view", "tiles", "--format",
          "svg", "--out", dir + "/a.svg"},
         "draws at most 128 tiles, a row each, and this run has 256: use a smaller --n or a larger --wg"},
        {{"--pattern", "scan", "--variant", "blelloch", "--n", "64", "--view", "bars", "--format", "svg", "--out",
          dir + "/a.svg"},
         "--view: 'bars' is not a view; give tree or tiles"},
    };
    for (const Case& c : cases) {
        const test::CliResult r = test::runExportCli(c.args);
        EXPECT_EQ(r.code, 2) << c.says;
        EXPECT_NE(r.err.find(c.says), std::string::npos) << r.err;
    }
}

}  // namespace
}  // namespace rl
