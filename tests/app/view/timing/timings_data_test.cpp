// The Timings view's data layer without a device or display: sweep lists, the cache (memory and file), the ladder
// table's speedups, verdicts and G80 columns, the series against N, round-off errors, and the CSV text.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>

#include "app/view/timing/timing_cache.h"
#include "app/view/timing/timing_csv.h"
#include "app/view/timing/timing_series.h"
#include "app/view/timing/timing_table.h"
#include "core/catalogue/variant.h"

namespace rl::view {
namespace {

std::string tempFile(const std::string& name) {
    std::string dir = ::testing::TempDir() + "reducelab-timings-XXXXXX";
    if (!mkdtemp(dir.data())) return ::testing::TempDir() + name;
    return dir + "/" + name;
}

Measurement timed(double ms, size_t n, bool correct = true, double spread = 0.1) {
    Measurement m;
    m.ok = true;
    m.medianMs = ms;
    m.minMs = ms * (1 - spread);
    m.maxMs = ms * (1 + spread);
    m.gbps = double(n) * 4 / (ms * 1e6);
    m.correct = correct;
    m.when = "2025-01-01 10:00";
    return m;
}

std::vector<std::vector<std::string>> parseCsv(const std::string& text) {
    std::vector<std::vector<std::string>> rows;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        std::vector<std::string> cells;
        std::string cell;
        bool quoted = false;
        for (size_t i = 0; i < line.size(); ++i) {
            const char c = line[i];
            if (quoted) {
                if (c == '"' && i + 1 < line.size() && line[i + 1] == '"')
                    cell += '"', ++i;
                else if (c == '"')
                    quoted = false;
                else
                    cell += c;
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                cells.push_back(cell);
                cell.clear();
            } else {
                cell += c;
            }
        }
        cells.push_back(cell);
        rows.push_back(cells);
    }
    return rows;
}

const DeviceKey kDevice{"Test device", "1.0", "Test platform 3.0"};

TEST(TimingData, PowersOfTwoCoverTheRangeWithItsEnds) {
    EXPECT_EQ(powersOfTwo(65536, 262144, 2), (std::vector<size_t>{65536, 262144}));
    EXPECT_EQ(powersOfTwo(1 << 16, 1 << 24, 2), (std::vector<size_t>{1 << 16, 1 << 18, 1 << 20, 1 << 22, 1 << 24}));
    EXPECT_EQ(powersOfTwo(1000, 5000, 1), (std::vector<size_t>{512, 1024, 2048, 4096}));  // rounded down to powers
    EXPECT_EQ(powersOfTwo(1 << 16, 1 << 19, 2), (std::vector<size_t>{1 << 16, 1 << 18, 1 << 19}));  // end included
    EXPECT_EQ(powersOfTwo(4096, 4096, 2), (std::vector<size_t>{4096}));
}

TEST(TimingData, PointKeysTellEveryParameterApart) {
    TimingParams p;
    const PointKey a = runKey(p, "sequential", 1 << 20);
    PointKey b = a;
    b.repeats = 10;
    EXPECT_NE(a.text(), b.text());
    b = a;
    b.type = ElemType::Float;
    EXPECT_NE(a.text(), b.text());
    EXPECT_NE(a.text(), copyKey(p, 1 << 20).text());
    EXPECT_NE(a.text(), roundoffKey(p, "sequential", 1 << 20).text());
    EXPECT_EQ(roundoffKey(p, "sequential", 1 << 20).type, ElemType::Float);  // round-off is about float sums
    p.wg = 128;
    EXPECT_EQ(copyKey(p, 1 << 20).text(), copyKey(TimingParams{}, 1 << 20).text());  // the copy has no work-group
}

TEST(TimingData, SweepListsEachPointOnceCeilingFirst) {
    TimingParams p;
    p.n = 1 << 18;
    p.sizeMin = 1 << 16;
    p.sizeMax = 1 << 18;
    p.sizeVariants = {"sequential", "best-cpu"};
    p.roundMin = 1 << 16;
    p.roundMax = 1 << 18;
    p.roundVariants = {"sequential"};
    const auto points = sweepPoints(p, {"interleaved-divergent", "sequential"});
    ASSERT_FALSE(points.empty());
    EXPECT_EQ(points.front().kind, PointKind::Copy);
    EXPECT_EQ(points.front().n, size_t(1) << 18);
    std::set<std::string> seen;
    for (const auto& k : points) EXPECT_TRUE(seen.insert(k.text()).second) << k.text();
    // ladder: copy + 2; sizes: (copy + 2) x 2 sizes, of which copy, sequential at 2^18 are already there; round: 2
    EXPECT_EQ(points.size(), 3u + 6u - 2u + 2u);
}

TEST(TimingData, PositiveFloatsAreExactRepeatableAndInTheUnitInterval) {
    const HostArray a = positiveFloats(1000, 7), b = positiveFloats(1000, 7), c = positiveFloats(1000, 8);
    ASSERT_EQ(a.size(), 1000u);
    EXPECT_EQ(a.floats, b.floats);
    EXPECT_NE(a.floats, c.floats);
    double sum = 0;
    for (float v : a.floats) {
        EXPECT_GE(v, 0.0f);
        EXPECT_LT(v, 1.0f);
        const double scaled = double(v) * 16777216.0;
        EXPECT_EQ(scaled, std::floor(scaled));  // a multiple of 2^-24
        sum += v;
    }
    EXPECT_NEAR(sum / 1000, 0.5, 0.05);
}

TEST(TimingCache, RemembersPerDeviceAndSurvivesTheFile) {
    const std::string path = tempFile("timings-cache.json");
    TimingParams p;
    const PointKey k = runKey(p, "sequential", 1 << 20);
    {
        TimingCache cache(path);
        cache.load(nullptr);
        EXPECT_FALSE(cache.loadedFromDisk());
        EXPECT_EQ(cache.find(kDevice, k), nullptr);
        Measurement m = timed(2.5, 1 << 20);
        m.verdict = "equals the CPU reference, \"exactly\"";
        cache.put(kDevice, k, m);
        Measurement u;
        u.ok = false;
        u.unavailable = true;
        u.error = "needs sub-groups";
        cache.put(kDevice, runKey(p, "sub-group-reduce", 1 << 20), u);
        DeviceKey other = kDevice;
        other.driver = "2.0";  // the same device under another driver is another device
        EXPECT_EQ(cache.find(other, k), nullptr);
        EXPECT_TRUE(cache.dirty());
        std::string error;
        ASSERT_TRUE(cache.save(&error)) << error;
        EXPECT_FALSE(cache.dirty());
    }
    TimingCache again(path);
    std::string warning;
    again.load(&warning);
    EXPECT_TRUE(warning.empty()) << warning;
    EXPECT_TRUE(again.loadedFromDisk());
    const Measurement* m = again.find(kDevice, k);
    ASSERT_NE(m, nullptr);
    EXPECT_TRUE(m->ok);
    EXPECT_DOUBLE_EQ(m->medianMs, 2.5);
    EXPECT_DOUBLE_EQ(m->gbps, double(1 << 20) * 4 / 2.5e6);
    EXPECT_EQ(m->verdict, "equals the CPU reference, \"exactly\"");
    const Measurement* u = again.find(kDevice, runKey(p, "sub-group-reduce", 1 << 20));
    ASSERT_NE(u, nullptr);
    EXPECT_FALSE(u->ok);
    EXPECT_TRUE(u->unavailable);
    EXPECT_EQ(u->error, "needs sub-groups");
    EXPECT_EQ(again.size(kDevice), 2u);
    again.erase(kDevice, k);
    EXPECT_EQ(again.find(kDevice, k), nullptr);
}

TEST(TimingCache, ReadOnlyKeepsTheFileAsItIs) {
    const std::string path = tempFile("timings-cache.json");
    TimingCache cache(path);
    cache.setReadOnly(true);
    cache.put(kDevice, copyKey(TimingParams{}, 1024), timed(1, 1024));
    std::string error;
    EXPECT_TRUE(cache.save(&error)) << error;
    EXPECT_FALSE(std::ifstream(path).good());                                // nothing written
    EXPECT_NE(cache.find(kDevice, copyKey(TimingParams{}, 1024)), nullptr);  // still there in memory
}

TEST(TimingCache, ACorruptFileIsIgnoredWithAWarning) {
    const std::string path = tempFile("timings-cache.json");
    {
        std::ofstream out(path);
        out << "{\"version\": 1, \"devices\": [ {\"name\": 3";
    }
    TimingCache cache(path);
    std::string warning;
    cache.load(&warning);
    EXPECT_NE(warning.find("unreadable"), std::string::npos) << warning;
    EXPECT_FALSE(cache.loadedFromDisk());
    cache.put(kDevice, copyKey(TimingParams{}, 1024), timed(1, 1024));
    std::string error;
    EXPECT_TRUE(cache.save(&error)) << error;  // replaced by a good file
    TimingCache again(path);
    again.load(&warning);
    EXPECT_TRUE(again.loadedFromDisk());
}

TEST(TimingCache, AnUnwritablePathIsReported) {
    const std::string file = tempFile("plain-file");
    { std::ofstream(file) << "x"; }
    TimingCache cache(file + "/sub/timings-cache.json");  // a file where a folder should be
    cache.put(kDevice, copyKey(TimingParams{}, 1024), timed(1, 1024));
    std::string error;
    EXPECT_FALSE(cache.save(&error));
    EXPECT_NE(error.find("cannot"), std::string::npos) << error;
}

// A small ladder: Harris's steps 1 and 2, the published wrong-by-design tail, and an unavailable built-in.
struct Ladder {
    TimingCache cache;
    TimingParams params;
    std::vector<VariantInfo> variants;
    std::map<std::string, std::string> unavailable = {{"sub-group-reduce", "needs sub-groups"}};
    Ladder() {
        params.n = 1 << 22;
        for (const char* id :
             {"interleaved-divergent", "interleaved-strided", "unroll-last-warp", "sub-group-reduce", "sequential"})
            variants.push_back(*findVariant(id));
        Measurement copy = timed(1.0, params.n);
        copy.gbps = 2.0 * double(params.n) * 4 / 1e6;  // read + written
        cache.put(kDevice, copyKey(params, params.n), copy);
        cache.put(kDevice, runKey(params, "interleaved-divergent", params.n), timed(8.0, params.n));
        cache.put(kDevice, runKey(params, "interleaved-strided", params.n), timed(4.0, params.n));
        cache.put(kDevice, runKey(params, "unroll-last-warp", params.n), timed(1.0, params.n, false));
        // "sequential" is not measured yet.
    }
};

TEST(TimingTable, SpeedupsShareOfCopyVerdictsAndG80Columns) {
    Ladder l;
    const LadderTable t = buildLadder(l.cache, kDevice, l.params, l.variants, l.unavailable, "interleaved-strided");
    ASSERT_EQ(t.rows.size(), 5u);
    ASSERT_TRUE(t.copy.ok);
    const auto& r1 = t.rows[0];
    const auto& r2 = t.rows[1];
    const auto& wrong = t.rows[2];
    const auto& sub = t.rows[3];
    const auto& pending = t.rows[4];
    EXPECT_EQ(r1.status, RowStatus::Correct);
    EXPECT_DOUBLE_EQ(r1.stepSpeedup, 1.0);
    EXPECT_DOUBLE_EQ(r1.cumulative, 1.0);
    EXPECT_DOUBLE_EQ(r2.stepSpeedup, 2.0);  // 8 ms -> 4 ms
    EXPECT_DOUBLE_EQ(r2.cumulative, 2.0);
    EXPECT_DOUBLE_EQ(wrong.stepSpeedup, 4.0);  // 4 ms -> 1 ms
    EXPECT_DOUBLE_EQ(wrong.cumulative, 8.0);
    // The copy moves 2 x 16 MiB in 1 ms; a reduction reading 16 MiB in 4 ms reaches an eighth of its GB/s.
    EXPECT_NEAR(r2.pctCopy, 12.5, 1e-9);
    EXPECT_EQ(wrong.status, RowStatus::WrongByDesign);  // told apart from a real failure
    EXPECT_FALSE(wrong.reason.empty());
    EXPECT_STREQ(statusText(wrong.status), "wrong (by design)");
    EXPECT_EQ(sub.status, RowStatus::Unavailable);
    EXPECT_EQ(sub.reason, "needs sub-groups");
    EXPECT_EQ(pending.status, RowStatus::Pending);
    EXPECT_EQ(t.measured, 3);
    EXPECT_EQ(t.pending, 1);
    EXPECT_TRUE(r2.best);
    EXPECT_EQ(t.bestRow, 1);
    EXPECT_EQ(t.fastestCorrect(), 1);  // the wrong kernel is faster but does not count
    // Harris's published figures beside his steps.
    ASSERT_NE(r1.g80, nullptr);
    EXPECT_DOUBLE_EQ(r1.g80->timeMs, 8.054);
    EXPECT_DOUBLE_EQ(r2.g80->gbps, 4.854);
    EXPECT_NEAR(r2.g80Step, 8.054 / 3.456, 1e-12);
    EXPECT_NEAR(harrisCumulative(7), 30.05, 0.02);  // Harris's 30.04x, from his rounded times
    EXPECT_EQ(sub.g80, nullptr);
}

TEST(TimingTable, AWrongResultOfACorrectKernelIsAFailureNotADesign) {
    Ladder l;
    l.cache.put(kDevice, runKey(l.params, "sequential", l.params.n), timed(2.0, l.params.n, false));
    const LadderTable t = buildLadder(l.cache, kDevice, l.params, l.variants, l.unavailable, "");
    EXPECT_EQ(t.rows[4].status, RowStatus::Wrong);
    EXPECT_STREQ(statusText(t.rows[4].status), "WRONG");
    EXPECT_EQ(t.bestRow, -1);
}

TEST(TimingCsv, LadderRowsHaveEveryColumnAndConsistentFigures) {
    Ladder l;
    const LadderTable t = buildLadder(l.cache, kDevice, l.params, l.variants, l.unavailable, "interleaved-strided");
    const auto rows = parseCsv(ladderCsv(t, "Test, device"));
    ASSERT_EQ(rows.size(), 1 + t.rows.size());
    const auto& header = rows[0];
    ASSERT_EQ(header.size(), 18u);
    auto col = [&](const std::string& name) {
        return size_t(std::find(header.begin(), header.end(), name) - header.begin());
    };
    for (size_t i = 1; i < rows.size(); ++i) {
        ASSERT_EQ(rows[i].size(), header.size()) << "row " << i;
        EXPECT_EQ(rows[i][col("device")], "Test, device");  // quoted, comma kept
        EXPECT_EQ(rows[i][col("variant")], t.rows[i - 1].variant.id);
        if (rows[i][col("median_ms")].empty()) continue;
        const double ms = std::stod(rows[i][col("median_ms")]), gbps = std::stod(rows[i][col("gbps")]);
        const double n = std::stod(rows[i][col("n")]);
        EXPECT_NEAR(gbps, n * 4 / (ms * 1e6), gbps * 1e-12);
        EXPECT_NEAR(std::stod(rows[i][col("pct_of_copy")]), 100 * gbps / std::stod(rows[i][col("copy_gbps")]), 1e-9);
    }
    EXPECT_EQ(rows[2][col("best")], "yes");
    EXPECT_EQ(rows[1][col("g80_ms")], "8.054");
    EXPECT_EQ(rows[4][col("status")], "unavailable");
    EXPECT_EQ(rows[4][col("note")], "needs sub-groups");
    EXPECT_EQ(rows[3][col("status")], "wrong (by design)");
}

TEST(TimingSeries, SizesCopyFirstFailuresApartAndCsvBands) {
    TimingCache cache;
    TimingParams p;
    p.sizeMin = 1 << 16;
    p.sizeMax = 1 << 18;
    p.sizeVariants = {"sequential"};
    for (size_t n : {size_t(1) << 16, size_t(1) << 18})
        cache.put(kDevice, copyKey(p, n), timed(0.01 * double(n >> 16), n));
    cache.put(kDevice, runKey(p, "sequential", 1 << 16), timed(0.5, 1 << 16));
    Measurement failed;
    failed.error = "kernel build failed";
    cache.put(kDevice, runKey(p, "sequential", 1 << 18), failed);
    const auto series = buildSizeSeries(cache, kDevice, p);
    ASSERT_EQ(series.size(), 2u);
    EXPECT_TRUE(series[0].copy);
    EXPECT_EQ(series[0].points.size(), 2u);
    EXPECT_EQ(series[1].points.size(), 1u);
    EXPECT_EQ(series[1].failedAt, (std::vector<size_t>{1 << 18}));
    EXPECT_EQ(series[1].error, "kernel build failed");
    const auto rows = parseCsv(sizesCsv(series));
    ASSERT_EQ(rows.size(), 1u + 3u);
    // gbps_min comes from the slowest run, gbps_max from the fastest.
    const auto& r = rows[3];
    EXPECT_EQ(r[0], "sequential");
    EXPECT_LT(std::stod(r[6]), std::stod(r[5]));
    EXPECT_GT(std::stod(r[7]), std::stod(r[5]));
    EXPECT_NEAR(std::stod(r[7]), double(1 << 16) * 4 / (0.45 * 1e6), 1e-9);
}

TEST(TimingSeries, RoundoffRowsAndRelativeErrors) {
    TimingCache cache;
    TimingParams p;
    p.roundMin = 1 << 16;
    p.roundMax = 1 << 18;
    p.roundVariants = {"sequential", "global-bottom-up"};
    Measurement m;
    m.ok = true;
    m.reference = 1000.0;
    m.hostSerial = 1000.5;
    m.result = 1000.0001;
    cache.put(kDevice, roundoffKey(p, "sequential", 1 << 18), m);
    const RoundoffTable t = buildRoundoff(cache, kDevice, p);
    ASSERT_EQ(t.rows.size(), 1u);  // 2^16 has no measurement at all
    EXPECT_EQ(t.rows[0].n, size_t(1) << 18);
    ASSERT_TRUE(t.rows[0].hostSerial.has_value());
    ASSERT_EQ(t.rows[0].device.size(), 2u);
    EXPECT_TRUE(t.rows[0].device[0].has_value());
    EXPECT_FALSE(t.rows[0].device[1].has_value());
    EXPECT_NEAR(relativeError(*t.rows[0].hostSerial, t.rows[0].reference), 5e-4, 1e-15);
    EXPECT_DOUBLE_EQ(relativeError(3, 0), 3);  // no relative error against 0
    const auto rows = parseCsv(roundoffCsv(t));
    ASSERT_EQ(rows.size(), 3u);
    EXPECT_EQ(rows[1][1], "host serial float");
    EXPECT_EQ(rows[2][1], "sequential");
    EXPECT_NEAR(std::stod(rows[2][5]), 1e-7, 1e-12);
}

TEST(TimingCsv, NumbersReadBackExactly) {
    for (double v : {0.1, 1.0 / 3.0, 12345.678901234, 6.02e23, 1e-300})
        EXPECT_EQ(std::strtod(csvNumber(v).c_str(), nullptr), v);
    EXPECT_EQ(csvNumber(NAN), "");
    EXPECT_EQ(csvField("plain"), "plain");
    EXPECT_EQ(csvField("a,b"), "\"a,b\"");
    EXPECT_EQ(csvField("say \"hi\""), "\"say \"\"hi\"\"\"");
}

}  // namespace
}  // namespace rl::view
