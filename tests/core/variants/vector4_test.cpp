// Hand-checked loads of the vector4 model: four elements per work-item combined (x op y) op (z op w).
#include <gtest/gtest.h>

#include "tests/support/model_helpers.h"

namespace rl {
namespace {

using test::activeMask;
using test::iota;
using test::modelFirstPass;
using V = std::vector<double>;

TEST(vector4_model, FourElementsPerWorkItem) {
    const GroupTrace g = modelFirstPass("vector4", iota(8, 1), 2);
    ASSERT_EQ(g.stages.size(), 2u);  // load, s = 1
    EXPECT_EQ(g.stages[0].values, V({10, 26}));
    EXPECT_EQ(g.stages[1].values, V({36, 26}));
}

TEST(vector4_model, PartialLastVectorIsPadded) {
    const GroupTrace g = modelFirstPass("vector4", iota(6, 1), 4);
    EXPECT_EQ(g.stages[0].values, V({10, 11, 0, 0}));  // (5 + 6) + (0 + 0)
    EXPECT_EQ(activeMask(g.stages[0]), "11..");
    EXPECT_EQ(g.stages.back().values[0], 21);
}

TEST(vector4_model, PairwiseOrderForFloats) {
    // In float, (1e8 + 1) + (-1e8 + 1) = 1e8 + -1e8 = 0 (each +1 is lost to rounding: floats near 1e8 are 8
    // apart), while left to right ((1e8 + 1) - 1e8) + 1 would give 1. The model must use the kernel's order.
    const GroupTrace g = modelFirstPass("vector4", V{1e8, 1, -1e8, 1}, 1, Op::Sum, ElemType::Float);
    ASSERT_EQ(g.stages.size(), 1u);
    EXPECT_EQ(g.stages[0].values[0], 0.0);
}

TEST(vector4_model, GroupsCoverFourTimesTheirSize) {
    const GroupTrace g = modelFirstPass("vector4", iota(20), 2, Op::Max, ElemType::Int, 2);
    EXPECT_EQ(g.stages[0].values, V({19, identity(Op::Max, ElemType::Int)}));  // group 2 starts at element 16
    EXPECT_EQ(activeMask(g.stages[0]), "1.");
}

}  // namespace
}  // namespace rl
