// A scan's reference and its acceptance with no device: the bound of a float sum grows along the array as the sum
// of the magnitudes so far (worked out here by hand), a wrong element is named by its index, and the streaming check
// (ScanCheck, what a timed run of millions of elements uses) gives acceptScan's verdict whatever the pieces.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "core/input.h"
#include "core/model/scan_reference.h"

namespace rl {
namespace {

HostArray floats(std::vector<float> v) {
    HostArray a;
    a.type = ElemType::Float;
    a.floats = std::move(v);
    return a;
}

HostArray ints(std::vector<int32_t> v) {
    HostArray a;
    a.type = ElemType::Int;
    a.ints = std::move(v);
    return a;
}

TEST(ScanReference, AFloatSumsBoundIsGammaOfTheDepthTimesTheMagnitudesSoFar) {
    const double u = std::ldexp(1.0, -24), gamma = 2 * u / (1 - 2 * u);  // depth 2
    const ScanReference in = computeScanReference(floats({1.0f, 2.0f, -4.0f}), Op::Sum, false, 2);
    EXPECT_EQ(in.values, (std::vector<double>{1, 3, -1}));
    EXPECT_EQ(in.bound, (std::vector<double>{gamma * 1, gamma * 3, gamma * 7}));
    const ScanReference ex = computeScanReference(floats({1.0f, 2.0f, -4.0f}), Op::Sum, true, 2);
    EXPECT_EQ(ex.values, (std::vector<double>{0, 1, 3}));
    EXPECT_EQ(ex.bound, (std::vector<double>{0, gamma * 1, gamma * 3}));
    // Integers, min and max are exact.
    const ScanReference m = computeScanReference(ints({5, -2, 7}), Op::Min, false, 2);
    EXPECT_EQ(m.values, (std::vector<double>{5, -2, -2}));
    EXPECT_EQ(m.bound, (std::vector<double>{0, 0, 0}));
}

TEST(ScanReference, AcceptScanNamesTheFirstWrongElementAndTheBound) {
    const ScanReference r = computeScanReference(ints({1, 2, 3, 4}), Op::Sum, false, 3);
    std::string why;
    EXPECT_FALSE(acceptScan(r, ElemType::Int, {1, 3, 7, 11}, &why));
    EXPECT_EQ(why, "element 2 is 7, expected 6 exactly");
    EXPECT_TRUE(acceptScan(r, ElemType::Int, {1, 3, 6, 10}, &why));
    EXPECT_EQ(why, "all 4 elements match the reference exactly");
    EXPECT_FALSE(acceptScan(r, ElemType::Int, {1, 3, 6}, &why));
    EXPECT_EQ(why, "the scan has 3 elements, not 4");
    // A float just inside its bound passes, just past it fails, and the verdict gives the bound.
    const ScanReference f = computeScanReference(floats({1.0f, 1.0f}), Op::Sum, false, 1);
    const double b = f.bound[1];  // gamma(1) x 2
    EXPECT_TRUE(acceptScan(f, ElemType::Float, {1, 2 + b}, &why)) << why;
    EXPECT_FALSE(acceptScan(f, ElemType::Float, {1, 2 + 2 * b}, &why));
    EXPECT_EQ(why.rfind("element 1 is 2.00000024, expected 2 within 1.19", 0), 0u) << why;
}

// The device's output as it might come back: every element off by a part of its bound that varies along the array.
std::vector<double> nearlyTheReference(const ScanReference& r) {
    std::vector<double> out(r.values.size());
    for (size_t i = 0; i < out.size(); ++i) out[i] = r.values[i] + r.bound[i] * double(i % 7) / 8.0;
    return out;
}

TEST(ScanCheck, PiecesOfAnySizeGiveAcceptScansVerdictAndTheLastElementsReference) {
    const HostArray input = makeInput(ElemType::Float, DataPattern::Random, 1000, 9);
    const ScanReference r = computeScanReference(input, Op::Sum, false, 40);
    const std::vector<double> out = nearlyTheReference(r);
    std::string whole;
    ASSERT_TRUE(acceptScan(r, ElemType::Float, out, &whole));
    EXPECT_NE(whole.find("the worst at 75% of its bound (depth 40)"), std::string::npos) << whole;  // 6/8
    for (size_t piece : {size_t(1), size_t(7), size_t(999), size_t(1000), size_t(5000)}) {
        ScanCheck check(input, Op::Sum, false, 40);
        for (size_t first = 0; first < out.size(); first += piece)
            ASSERT_TRUE(check.take({out.begin() + first, out.begin() + std::min(out.size(), first + piece)}));
        std::string streamed;
        EXPECT_TRUE(check.finish(&streamed));
        EXPECT_EQ(streamed, whole) << "pieces of " << piece;
        EXPECT_EQ(check.lastValue(), r.values.back());
        EXPECT_EQ(check.lastBound(), r.bound.back());
    }
}

TEST(ScanCheck, AWrongElementInALaterPieceIsNamedByItsIndexAndStopsTheCheck) {
    const HostArray input = makeInput(ElemType::Int, DataPattern::Random, 100, 3);
    const ScanReference r = computeScanReference(input, Op::Sum, true, 1);
    std::vector<double> out = r.values;
    out[57] += 1;
    ScanCheck check(input, Op::Sum, true, 1);
    int taken = 0;
    for (size_t first = 0; first < out.size(); first += 10, ++taken)
        if (!check.take({out.begin() + first, out.begin() + first + 10})) break;
    EXPECT_EQ(taken, 5);  // pieces 0-4 pass, piece 5 (elements 50-59) holds the wrong one
    std::string why;
    EXPECT_FALSE(check.finish(&why));
    EXPECT_EQ(why, "element 57 is " + std::to_string(int64_t(out[57])) + ", expected " +
                       std::to_string(int64_t(r.values[57])) + " exactly");
    EXPECT_EQ(check.lastValue(), r.values.back());  // the walk still reaches the end
}

TEST(ScanCheck, TooFewOrTooManyElementsAreWrong) {
    const HostArray input = ints({1, 2, 3});
    std::string why;
    ScanCheck few(input, Op::Sum, false, 1);
    EXPECT_TRUE(few.take({1, 3}));
    EXPECT_FALSE(few.finish(&why));
    EXPECT_EQ(why, "the check was given fewer elements than the scan's 3");
    EXPECT_EQ(few.lastValue(), 6);
    ScanCheck many(input, Op::Sum, false, 1);
    EXPECT_FALSE(many.take({1, 3, 6, 10}));
    EXPECT_FALSE(many.finish(&why));
    EXPECT_EQ(why, "the scan has more than 3 elements");
}

}  // namespace
}  // namespace rl
