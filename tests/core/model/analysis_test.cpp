// Bank-conflict and warp-state rules of the hardware model, on hand-built accesses.
#include <gtest/gtest.h>

#include "core/model/analysis.h"

namespace rl {
namespace {

TEST(Analysis, ConsecutiveWordsHaveNoConflict) {
    HardwareModel hw;
    std::vector<int> cells(32);
    for (int i = 0; i < 32; ++i) cells[i] = i;
    EXPECT_EQ(conflictDegree(cells, hw), 1);
}

TEST(Analysis, StrideTwoIsTwoWay) {
    HardwareModel hw;
    std::vector<int> cells(32);
    for (int i = 0; i < 32; ++i) cells[i] = 2 * i;
    EXPECT_EQ(conflictDegree(cells, hw), 2);
}

TEST(Analysis, SameWordIsBroadcast) {
    HardwareModel hw;
    std::vector<int> cells(32, 5);
    EXPECT_EQ(conflictDegree(cells, hw), 1);
}

TEST(Analysis, StrideThirtyTwoIsThirtyTwoWay) {
    HardwareModel hw;
    std::vector<int> cells(32);
    for (int i = 0; i < 32; ++i) cells[i] = 32 * i;
    EXPECT_EQ(conflictDegree(cells, hw), 32);
}

// An 8-byte element (long, double) covers two 4-byte bank words: the bank follows the byte address.
TEST(Analysis, SixtyFourBitElementsSpanTwoBanks) {
    HardwareModel hw;
    hw.elemBytes = 8;
    EXPECT_EQ(bankOf(1, hw), 2);
    EXPECT_EQ(bankOf(16, hw), 0);
    EXPECT_EQ(wordsOf(3, hw), (std::vector<long long>{6, 7}));
    std::vector<int> cells(32);
    for (int i = 0; i < 32; ++i) cells[i] = i;
    EXPECT_EQ(conflictDegree(cells, hw), 2);  // 64 words through 32 banks: every bank twice
    for (int i = 0; i < 16; ++i) cells[i] = i;
    for (int i = 16; i < 32; ++i) cells[i] = -1;
    EXPECT_EQ(conflictDegree(cells, hw), 1);  // half a SIMD group: 32 words, one per bank
    for (int i = 0; i < 16; ++i) cells[i] = 2 * i;
    EXPECT_EQ(conflictDegree(cells, hw), 2);  // stride 2 of doubles is a stride of 4 words
    hw.bankWidthBytes = 8;  // 8-byte banks: one word per element, as 4-byte elements in 4-byte banks
    for (int i = 0; i < 32; ++i) cells[i] = i;
    EXPECT_EQ(conflictDegree(cells, hw), 1);
}

TEST(Analysis, WarpStates) {
    HardwareModel hw;
    hw.simdWidth = 4;
    Stage s;
    s.ops.resize(12);
    for (int i = 0; i < 4; ++i) s.ops[i] = {true, i, i + 1, i};
    s.ops[5] = {true, 5, 6, 5};
    const auto a = analyzeStage(s, hw);
    EXPECT_EQ(a.activeItems, 5);
    EXPECT_EQ(a.activeWarps, 1);
    EXPECT_EQ(a.divergentWarps, 1);
    EXPECT_EQ(a.idleWarps, 1);
}

// A fused stage (best-gpu): each work-item's second operation is a second access of the SIMD group, with banks of
// its own. Here the first operations are conflict-free and the second ones' writes fall on one bank (stride 32).
TEST(Analysis, SecondOperationsAreAccessesToo) {
    HardwareModel hw;
    Stage s;
    s.ops.resize(32);
    for (int i = 0; i < 32; ++i) s.ops[i] = {true, i, i + 32, i, i + 64, i + 96, 64 + 32 * i};
    EXPECT_EQ(analyzeStage(s, hw).bankConflictDegree, 32);
    for (int i = 0; i < 32; ++i) s.ops[i].w2 = i + 64;
    const auto a = analyzeStage(s, hw);
    EXPECT_EQ(a.bankConflictDegree, 1);
    EXPECT_EQ(a.activeItems, 32);  // work-items, not operations
}

}  // namespace
}  // namespace rl
