// Hand-checked stages of the first-add model (Harris step 4): two elements per work-item at the load.
#include <gtest/gtest.h>

#include "tests/support/model_helpers.h"

namespace rl {
namespace {

using test::activeMask;
using test::iota;
using test::modelFirstPass;
using V = std::vector<double>;

TEST(first_add_model, EightElementsFourWorkItems) {
    const GroupTrace g = modelFirstPass("first-add", iota(8, 1), 4);
    ASSERT_EQ(g.stages.size(), 3u);                    // load, s = 2, 1
    EXPECT_EQ(g.stages[0].values, V({6, 8, 10, 12}));  // in[lid] + in[lid + 4]
    EXPECT_EQ(activeMask(g.stages[0]), "1111");
    EXPECT_EQ(g.stages[1].values, V({16, 20, 10, 12}));
    EXPECT_EQ(activeMask(g.stages[1]), "11..");
    EXPECT_EQ(g.stages[2].values, V({36, 20, 10, 12}));
    EXPECT_TRUE(g.stages[2].ops[0] == (WorkItemOp{true, 0, 1, 0}));
}

TEST(first_add_model, GroupsCoverTwiceTheirSize) {
    RunConfig config;
    config.variant = "first-add";
    config.n = 10;
    config.wg = 4;
    config.type = ElemType::Int;
    const auto plan = planPasses(*findVariant("first-add"), config);
    ASSERT_GE(plan.size(), 1u);
    EXPECT_EQ(plan[0].groups, 2u);  // ceil(10 / 8)
    // Group 1 starts at element 8: cells hold in[8], in[9] and the identity; only the first two loaded anything.
    const GroupTrace g = test::modelFirstPass("first-add", iota(10, 1), 4, Op::Sum, ElemType::Int, 1);
    EXPECT_EQ(g.stages[0].values, V({9, 10, 0, 0}));
    EXPECT_EQ(activeMask(g.stages[0]), "11..");
    EXPECT_EQ(g.stages.back().values[0], 19);
}

TEST(first_add_model, PartnerPastTheEndIsTheIdentity) {
    const GroupTrace g = modelFirstPass("first-add", V{5, -3, 8, 1, 7}, 4, Op::Max);
    EXPECT_EQ(g.stages[0].values, V({7, -3, 8, 1}));  // max(5, 7); the others pair with the identity
    EXPECT_EQ(g.stages.back().values[0], 8);
}

}  // namespace
}  // namespace rl
