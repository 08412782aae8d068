// The hardware-model facts the ladder's lessons rest on, computed from the indices the DEVICE recorded
// (analyzeTrace / analyzeStage over Engine::trace), with a 32-lane SIMD width and 32 banks of 4 bytes.
#include <gtest/gtest.h>

#include "core/model/analysis.h"
#include "tests/support/device_fixture.h"

namespace rl {
namespace {

// Group 0 of pass 0 of a device trace, analysed with 32-wide SIMD groups.
GroupTrace deviceGroup(const std::string& id, size_t wg, size_t n) {
    RunConfig c;
    c.variant = id;
    c.n = n;
    c.wg = wg;
    c.op = Op::Sum;
    c.type = ElemType::Int;
    c.simdWidth = 32;
    const TraceRun run = test::engine().trace(c, makeInput(c.type, DataPattern::Random, n, 5));
    EXPECT_EQ(run.simdWidth, 32);
    EXPECT_FALSE(run.passes.empty());
    EXPECT_FALSE(run.passes[0].traced.empty());
    return run.passes[0].traced[0];
}

TEST(interleaved_divergent_analysis, DivergesFromTheFirstStage) {
    const GroupTrace g = deviceGroup("interleaved-divergent", 256, 4096);
    ASSERT_GE(g.stages.size(), 2u);
    const StageAnalysis first = g.stages[1].analysis;  // s = 1: every other work-item
    EXPECT_EQ(g.stages[1].param, 1);
    EXPECT_EQ(first.activeItems, 128);
    EXPECT_EQ(first.divergentWarps, 8) << "all eight warps mix active and idle lanes";
    EXPECT_EQ(first.activeWarps, 0);
    for (size_t s = 1; s < g.stages.size(); ++s) EXPECT_GT(g.stages[s].analysis.divergentWarps, 0) << g.stages[s].label;
    // The same stage recomputed directly from the recorded ops agrees with what analyzeTrace stored.
    const StageAnalysis again = analyzeStage(g.stages[1], HardwareModel{32, 32, 4, 4});
    EXPECT_EQ(again.divergentWarps, first.divergentWarps);
}

TEST(sequential_analysis, NoDivergenceUntilFewerThanAWarpIsActive) {
    const GroupTrace g = deviceGroup("sequential", 256, 4096);
    for (size_t s = 1; s < g.stages.size(); ++s) {
        const Stage& st = g.stages[s];
        EXPECT_EQ(st.analysis.activeItems, st.param) << st.label;
        if (st.param >= 32)
            EXPECT_EQ(st.analysis.divergentWarps, 0) << st.label;
        else
            EXPECT_EQ(st.analysis.divergentWarps, 1) << st.label << ": one partly active warp";
    }
}

TEST(interleaved_strided_analysis, ConflictsDoubleWithTheStride) {
    // wg 512: at s = 1, 2, 4, 8 warp 0 has all 32 lanes active on cells 0, 2s, 4s, ...: 2s-way conflicts.
    std::string why;
    if (!test::tracedAccepts("interleaved-strided", 512, &why)) GTEST_SKIP() << why;
    const GroupTrace g = deviceGroup("interleaved-strided", 512, 4096);
    int previous = 1;
    for (size_t s = 1; s < g.stages.size(); ++s) {
        const Stage& st = g.stages[s];
        if (st.param > 8) break;
        EXPECT_EQ(st.analysis.bankConflictDegree, 2 * st.param) << st.label;
        EXPECT_EQ(st.analysis.bankConflictDegree, 2 * previous) << st.label << ": doubles";
        previous = st.analysis.bankConflictDegree;
        EXPECT_EQ(st.analysis.divergentWarps, 0) << st.label << ": the strided index keeps warps uniform";
    }
    EXPECT_EQ(previous, 16);
}

TEST(sequential_analysis, NoBankConflicts) {
    std::string why;
    if (!test::tracedAccepts("sequential", 512, &why)) GTEST_SKIP() << why;
    const GroupTrace g = deviceGroup("sequential", 512, 4096);
    for (const Stage& st : g.stages) EXPECT_EQ(st.analysis.bankConflictDegree, 1) << st.label;
}

TEST(unroll_last_warp_safe_analysis, UnrolledTailKeepsOneFullWarp) {
    // The tail runs all 32 lanes of warp 0 at every step: one fully active warp, no divergence, no conflicts.
    const GroupTrace g = deviceGroup("unroll-last-warp-safe", 128, 4096);
    int tailSteps = 0;
    for (const Stage& st : g.stages) {
        if (!(st.param >= 0 && (st.param & kTailStepFlag))) continue;
        ++tailSteps;
        EXPECT_EQ(st.analysis.activeItems, 32) << st.label;
        EXPECT_EQ(st.analysis.activeWarps, 1) << st.label;
        EXPECT_EQ(st.analysis.divergentWarps, 0) << st.label;
        EXPECT_EQ(st.analysis.bankConflictDegree, 1) << st.label;
    }
    EXPECT_EQ(tailSteps, 6);
}

}  // namespace
}  // namespace rl
