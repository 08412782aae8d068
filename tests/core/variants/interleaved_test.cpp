// Hand-checked stages of the interleaved models (Harris steps 1 and 2) on eight elements.
#include <gtest/gtest.h>

#include "tests/support/model_helpers.h"

namespace rl {
namespace {

using test::activeMask;
using test::iota;
using test::modelFirstPass;
using V = std::vector<double>;

TEST(interleaved_divergent_model, EightElementsByHand) {
    const GroupTrace g = modelFirstPass("interleaved-divergent", iota(8, 1), 8);
    ASSERT_EQ(g.stages.size(), 4u);  // load, s = 1, 2, 4
    EXPECT_EQ(g.stages[0].param, -1);
    EXPECT_EQ(g.stages[0].values, V({1, 2, 3, 4, 5, 6, 7, 8}));
    EXPECT_EQ(activeMask(g.stages[0]), "11111111");
    EXPECT_EQ(g.stages[1].param, 1);
    EXPECT_EQ(g.stages[1].values, V({3, 2, 7, 4, 11, 6, 15, 8}));
    EXPECT_EQ(activeMask(g.stages[1]), "1.1.1.1.");
    EXPECT_TRUE(g.stages[1].ops[6] == (WorkItemOp{true, 6, 7, 6}));
    EXPECT_EQ(g.stages[2].param, 2);
    EXPECT_EQ(g.stages[2].values, V({10, 2, 7, 4, 26, 6, 15, 8}));
    EXPECT_EQ(activeMask(g.stages[2]), "1...1...");
    EXPECT_TRUE(g.stages[2].ops[4] == (WorkItemOp{true, 4, 6, 4}));
    EXPECT_EQ(g.stages[3].param, 4);
    EXPECT_EQ(g.stages[3].values, V({36, 2, 7, 4, 26, 6, 15, 8}));
    EXPECT_EQ(activeMask(g.stages[3]), "1.......");
    EXPECT_EQ(g.stages[3].label, "s = 4");
}

TEST(interleaved_divergent_model, PadsWithIdentity) {
    // Five elements in a group of eight: cells 5..7 hold the identity and their work-items are idle at the load.
    const GroupTrace g = modelFirstPass("interleaved-divergent", V{4, -2, 9, 7, 3}, 8, Op::Min);
    const double big = identity(Op::Min, ElemType::Int);
    EXPECT_EQ(g.stages[0].values, V({4, -2, 9, 7, 3, big, big, big}));
    EXPECT_EQ(activeMask(g.stages[0]), "11111...");
    EXPECT_EQ(g.stages[1].values, V({-2, -2, 7, 7, 3, big, big, big}));
    EXPECT_EQ(g.stages.back().values[0], -2);
}

TEST(interleaved_strided_model, SameCellsAsDivergentButFirstWorkItems) {
    const GroupTrace g = modelFirstPass("interleaved-strided", iota(8, 1), 8);
    ASSERT_EQ(g.stages.size(), 4u);
    EXPECT_EQ(g.stages[1].values, V({3, 2, 7, 4, 11, 6, 15, 8}));
    EXPECT_EQ(activeMask(g.stages[1]), "1111....");
    EXPECT_TRUE(g.stages[1].ops[0] == (WorkItemOp{true, 0, 1, 0}));
    EXPECT_TRUE(g.stages[1].ops[1] == (WorkItemOp{true, 2, 3, 2}));
    EXPECT_TRUE(g.stages[1].ops[3] == (WorkItemOp{true, 6, 7, 6}));
    EXPECT_EQ(g.stages[2].values, V({10, 2, 7, 4, 26, 6, 15, 8}));
    EXPECT_EQ(activeMask(g.stages[2]), "11......");
    EXPECT_TRUE(g.stages[2].ops[1] == (WorkItemOp{true, 4, 6, 4}));
    EXPECT_EQ(g.stages[3].values, V({36, 2, 7, 4, 26, 6, 15, 8}));
    EXPECT_TRUE(g.stages[3].ops[0] == (WorkItemOp{true, 0, 4, 0}));
}

TEST(interleaved_strided_model, SecondGroupReadsItsOwnSlice) {
    const GroupTrace g = modelFirstPass("interleaved-strided", iota(12), 4, Op::Max, ElemType::Int, 2);
    EXPECT_EQ(g.group, 2);
    EXPECT_EQ(g.stages[0].values, V({8, 9, 10, 11}));
    EXPECT_EQ(g.stages.back().values[0], 11);
}

}  // namespace
}  // namespace rl
