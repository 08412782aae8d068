// The histogram bench's data (bench/histogram_input.h): made on every core, the values of one serial loop over one
// SplitMix64 stream, whatever the number of threads; in range and shaped as each distribution says.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "bench/histogram_input.h"

namespace rl::bench {
namespace {

constexpr uint64_t kSeed = 42;
// Past 2^21 elements the data are made by at least two threads wherever the machine has two cores.
constexpr size_t kN = 3000017;

SplitMix64 stream(uint64_t seed) { return SplitMix64{seed * 0x2545F4914F6CDD1Dull + 7}; }

TEST(HistogramInput, UniformIntsAreOneSerialStream) {
    const HostArray a = histogramInput(ElemType::Int, "uniform", kN, 256, kSeed);
    ASSERT_EQ(a.ints.size(), kN);
    SplitMix64 rng = stream(kSeed);
    for (size_t i = 0; i < kN; ++i) ASSERT_EQ(a.ints[i], int32_t(rng.next() % 256)) << "element " << i;
}

TEST(HistogramInput, UniformFloatsDrawTwiceAnElement) {
    const HostArray a = histogramInput(ElemType::Float, "uniform", kN, 4096, kSeed);
    ASSERT_EQ(a.floats.size(), kN);
    SplitMix64 rng = stream(kSeed);
    for (size_t i = 0; i < kN; ++i) {
        const uint32_t k = uint32_t(rng.next() % 4096);
        const float want = float(k) + 0.1f + 0.8f * float(rng.next() >> 40) / float(1u << 24);
        ASSERT_EQ(a.floats[i], want) << "element " << i;
    }
}

TEST(HistogramInput, ConstantFloatsDrawOnlyTheirFraction) {
    const HostArray a = histogramInput(ElemType::Float, "constant", kN, 256, kSeed);
    SplitMix64 rng = stream(kSeed);
    for (size_t i = 0; i < kN; ++i)
        ASSERT_EQ(a.floats[i], 128.1f + 0.8f * float(rng.next() >> 40) / float(1u << 24)) << "element " << i;
    const HostArray ints = histogramInput(ElemType::Int, "constant", kN, 4096, kSeed);
    for (size_t i = 0; i < kN; ++i) ASSERT_EQ(ints.ints[i], 2048) << "element " << i;
}

TEST(HistogramInput, ZipfIsAPrefixOfItsLongerSelfAndFallsAsOneOverRank) {
    // Split among threads at other places, the shorter array must still be the longer one's beginning.
    const HostArray shorter = histogramInput(ElemType::Int, "zipf", kN, 256, kSeed);
    const HostArray longer = histogramInput(ElemType::Int, "zipf", 2 * kN + 5, 256, kSeed);
    for (size_t i = 0; i < kN; ++i) ASSERT_EQ(shorter.ints[i], longer.ints[i]) << "element " << i;
    std::vector<double> count(256);
    for (int32_t v : longer.ints) {
        ASSERT_GE(v, 0);
        ASSERT_LT(v, 256);
        ++count[size_t(v)];
    }
    double h = 0;
    for (int k = 1; k <= 256; ++k) h += 1.0 / k;
    for (size_t k : {0, 1, 3, 15, 63}) {  // weight 1 / (k + 1), within 2% of the expected count
        const double want = double(longer.ints.size()) / (double(k + 1) * h);
        EXPECT_NEAR(count[k], want, 0.02 * want) << "bin " << k;
    }
}

TEST(HistogramInput, FloatsSitInsideTheirBins) {
    for (const char* data : {"uniform", "zipf", "constant"}) {
        const HostArray a = histogramInput(ElemType::Float, data, 1 << 20, 4096, kSeed + 1);
        for (float x : a.floats) {  // 0.1 to 0.9 past the bin's start, to the float's own rounding
            const float fraction = x - std::floor(x), ulp = std::nextafter(x, 8192.0f) - x;
            ASSERT_GE(x, 0.0f) << data;
            ASSERT_LT(x, 4096.0f) << data;
            ASSERT_GE(fraction, 0.1f - ulp) << data << ": " << x;
            ASSERT_LE(fraction, 0.9f + ulp) << data << ": " << x;
        }
    }
}

TEST(HistogramInput, EmptyAndTinySizes) {
    EXPECT_TRUE(histogramInput(ElemType::Int, "uniform", 0, 256, kSeed).ints.empty());
    const HostArray one = histogramInput(ElemType::Int, "uniform", 1, 256, kSeed);
    SplitMix64 rng = stream(kSeed);
    ASSERT_EQ(one.ints.size(), 1u);
    EXPECT_EQ(one.ints[0], int32_t(rng.next() % 256));
}

}  // namespace
}  // namespace rl::bench
