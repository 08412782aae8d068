// Hand-checked loads of the multi-element model (Harris step 7): grid-stride accumulation, then the unrolled tree.
#include <gtest/gtest.h>

#include "tests/support/model_helpers.h"

namespace rl {
namespace {

using test::activeMask;
using test::iota;
using test::modelFirstPass;

TEST(multi_element_model, EightElementsPerWorkItemGridStride) {
    // 512 = 64 work-items x 8 elements: one group, global size 64, work-item l sums l, l+64, ..., l+448.
    const GroupTrace g = modelFirstPass("multi-element", iota(512), 64, Op::Sum, ElemType::Int, 0, 8);
    for (size_t l = 0; l < 64; ++l) EXPECT_EQ(g.stages[0].values[l], 8.0 * l + 64 * 28) << l;
    EXPECT_EQ(g.stages.size(), 7u);  // load + six tail steps (no tree stage above 32 for 64)
    EXPECT_EQ(g.stages.back().values[0], 511.0 * 512 / 2);
}

TEST(multi_element_model, ShortLastRoundIsPadded) {
    // 500 elements: work-items 0..51 get 8 elements, 52..63 only 7 (l + 448 >= 500).
    const GroupTrace g = modelFirstPass("multi-element", iota(500), 64, Op::Sum, ElemType::Int, 0, 8);
    EXPECT_EQ(g.stages[0].values[51], 8.0 * 51 + 64 * 28);
    EXPECT_EQ(g.stages[0].values[52], 7.0 * 52 + 64 * 21);
    EXPECT_EQ(g.stages.back().values[0], 499.0 * 500 / 2);
}

TEST(multi_element_model, StrideIsTheWholeGrid) {
    // 256 elements, 2 per work-item, groups of 64: two groups, global size 128. Group 1's work-item 0 reads
    // in[64] and in[64 + 128], not a contiguous block.
    const GroupTrace g = modelFirstPass("multi-element", iota(256), 64, Op::Sum, ElemType::Int, 1, 2);
    EXPECT_EQ(g.group, 1);
    EXPECT_EQ(g.stages[0].values[0], 64.0 + 192.0);
    EXPECT_EQ(g.stages[0].values[63], 127.0 + 255.0);
}

TEST(multi_element_model, WorkItemsPastTheEndLoadNothing) {
    const GroupTrace g = modelFirstPass("multi-element", iota(40, 1), 64, Op::Min, ElemType::Int, 0, 4);
    EXPECT_EQ(activeMask(g.stages[0]), std::string(40, '1') + std::string(24, '.'));
    EXPECT_EQ(g.stages[0].values[50], identity(Op::Min, ElemType::Int));
    EXPECT_EQ(g.stages.back().values[0], 1.0);
}

}  // namespace
}  // namespace rl
