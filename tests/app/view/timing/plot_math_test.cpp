// The plot module's arithmetic (app/view/timing/plot_math): nice steps and ranges, linear and log ticks (decades, powers
// of two, thinning), pixel mapping both ways, labels, and bar slots. No display needed.
#include <gtest/gtest.h>

#include <cmath>

#include "app/view/timing/plot_math.h"

namespace rl::view {
namespace {

std::vector<double> majors(const std::vector<Tick>& ticks) {
    std::vector<double> out;
    for (const auto& t : ticks)
        if (t.major) out.push_back(t.value);
    return out;
}

std::vector<std::string> labels(const std::vector<Tick>& ticks) {
    std::vector<std::string> out;
    for (const auto& t : ticks)
        if (t.major) out.push_back(t.label);
    return out;
}

TEST(PlotMath, NiceStepsAreOneTwoFiveTimesAPowerOfTen) {
    EXPECT_DOUBLE_EQ(niceStep(10, 5), 2);
    EXPECT_DOUBLE_EQ(niceStep(1, 5), 0.2);
    EXPECT_DOUBLE_EQ(niceStep(7, 6), 2);
    EXPECT_DOUBLE_EQ(niceStep(100, 10), 10);
    EXPECT_DOUBLE_EQ(niceStep(24, 6), 5);
    EXPECT_DOUBLE_EQ(niceStep(0.0036, 4), 0.001);
    EXPECT_DOUBLE_EQ(niceStep(0, 5), 1);  // degenerate: a usable step, not 0
}

TEST(PlotMath, LinearAxesRoundOutToTheStepAndCanIncludeZero) {
    AxisSpec a = niceAxis(0.3, 9.7, false, 10, true, 5);
    EXPECT_DOUBLE_EQ(a.lo, 0);
    EXPECT_DOUBLE_EQ(a.hi, 10);
    a = niceAxis(12, 87, false, 10, false, 5);  // step 20: 0..100
    EXPECT_DOUBLE_EQ(a.lo, 0);
    EXPECT_DOUBLE_EQ(a.hi, 100);
    a = niceAxis(3.2, 3.2, false);  // one value gets room on both sides
    EXPECT_LT(a.lo, 3.2);
    EXPECT_GT(a.hi, 3.2);
    a = niceAxis(5, 1, false);  // reversed input
    EXPECT_LE(a.lo, 1);
    EXPECT_GE(a.hi, 5);
}

TEST(PlotMath, LogAxesRoundOutToPowersOfTheBase) {
    AxisSpec a = niceAxis(0.03, 470, true, 10);
    EXPECT_DOUBLE_EQ(a.lo, 0.01);
    EXPECT_DOUBLE_EQ(a.hi, 1000);
    a = niceAxis(65536, 262144, true, 2);
    EXPECT_DOUBLE_EQ(a.lo, 65536);
    EXPECT_DOUBLE_EQ(a.hi, 262144);
    a = niceAxis(70000, 200000, true, 2);
    EXPECT_DOUBLE_EQ(a.lo, 65536);
    EXPECT_DOUBLE_EQ(a.hi, 262144);
    a = niceAxis(1000, 1000, true, 10);  // exactly a power: one decade above it
    EXPECT_DOUBLE_EQ(a.lo, 1000);
    EXPECT_DOUBLE_EQ(a.hi, 10000);
    a = niceAxis(-5, 0, true, 10);  // nothing positive: a default decade, never log(0)
    EXPECT_GT(a.lo, 0);
    EXPECT_GT(a.hi, a.lo);
}

TEST(PlotMath, FitAxisIgnoresNonFiniteAndNonPositiveValuesOnLogAxes) {
    const AxisSpec a = fitAxis({0.0, -3.0, NAN, INFINITY, 0.02, 3.5}, true, 10);
    EXPECT_DOUBLE_EQ(a.lo, 0.01);
    EXPECT_DOUBLE_EQ(a.hi, 10);
    const AxisSpec b = fitAxis({}, false, 10, true);
    EXPECT_LT(b.lo, b.hi);
}

TEST(PlotMath, LinearTicksAreTheNiceStepsInsideTheRange) {
    AxisSpec a;
    a.lo = 0;
    a.hi = 10;
    const auto t = axisTicks(a, 5);
    EXPECT_EQ(majors(t), (std::vector<double>{0, 2, 4, 6, 8, 10}));
    EXPECT_EQ(labels(t), (std::vector<std::string>{"0", "2", "4", "6", "8", "10"}));
    a.lo = -0.5;
    a.hi = 0.5;
    const auto u = axisTicks(a, 5);
    EXPECT_EQ(labels(u), (std::vector<std::string>{"-0.4", "-0.2", "0.0", "0.2", "0.4"}));  // never "-0.0"
}

TEST(PlotMath, LogTicksHaveOneMajorPerDecadeAndMinorsWhenThereAreFew) {
    AxisSpec a;
    a.log = true;
    a.lo = 1e-9;
    a.hi = 1e-5;
    const auto t = axisTicks(a, 6);
    EXPECT_EQ(majors(t), (std::vector<double>{1e-9, 1e-8, 1e-7, 1e-6, 1e-5}));
    EXPECT_EQ(labels(t), (std::vector<std::string>{"1e-9", "1e-8", "1e-7", "1e-6", "1e-5"}));
    EXPECT_EQ(t.size(), 5u + 4u * 8u);  // 2..9 between each pair of decades
    for (size_t i = 1; i < t.size(); ++i) EXPECT_LT(t[i - 1].value, t[i].value);

    a.lo = 0.01;
    a.hi = 1000;  // six decades: majors only, labelled in plain digits
    const auto u = axisTicks(a, 6);
    EXPECT_EQ(labels(u), (std::vector<std::string>{"0.01", "0.1", "1", "10", "100", "1000"}));
    EXPECT_EQ(u.size(), 6u);
}

TEST(PlotMath, ManyDecadesAreThinnedToEveryKth) {
    AxisSpec a;
    a.log = true;
    a.lo = 1e-12;
    a.hi = 1;
    const auto t = axisTicks(a, 4);  // 13 decades, at most 4 labelled: every 4th, at multiples of 4
    EXPECT_EQ(majors(t), (std::vector<double>{1e-12, 1e-8, 1e-4, 1}));
    EXPECT_EQ(t.size(), 13u);  // the others stay as unlabelled minor ticks
    for (const auto& tick : t)
        if (!tick.major) EXPECT_TRUE(tick.label.empty());
}

TEST(PlotMath, BaseTwoAxesTickEveryPowerLabelledAsPowers) {
    AxisSpec a;
    a.log = true;
    a.base = 2;
    a.lo = 65536;
    a.hi = 1 << 20;
    const auto t = axisTicks(a, 6);
    EXPECT_EQ(labels(t), (std::vector<std::string>{"2^16", "2^17", "2^18", "2^19", "2^20"}));
    a.lo = 1 << 10;
    a.hi = double(1 << 28);
    const auto u = axisTicks(a, 6);  // 19 powers: every 4th labelled, at multiples of 4
    EXPECT_EQ(labels(u), (std::vector<std::string>{"2^12", "2^16", "2^20", "2^24", "2^28"}));
    a.lo = 1 << 16;
    a.hi = 1 << 24;
    const auto v = axisTicks(a, 4);  // 9 powers, at most 4 labels: every 4th
    EXPECT_EQ(labels(v), (std::vector<std::string>{"2^16", "2^20", "2^24"}));
    EXPECT_EQ(labels(axisTicks(a, 5)), (std::vector<std::string>{"2^16", "2^18", "2^20", "2^22", "2^24"}));
    a.lo = 1 << 5;
    a.hi = 1 << 7;  // three powers, room for one label: still one
    EXPECT_EQ(labels(axisTicks(a, 1)).size(), 1u);
}

TEST(PlotMath, PixelMappingIsLinearOrLogarithmicAndInvertible) {
    AxisSpec lin;
    lin.lo = 0;
    lin.hi = 100;
    EXPECT_FLOAT_EQ(toPixel(lin, 25, 100, 500), 200);
    EXPECT_FLOAT_EQ(toPixel(lin, 50, 400, 0), 200);  // y axes run upwards
    EXPECT_NEAR(fromPixel(lin, 200, 100, 500), 25, 1e-9);

    AxisSpec lg;
    lg.log = true;
    lg.lo = 1;
    lg.hi = 10000;
    EXPECT_FLOAT_EQ(toPixel(lg, 100, 0, 400), 200);  // the middle decade in the middle
    EXPECT_FLOAT_EQ(toPixel(lg, 10, 0, 400), 100);
    EXPECT_NEAR(fromPixel(lg, 300, 0, 400), 1000, 1e-6);
    EXPECT_FLOAT_EQ(toPixel(lg, 0, 0, 400), 0);  // non-positive: the axis' start, not NaN
    EXPECT_FLOAT_EQ(toPixel(lg, -1, 7, 400), 7);
}

TEST(PlotMath, LabelsAndFiguresAreShortAndExact) {
    EXPECT_EQ(formatSig(1234.5678, 4), "1235");
    EXPECT_EQ(formatSig(0.5, 4), "0.5");
    EXPECT_EQ(formatSig(-2.5, 3), "-2.5");
    EXPECT_EQ(formatSig(0.0012345, 3), "0.00123");
    EXPECT_EQ(formatSig(0.00012345, 3), "1.23e-04");
    EXPECT_EQ(formatSig(1.2e-7, 4), "1.2e-07");
    EXPECT_EQ(formatSig(0, 4), "0");
    EXPECT_EQ(formatCount(1048576), "2^20 = 1,048,576");
    EXPECT_EQ(formatCount(1000000), "1,000,000");
    EXPECT_EQ(formatCount(1), "2^0 = 1");
    AxisSpec lg;
    lg.log = true;
    EXPECT_EQ(formatTick(1e6, lg), "1e6");
    EXPECT_EQ(formatTick(0.001, lg), "0.001");
    EXPECT_EQ(formatTick(1e-4, lg), "1e-4");
}

TEST(PlotMath, BarSlotsSplitTheAxisEvenly) {
    float half = 0;
    EXPECT_FLOAT_EQ(slotCenter(0, 4, 0, 100, 0.5f, &half), 12.5f);
    EXPECT_FLOAT_EQ(half, 6.25f);
    EXPECT_FLOAT_EQ(slotCenter(3, 4, 0, 100, 0.5f, &half), 87.5f);
    EXPECT_EQ(slotAt(99, 4, 0, 100), 3);
    EXPECT_EQ(slotAt(0, 4, 0, 100), 0);
    EXPECT_EQ(slotAt(30, 4, 0, 100), 1);
    EXPECT_EQ(slotAt(-1, 4, 0, 100), -1);
    EXPECT_EQ(slotAt(100, 4, 0, 100), -1);
    EXPECT_EQ(slotAt(50, 0, 0, 100), -1);
}

}  // namespace
}  // namespace rl::view
