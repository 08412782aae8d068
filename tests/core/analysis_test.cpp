// Bank-conflict and warp-state rules of the hardware model, on hand-built accesses.
#include <gtest/gtest.h>

#include "core/analysis.h"

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

}  // namespace
}  // namespace rl
