// The sub-group histogram's CPU model (core/patterns/histogram/sub-group.cpp): in each step the lanes of one
// sub-group that hold one bin are counted by the lowest of them, so the stages hold coarsened's counts while the
// increments fall to one per distinct bin per sub-group. The expected increments are worked out here from the input
// and numpy's bins, not from the model.
#include <gtest/gtest.h>

#include <set>

#include "core/files/json_io.h"
#include "core/input.h"
#include "core/model/model.h"
#include "core/pattern.h"
#include "core/patterns/histogram/binning.h"

namespace rl {
namespace {

RunConfig configOf(const std::string& variant, DataPattern data) {
    RunConfig c;
    c.variant = variant;
    c.n = 1000;  // four tiles of 64 x 4, the last one partly used
    c.wg = 64;
    c.elemsPerItem = 4;
    c.bins = 16;
    c.type = ElemType::Int;
    c.data = data;
    c.seed = 7;
    c.simdWidth = 32;
    c.rangeSet = true;
    c.rangeLo = 0;
    c.rangeHi = 15;
    return c;
}

// The sub-groups are as wide as the run being modelled had them (RunConfig::subGroupSize, from its trace), else the
// SIMD width: a GPU's warp of 32, narrower ones, or a CPU's whole work-group of 64.
TEST(SubGroupHistogram, OneIncrementPerDistinctBinOfASubGroupAndCoarsenedsCounts) {
    for (const int given : {0, 16, 64})
        for (DataPattern data : {DataPattern::Random, DataPattern::Zipf, DataPattern::Constant}) {
            const size_t width = given > 0 ? size_t(given) : 32;  // 0: the SIMD width, 32
            SCOPED_TRACE(std::string(toString(data)) + ", sub-groups of " + std::to_string(width));
            RunConfig c = configOf("sub-group", data);
            c.subGroupSize = given;
            const HostArray input = makeInput(c);
            std::vector<double> values(c.n);
            for (size_t i = 0; i < c.n; ++i) values[i] = input.at(i);
            const Binning binning = binningOf(c, values);
            const auto sub = modelRun(*findVariant("sub-group"), c, values, nullptr);
            RunConfig cc = c;
            cc.variant = "coarsened";
            const auto coarsened = modelRun(*findVariant("coarsened"), cc, values, nullptr);
            ASSERT_EQ(sub.size(), 1u);
            ASSERT_EQ(coarsened.size(), 1u);
            const auto& groups = sub.front().traced;
            ASSERT_EQ(groups.size(), 4u);
            size_t increments = 0, wanted = 0;
            for (size_t g = 0; g < groups.size(); ++g) {
                const auto& stages = groups[g].stages;
                const auto& theirs = coarsened.front().traced[g].stages;
                ASSERT_EQ(stages.size(), theirs.size());  // cleared, 4 steps, merged
                ASSERT_EQ(stages.size(), 6u);
                for (size_t s = 0; s < stages.size(); ++s)
                    EXPECT_EQ(stages[s].values, theirs[s].values) << g << " " << s;
                for (size_t k = 0; k < 4; ++k) {
                    const Stage& step = stages[1 + k];
                    for (size_t first = 0; first < c.wg; first += width) {
                        // The bins this sub-group's lanes hold in step k (interleaved: element k x wg + lid of the
                        // tile), and the lowest lane holding each.
                        std::set<size_t> seen;
                        std::vector<bool> lowest(width, false);
                        for (size_t lane = 0; lane < width; ++lane) {
                            const size_t i = g * c.wg * 4 + k * c.wg + first + lane;
                            if (i >= c.n) continue;
                            const size_t b = binning.binOf(values[i]);
                            if (b < c.bins && seen.insert(b).second) lowest[lane] = true;
                        }
                        wanted += seen.size();
                        for (size_t lane = 0; lane < width; ++lane) {
                            const WorkItemOp& op = step.ops[first + lane];
                            EXPECT_EQ(op.active, lowest[lane])
                                << "group " << g << " step " << k << " lane " << first + lane;
                            increments += op.active ? 1 : 0;
                        }
                    }
                }
            }
            EXPECT_EQ(increments, wanted);
            if (data ==
                DataPattern::Constant)  // one per sub-group and step: 3 full tiles, and 3 full steps and 40 elements
                EXPECT_EQ(increments, 3 * 4 * (64 / width) + 3 * (64 / width) + (40 + width - 1) / width)
                    << "one per sub-group and step";
        }
}

// A saved trace keeps the width of the sub-groups its kernel ran in, and the model compared with it takes that width
// over the SIMD width the run asked for; a trace of a kernel without sub-groups says none.
TEST(SubGroupHistogram, ATraceKeepsItsSubGroupsWidthForTheModel) {
    TraceRun t;
    t.variant = "sub-group";
    t.pattern = Pattern::Histogram;
    t.n = 64;
    t.wg = 64;
    t.subGroupSize = 64;
    const auto j = json::trace(t);
    EXPECT_EQ(j["sub_group_size"], 64);
    const TraceRun read = json::readTrace(j);
    EXPECT_EQ(read.subGroupSize, 64);
    RunConfig asked = configOf("sub-group", DataPattern::Constant);
    EXPECT_EQ(modelConfigOf(asked, read).subGroupSize, 64);
    EXPECT_EQ(modelConfigOf(asked, read).simdWidth, 32);
    t.subGroupSize = 0;
    EXPECT_FALSE(json::trace(t).contains("sub_group_size"));
    EXPECT_EQ(json::readTrace(json::trace(t)).subGroupSize, 0);
}

}  // namespace
}  // namespace rl
