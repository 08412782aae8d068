// best-gpu's model: the sequential tree two stages to a barrier. Checked against grid-stride's model, whose tree is
// the same sums one stage to a barrier (core/model/model_tree.cpp builds the two with separate code).
#include <gtest/gtest.h>

#include "core/files/json_io.h"
#include "tests/support/model_helpers.h"

namespace rl {
namespace {

using test::activeMask;
using test::modelFirstPass;

std::vector<double> values(size_t n) {
    std::vector<double> v(n);
    for (size_t i = 0; i < n; ++i) v[i] = double((i * 37) % 101) - 50;
    return v;
}

TEST(best_gpu_model, EveryStageHoldsWhatTheOneStageTreeLeaves) {
    for (size_t wg : {2, 4, 8, 16, 32, 64, 128, 256}) {
        SCOPED_TRACE("wg " + std::to_string(wg));
        const auto in = values(4 * wg);
        const GroupTrace fused = modelFirstPass("best-gpu", in, wg);
        const GroupTrace plain = modelFirstPass("grid-stride", in, wg);
        ASSERT_EQ(fused.stages.size(), plain.stages.size());
        for (size_t k = 0; k < plain.stages.size(); ++k) {
            EXPECT_EQ(fused.stages[k].label, plain.stages[k].label) << k;
            EXPECT_EQ(fused.stages[k].values, plain.stages[k].values) << k;
        }
    }
}

// wg 16: s = 8 and 4 share a barrier, then s = 2 and 1. Work-item i < s/2 does stage s for cells i and i + s/2.
TEST(best_gpu_model, HalfTheWorkItemsDoTwoOperationsInTheFirstStageOfAPair) {
    const GroupTrace g = modelFirstPass("best-gpu", values(64), 16);
    ASSERT_EQ(g.stages.size(), 5u);  // load, s = 8, 4, 2, 1
    const Stage& s8 = g.stages[1];
    EXPECT_EQ(activeMask(s8), "1111............");
    for (int i = 0; i < 4; ++i) {
        EXPECT_EQ(s8.ops[i], (WorkItemOp{true, i, i + 8, i, i + 4, i + 12, i + 4})) << i;
    }
    const Stage& s4 = g.stages[2];
    EXPECT_EQ(activeMask(s4), "1111............");
    for (int i = 0; i < 4; ++i) EXPECT_EQ(s4.ops[i], (WorkItemOp{true, i, i + 4, i})) << i;
    EXPECT_EQ(activeMask(g.stages[3]), "1...............");
    EXPECT_EQ(g.stages[3].ops[0], (WorkItemOp{true, 0, 2, 0, 1, 3, 1}));
    EXPECT_EQ(g.stages[4].ops[0], (WorkItemOp{true, 0, 1, 0}));
}

// An odd number of stages (wg 8: s = 4 and 2 fused, then s = 1 alone).
TEST(best_gpu_model, AnOddStageIsLeftAlone) {
    const GroupTrace g = modelFirstPass("best-gpu", values(32), 8);
    ASSERT_EQ(g.stages.size(), 4u);
    EXPECT_TRUE(g.stages[1].ops[0].second());
    EXPECT_FALSE(g.stages[2].ops[0].second());
    EXPECT_EQ(g.stages[3].ops[0], (WorkItemOp{true, 0, 1, 0}));
    EXPECT_EQ(activeMask(g.stages[3]), "1.......");
}

// Second operations survive the trace's JSON form (sessions, `reducelab trace --json`).
TEST(best_gpu_model, SecondOperationsRoundTripThroughJson) {
    TraceRun t;
    t.variant = "best-gpu";
    t.n = 64;
    t.wg = 16;
    PassTrace p;
    p.n = 64;
    p.groups = 1;
    p.global = 16;
    p.local = 16;
    p.traced.push_back(modelFirstPass("best-gpu", values(64), 16));
    t.passes.push_back(p);
    const nlohmann::json j = json::trace(t);
    EXPECT_TRUE(j.dump().find("\"second\"") != std::string::npos);
    const TraceRun back = json::readTrace(j);
    ASSERT_EQ(back.passes.size(), 1u);
    const auto& a = t.passes[0].traced[0].stages;
    const auto& b = back.passes[0].traced[0].stages;
    ASSERT_EQ(a.size(), b.size());
    for (size_t k = 0; k < a.size(); ++k) EXPECT_EQ(a[k].ops, b[k].ops) << k;
}

}  // namespace
}  // namespace rl
