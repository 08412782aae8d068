// Hand-checked stages of the unrolled-tail models (Harris steps 5 and 6): the tree down to s = 64, then six tail
// steps in which all 32 lanes of the first warp read, then write (lockstep semantics).
#include <gtest/gtest.h>

#include "tests/support/model_helpers.h"

namespace rl {
namespace {

using test::activeMask;
using test::modelFirstPass;

// The first `count` cells of a stage.
std::vector<double> head(const Stage& s, size_t count) {
    return {s.values.begin(), s.values.begin() + count};
}

TEST(unroll_last_warp_model, OnesThroughTheLockstepTail) {
    // 128 ones in one group of 64: the first add leaves 2 in every cell, there is no tree stage above the tail.
    const GroupTrace g = modelFirstPass("unroll-last-warp", std::vector<double>(128, 1.0), 64);
    ASSERT_EQ(g.stages.size(), 7u);  // load + 6 tail steps
    EXPECT_EQ(g.stages[0].values, std::vector<double>(64, 2.0));
    const int steps[6] = {32, 16, 8, 4, 2, 1};
    for (int k = 0; k < 6; ++k) {
        const Stage& st = g.stages[1 + k];
        EXPECT_EQ(st.param, steps[k] | kTailStepFlag);
        EXPECT_EQ(st.label, "tail s = " + std::to_string(steps[k]));
        EXPECT_EQ(activeMask(st), std::string(32, '1') + std::string(32, '.'));  // all 32 lanes, every step
        EXPECT_TRUE(st.ops[31] == (WorkItemOp{true, 31, 31 + steps[k], 31}));
        for (size_t c = 32; c < 64; ++c) EXPECT_EQ(st.values[c], 2.0) << "cells past the warp never change";
    }
    EXPECT_EQ(head(g.stages[1], 32), std::vector<double>(32, 4.0));  // s = 32: 2 + 2
    // s = 16: lanes 0..15 add cells 16..31 (4), lanes 16..31 add cells 32..47 (2), as they were before the step.
    std::vector<double> s16(16, 8.0);
    s16.resize(32, 6.0);
    EXPECT_EQ(head(g.stages[2], 32), s16);
    // s = 8: lanes 0..7: 8 + 8; 8..15: 8 + 6; 16..23: 6 + 6; 24..31: 6 + 2.
    std::vector<double> s8;
    for (double v : {16.0, 14.0, 12.0, 8.0}) s8.insert(s8.end(), 8, v);
    EXPECT_EQ(head(g.stages[3], 32), s8);
    EXPECT_EQ(g.stages[6].values[0], 128.0);
}

TEST(unroll_last_warp_model, TreeStagesAboveTheTail) {
    // 256 values in a group of 128: load (first add), s = 64, then the tail.
    std::vector<double> in(256);
    for (size_t i = 0; i < in.size(); ++i) in[i] = double(i % 7);
    const GroupTrace g = modelFirstPass("unroll-last-warp", in, 128);
    ASSERT_EQ(g.stages.size(), 8u);
    EXPECT_EQ(g.stages[1].param, 64);
    EXPECT_EQ(activeMask(g.stages[1]), std::string(64, '1') + std::string(64, '.'));
    EXPECT_EQ(g.stages[1].values[5], double(5 % 7 + 133 % 7 + 69 % 7 + 197 % 7));  // cells 5, 69 after first add
    double sum = 0;
    for (double v : in) sum += v;
    EXPECT_EQ(g.stages.back().values[0], sum);
}

TEST(unroll_last_warp_model, SafeAndCompleteUnrollShareTheModel_unroll_last_warp_safe_complete_unroll) {
    std::vector<double> in(300);
    for (size_t i = 0; i < in.size(); ++i) in[i] = double(int(i * 37 % 101) - 50);
    for (Op op : {Op::Sum, Op::Min, Op::Max}) {
        const GroupTrace a = modelFirstPass("unroll-last-warp", in, 128, op);
        for (const char* other : {"unroll-last-warp-safe", "complete-unroll"}) {
            const GroupTrace b = modelFirstPass(other, in, 128, op);
            ASSERT_EQ(a.stages.size(), b.stages.size()) << other;
            for (size_t s = 0; s < a.stages.size(); ++s) EXPECT_EQ(a.stages[s].values, b.stages[s].values) << other;
        }
    }
}

TEST(unroll_last_warp_model, RefusesGroupsBelowSixtyFour) {
    const VariantInfo& v = *findVariant("unroll-last-warp-safe");
    PassPlan pass;
    pass.n = 32;
    pass.groups = 1;
    pass.local = 32;
    pass.global = 32;
    const std::vector<double> in(32, 1.0);
    EXPECT_THROW(modelGroup(ModelInput{v, pass, in, 0, Op::Sum, ElemType::Int}), Error);
}

}  // namespace
}  // namespace rl
