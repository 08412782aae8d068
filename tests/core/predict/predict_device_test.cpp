// Predict mode's scoring against traces the DEVICE recorded (Engine::trace on PoCL in CI), as the explorer scores a
// student: the expected answers are worked out by hand from what each kernel does, written beside each check.
#include <gtest/gtest.h>

#include "core/predict/predict.h"
#include "tests/support/device_fixture.h"

namespace rl {
namespace {

using V = std::vector<int>;

// One work-group of 64 ints 0, 1, ..., 63, traced on the device with 32-lane SIMD groups and 32 banks.
TraceRun deviceRun(const std::string& variant) {
    RunConfig c;
    c.variant = variant;
    c.n = 64;
    c.wg = 64;
    c.op = Op::Sum;
    c.type = ElemType::Int;
    c.data = DataPattern::Iota;
    c.simdWidth = 32;
    c.banks = 32;
    return test::engine().trace(c, makeInput(c.type, c.data, c.n, 1));
}

TEST(predict_device, SequentialStageScoredOnTheRecordedTrace) {
    const TraceRun run = deviceRun("sequential");
    ASSERT_TRUE(predict::predictable(run, 0, 0, 1));
    EXPECT_FALSE(predict::predictable(run, 0, 0, 0));  // the load is not predicted
    // Stage 1 (s = 32): work-items 0..31 add cell i + 32 into cell i, so cell 5 holds 5 + 37 = 42; the 32 active
    // lanes fill SIMD group 0 and leave group 1 idle: no divergent group; consecutive words: no bank conflict.
    predict::Prediction right;
    V first32;
    for (int i = 0; i < 32; ++i) first32.push_back(i);
    right.active = first32;
    right.cell = 5;
    right.value = 42;
    right.divergentWarps = 0;
    right.conflictDegree = 1;
    const predict::PredictionScore s = predict::score(right, run, 0, 0, 1);
    ASSERT_TRUE(s.valid) << s.error;
    EXPECT_EQ(s.stageLabel, "s = 32");
    EXPECT_TRUE(s.correct);
    EXPECT_EQ(s.parts, 4);
    EXPECT_EQ(s.partsRight, 4);
    // A student who expects the interleaved pattern (every other work-item) on this stage.
    predict::Prediction wrong;
    wrong.active = V{0, 2, 4, 6};
    wrong.cell = 5;
    wrong.value = 11;  // 5 + 6, the interleaved pairing
    const predict::PredictionScore w = predict::score(wrong, run, 0, 0, 1);
    ASSERT_TRUE(w.valid) << w.error;
    EXPECT_FALSE(w.correct);
    EXPECT_FALSE(w.activeRight);
    EXPECT_EQ(w.missed.size(), 28u);  // 1, 3, 5, 7 and 8..31
    EXPECT_TRUE(w.wronglyActive.empty());
    EXPECT_FALSE(w.valueRight);
    EXPECT_EQ(w.expectedValue, 42);
}

TEST(predict_device, DivergenceAndConflictsFromTheRecordedTraces) {
    // interleaved-divergent, stage 1 (s = 1): even work-items 0..62 are active, so both SIMD groups mix active and
    // idle lanes (2 divergent); lane k reads words k and k + 1 (k even): all on different banks (1-way).
    predict::Prediction p;
    p.divergentWarps = 2;
    p.conflictDegree = 1;
    const predict::PredictionScore d = predict::score(p, deviceRun("interleaved-divergent"), 0, 0, 1);
    ASSERT_TRUE(d.valid) << d.error;
    EXPECT_TRUE(d.correct) << d.expectedDivergent << " divergent, " << d.expectedConflict << "-way";
    // interleaved-strided, stage 1 (s = 1): work-items 0..31 (index 2k), SIMD group 0 whole, group 1 idle (none
    // divergent); lane k reads word 2k: banks 0, 2, ..., 30, each twice among 32 lanes (2-way).
    p.divergentWarps = 0;
    p.conflictDegree = 2;
    const predict::PredictionScore c = predict::score(p, deviceRun("interleaved-strided"), 0, 0, 1);
    ASSERT_TRUE(c.valid) << c.error;
    EXPECT_TRUE(c.correct) << c.expectedDivergent << " divergent, " << c.expectedConflict << "-way";
    // A student who says "no conflict" there is told the recorded degree.
    p.conflictDegree = 1;
    const predict::PredictionScore w = predict::score(p, deviceRun("interleaved-strided"), 0, 0, 1);
    EXPECT_FALSE(w.conflictRight);
    EXPECT_EQ(w.expectedConflict, 2);
}

}  // namespace
}  // namespace rl
