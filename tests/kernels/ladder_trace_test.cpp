// Device traces of the ladder against the CPU model beyond trace_matches_model_test.cpp's grid: large work-groups
// (the #if blocks of complete-unroll and multi-element), several elements-per-item settings, and whole 2^16-element
// recordings.
#include <gtest/gtest.h>

#include <iostream>

#include "core/catalogue/pass_plan.h"
#include "tests/support/device_fixture.h"
#include "tests/support/test_values.h"
#include "tests/support/ladder_trace_compare.h"

namespace rl {
namespace {

RunConfig configFor(const std::string& id, size_t n, size_t wg, Op op, ElemType type, int epi = 0) {
    RunConfig c = test::makeConfig(id, n, wg, op, type, 99 + n + wg);
    c.elemsPerItem = epi;
    return c;
}

void expectTraceMatchesModel(const RunConfig& c) {
    const HostArray input = makeInput(c.type, DataPattern::Random, c.n, c.seed);
    const TraceRun device = test::engine().trace(c, input);
    const std::string where = c.variant + " n=" + std::to_string(c.n) + " wg=" + std::to_string(c.wg) +
                              " epi=" + std::to_string(c.elemsPerItem) + " " + std::string(toString(c.op)) + " " +
                              std::string(toString(c.type));
    EXPECT_EQ(test::traceDifference(device, *findVariant(c.variant), c, input), "") << where;
    EXPECT_TRUE(device.correct) << where << ": " << device.verdict;
}

TEST(complete_unroll_device, LargeWorkGroupsUnrollEveryBlock) {
    int checked = 0;
    for (const char* id : {"unroll-last-warp-safe", "complete-unroll", "multi-element"})
        for (size_t wg : {256, 512, 1024}) {
            std::string why;
            if (!test::tracedAccepts(id, wg, &why)) {  // e.g. NVIDIA's traced builds stop at 256
                std::cout << "skipping " << id << " wg " << wg << ": " << why << "\n";
                continue;
            }
            for (size_t n : {size_t(1), wg + 3, 5 * wg * 8 + 1})
                for (Op op : {Op::Sum, Op::Max})
                    for (ElemType type : {ElemType::Int, ElemType::Float}) {
                        expectTraceMatchesModel(configFor(id, n, wg, op, type));
                        ++checked;
                    }
        }
    EXPECT_GE(checked, 3 * 12) << "at least work-groups of 256 must be checked for every variant";
}

TEST(multi_element_device, OrderForEveryElementsPerItem) {
    // Float sums round differently for each E; each must equal its own model bit for bit.
    const std::pair<Op, ElemType> kinds[] = {
        {Op::Sum, ElemType::Float}, {Op::Sum, ElemType::Int}, {Op::Min, ElemType::Float}};
    for (int epi : {1, 3, 16, 33})
        for (size_t n : {size_t(100), size_t(64 * 33 * 3 + 17), size_t(20000)})
            for (const auto& [op, type] : kinds)
                expectTraceMatchesModel(configFor("multi-element", n, 64, op, type, epi));
}

TEST(LadderTrace, RecordsTwoToTheSixteenElementsWhole) {
    // Every group of every pass is recorded (256 groups in pass 0 at wg 256) and equals the model. This checks that
    // the recording works at that size; how fast it is belongs to the benchmarks, not to a unit test.
    const size_t n = size_t(1) << 16;
    for (const char* id : {"interleaved-divergent", "interleaved-strided", "first-add", "unroll-last-warp",
                           "unroll-last-warp-safe", "complete-unroll", "multi-element", "vector4"}) {
        const VariantInfo& v = *findVariant(id);
        const RunConfig c = configFor(v.id, n, 256, Op::Sum, ElemType::Float);
        const HostArray input = makeInput(c.type, DataPattern::Random, n, c.seed);
        const TraceRun device = test::engine().trace(c, input);
        const auto plan = planPasses(v, c);
        ASSERT_EQ(device.passes.size(), plan.size()) << v.id;
        for (size_t p = 0; p < plan.size(); ++p)
            EXPECT_EQ(device.passes[p].traced.size(), plan[p].groups) << v.id << " pass " << p << " not whole";
        if (v.correctByDesign) {
            EXPECT_EQ(test::traceDifference(device, v, c, input), "") << v.id;
            EXPECT_TRUE(device.correct) << v.id << ": " << device.verdict;
        }
    }
}

}  // namespace
}  // namespace rl
