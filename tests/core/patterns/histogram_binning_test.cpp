// A histogram's binning on the host (core/patterns/histogram/binning.h): numpy's rule with its edges worked out by
// hand (the last bin closed, values outside and NaNs counted nowhere, the data's minimum and maximum as the range
// where none is given, a constant input in the middle bin), the device's build options as exact literals, the data
// patterns made for histograms (zipf's skew, constant, the letters of a text), and the --bins and --range settings.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>

#include "core/files/run_settings.h"
#include "core/input.h"
#include "core/model/analysis.h"
#include "core/pattern.h"
#include "core/patterns/histogram/binning.h"

namespace rl {
namespace {

RunConfig ranged(ElemType type, size_t bins, double lo, double hi) {
    RunConfig c;
    c.type = type;
    c.bins = bins;
    c.rangeSet = true;
    c.rangeLo = lo;
    c.rangeHi = hi;
    return c;
}

TEST(HistogramBinning, FloatEdgesFollowNumpy) {
    // numpy.histogram(x, bins=4, range=(0, 1)): edges 0, .25, .5, .75, 1; the last bin includes 1.
    const Binning b = binningOf(ranged(ElemType::Float, 4, 0, 1), std::vector<double>{});
    EXPECT_EQ(b.binOf(0.0), 0u);
    EXPECT_EQ(b.binOf(0.2499), 0u);
    EXPECT_EQ(b.binOf(0.25), 1u);
    EXPECT_EQ(b.binOf(0.5), 2u);
    EXPECT_EQ(b.binOf(0.75), 3u);
    EXPECT_EQ(b.binOf(0.999), 3u);
    EXPECT_EQ(b.binOf(1.0), 3u) << "the last bin is closed";
    EXPECT_EQ(b.binOf(1.0001), 4u) << "past the range: counted nowhere";
    EXPECT_EQ(b.binOf(-0.0001), 4u);
    EXPECT_EQ(b.binOf(std::numeric_limits<double>::quiet_NaN()), 4u);
    EXPECT_EQ(b.binOf(-std::numeric_limits<double>::infinity()), 4u);
}

TEST(HistogramBinning, IntEdgesFollowNumpy) {
    // numpy.histogram(x, bins=256, range=(0, 255)): every whole number its own bin, 255 in the last.
    const Binning b = binningOf(ranged(ElemType::Int, 256, 0, 255), std::vector<double>{});
    for (int x : {0, 1, 127, 128, 254}) EXPECT_EQ(b.binOf(x), size_t(x)) << x;
    EXPECT_EQ(b.binOf(255), 255u);
    EXPECT_EQ(b.binOf(256), 256u);
    EXPECT_EQ(b.binOf(-1), 256u);
    // bins=3, range=(-10, 20): widths of 10, edges -10, 0, 10, 20.
    const Binning t = binningOf(ranged(ElemType::Int, 3, -10, 20), std::vector<double>{});
    EXPECT_EQ(t.binOf(-10), 0u);
    EXPECT_EQ(t.binOf(-1), 0u);
    EXPECT_EQ(t.binOf(0), 1u);
    EXPECT_EQ(t.binOf(9), 1u);
    EXPECT_EQ(t.binOf(10), 2u);
    EXPECT_EQ(t.binOf(20), 2u);
    EXPECT_EQ(t.binOf(21), 3u);
}

TEST(HistogramBinning, RangeFromTheDataAsNumpyTakesIt) {
    RunConfig c;
    c.type = ElemType::Int;
    c.bins = 4;
    const Binning b = binningOf(c, std::vector<double>{5, 9, 1, 3});
    EXPECT_EQ(b.lo, 1);
    EXPECT_EQ(b.hi, 9);
    EXPECT_EQ(histogramOf(std::vector<double>{5, 9, 1, 3}, b), (std::vector<double>{1, 1, 1, 1}));
    // One value: numpy widens the range by a half on each side, which puts it in the middle bin.
    c.type = ElemType::Float;
    c.bins = 5;
    const Binning f = binningOf(c, std::vector<double>{3, 3, 3});
    EXPECT_EQ(f.lo, 2.5);
    EXPECT_EQ(f.hi, 3.5);
    EXPECT_EQ(f.binOf(3), 2u);
    c.type = ElemType::Int;
    for (size_t bins : {1, 2, 5, 6, 256}) {
        c.bins = bins;
        EXPECT_EQ(binningOf(c, std::vector<double>{3, 3}).binOf(3), bins / 2) << bins;  // numpy: floor(bins / 2)
    }
}

TEST(HistogramBinning, RefusesWhatItCannotBin) {
    RunConfig c = ranged(ElemType::Double, 4, 0, 1);
    EXPECT_THROW(binningOf(c, std::vector<double>{}), Error);
    c = ranged(ElemType::Int, 4, 0, 1e12);
    EXPECT_THROW(binningOf(c, std::vector<double>{}), Error);
    c = ranged(ElemType::Int, 0, 0, 1);
    EXPECT_THROW(binningOf(c, std::vector<double>{}), Error);
}

TEST(HistogramBinning, BuildOptionsAreExactLiterals) {
    const Binning f = binningOf(ranged(ElemType::Float, 10, -1.5, 0.1), std::vector<double>{});
    const std::string o = binningOptions(f);
    EXPECT_NE(o.find("-D RL_NBINS=10 "), std::string::npos) << o;
    EXPECT_NE(o.find("-D RL_BIN_LO=-0x1.8p+0f"), std::string::npos) << o;
    EXPECT_NE(o.find("-D RL_BIN_SCALE=0x"), std::string::npos) << o;
    const Binning i = binningOf(ranged(ElemType::Int, 256, -5, 250), std::vector<double>{});
    EXPECT_NE(binningOptions(i).find("-D RL_BIN_LO=-5L -D RL_BIN_HI=250L"), std::string::npos) << binningOptions(i);
}

TEST(HistogramData, ZipfIsSkewedAndConstantIsConstant) {
    const HostArray z = makeInput(ElemType::Int, DataPattern::Zipf, 100000, 1);
    std::vector<double> counts(1024, 0);
    for (int32_t v : z.ints) {
        ASSERT_GE(v, 0);
        ASSERT_LT(v, 1024);
        counts[size_t(v)] += 1;
    }
    // Weight 1 / (k + 1) over 1024 values: value 0 takes 1 / H(1024), about 13.3%; value 1 half of that.
    EXPECT_NEAR(counts[0] / 100000, 0.1331, 0.01);
    EXPECT_NEAR(counts[1] / counts[0], 0.5, 0.05);
    EXPECT_GT(counts[0], 50 * counts[500]);
    const HostArray k = makeInput(ElemType::Float, DataPattern::Constant, 1000, 9);
    for (float v : k.floats) ASSERT_EQ(v, 3.0f);
}

TEST(HistogramData, TextGivesItsLettersCaseFolded) {
    const std::string path = (std::filesystem::temp_directory_path() / "reducelab-letters-test.txt").string();
    {
        std::ofstream f(path);
        f << "Ab, z!\nB 9";
    }
    RunConfig c;
    setRunSetting(c, "data", "text:" + path, "--data");
    EXPECT_EQ(c.n, 4u);
    EXPECT_EQ(c.bins, 26u);
    const HostArray letters = makeInput(c);
    ASSERT_EQ(letters.size(), 4u);
    EXPECT_EQ(letters.at(0), 0);
    EXPECT_EQ(letters.at(1), 1);
    EXPECT_EQ(letters.at(2), 25);
    EXPECT_EQ(letters.at(3), 1);
    EXPECT_EQ(histogramOf(letters, binningOf(c, letters))[1], 2);
    {
        std::ofstream f(path);
        f << "123 456\n";
    }
    try {
        setRunSetting(c, "data", "text:" + path, "--data");
        FAIL() << "a file without letters was accepted";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("no letter"), std::string::npos) << e.what();
    }
    std::filesystem::remove(path);
    EXPECT_THROW(setRunSetting(c, "data", "text:" + path, "--data"), Error);
}

TEST(HistogramSettings, BinsAndRangeParseAndRoundTrip) {
    RunConfig c;
    setRunSetting(c, "bins", "1000", "--bins");
    EXPECT_EQ(c.bins, 1000u);
    EXPECT_THROW(setRunSetting(c, "bins", "0", "--bins"), Error);
    EXPECT_THROW(setRunSetting(c, "bins", "65537", "--bins"), Error);
    EXPECT_EQ(settingText(c, "range"), "data");
    setRunSetting(c, "range", "-1.5,2.25", "--range");
    EXPECT_TRUE(c.rangeSet);
    EXPECT_EQ(c.rangeLo, -1.5);
    EXPECT_EQ(c.rangeHi, 2.25);
    RunConfig again;
    setRunSetting(again, "range", settingText(c, "range"), "--range");
    EXPECT_EQ(again.rangeLo, c.rangeLo);
    EXPECT_EQ(again.rangeHi, c.rangeHi);
    setRunSetting(c, "range", "0.1,0.3", "--range");
    setRunSetting(again, "range", settingText(c, "range"), "--range");
    EXPECT_EQ(again.rangeLo, 0.1);
    EXPECT_EQ(again.rangeHi, 0.3);
    for (const char* bad : {"5", "2,1", "1,1", "a,b", "1,", ",2", "0,inf"}) {
        try {
            setRunSetting(c, "range", bad, "--range");
            FAIL() << bad << " was accepted";
        } catch (const Error& e) {
            EXPECT_NE(std::string(e.what()).find("--range"), std::string::npos) << e.what();
        }
    }
    setRunSetting(c, "range", "data", "--range");
    EXPECT_FALSE(c.rangeSet);
}

TEST(HistogramAnalysis, ContentionCountsLanesWritingOneCell) {
    EXPECT_EQ(contentionDegree({-1, -1}), 1);
    EXPECT_EQ(contentionDegree({0, 1, 2, 3}), 1);
    EXPECT_EQ(contentionDegree({5, 5, 2, 5, -1, 2}), 3);
    EXPECT_EQ(contentionDegree(std::vector<int>(32, 7)), 32);
}

TEST(HistogramPattern, IsRegisteredWithItsLadder) {
    const PatternInfo* p = findPattern("histogram");
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(p->id, Pattern::Histogram);
    std::vector<std::string> ids;
    for (const auto& v : p->variants()) {
        ids.push_back(v.id);
        EXPECT_EQ(v.kernelFile, "kernels/histogram/" + v.id + ".cl");
        EXPECT_FALSE(v.lesson.empty()) << v.id;
        EXPECT_NE(v.model, nullptr) << v.id;
    }
    EXPECT_EQ(ids, (std::vector<std::string>{"global-atomics", "local-nonatomic", "privatized", "coarsened",
                                             "coarsened-vector", "coarsened-contiguous", "aggregated", "sub-group",
                                             "replicated", "two-pass", "per-work-item", "sort-then-count"}));
    EXPECT_NE(patternNames().find("histogram"), std::string::npos);
}

}  // namespace
}  // namespace rl
