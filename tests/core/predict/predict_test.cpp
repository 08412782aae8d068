// Predict mode's scoring against traces of built-in variants made by their CPU models. The expected answers are
// worked out by hand from what each kernel does (written beside each test), not read from the model's output.
#include <gtest/gtest.h>

#include "core/model/analysis.h"
#include "core/model/model.h"
#include "core/predict/predict.h"
#include "core/catalogue/variant.h"
#include "tests/support/model_helpers.h"

namespace rl {
namespace {

using predict::Prediction;
using predict::PredictionScore;
using V = std::vector<int>;

// The whole reduction of `values` in the model, analysed with the given SIMD width and banks, as the views get it.
TraceRun modelTrace(const std::string& variant, const std::vector<double>& values, size_t wg, int simd = 32,
                    int banks = 32, ElemType type = ElemType::Int) {
    const VariantInfo* v = findVariant(variant);
    EXPECT_NE(v, nullptr) << variant;
    RunConfig config;
    config.variant = variant;
    config.n = values.size();
    config.wg = wg;
    config.type = type;
    config.op = Op::Sum;
    TraceRun run;
    run.variant = variant;
    run.n = values.size();
    run.wg = wg;
    run.type = type;
    run.simdWidth = simd;
    run.banks = banks;
    run.passes = modelRun(*v, config, values, &run.result);
    analyzeTrace(run);
    return run;
}

Prediction activeSet(V items) {
    Prediction p;
    p.active = std::move(items);
    return p;
}

TEST(predict_score, InterleavedDivergentFirstStageActivatesEvenWorkItems) {
    // tid % (2*s) == 0 with s = 1: work-items 0, 2, 4, ..., 14 of 16.
    const TraceRun run = modelTrace("interleaved-divergent", test::iota(16), 16);
    ASSERT_TRUE(predict::predictable(run, 0, 0, 1));
    const PredictionScore s = predict::score(activeSet({14, 0, 2, 4, 6, 8, 10, 12}), run, 0, 0, 1);
    ASSERT_TRUE(s.valid) << s.error;
    EXPECT_TRUE(s.correct);
    EXPECT_TRUE(s.activeRight);
    EXPECT_EQ(s.expectedActive, V({0, 2, 4, 6, 8, 10, 12, 14}));
    EXPECT_TRUE(s.missed.empty());
    EXPECT_TRUE(s.wronglyActive.empty());
    EXPECT_EQ(s.parts, 1);
    EXPECT_EQ(s.partsRight, 1);
    EXPECT_EQ(s.stageLabel, "s = 1");
    EXPECT_TRUE(predict::describe(s, run.type).empty());
}

TEST(predict_score, APartlyWrongActiveSetListsTheWrongAndTheMissedWorkItems) {
    // Stage 2 of interleaved-divergent at 16 (s = 2): tid % 4 == 0, work-items 0, 4, 8, 12. The student says the
    // first four (as sequential addressing would): 1, 2, 3 are wrongly active, 8 and 12 are missed.
    const TraceRun run = modelTrace("interleaved-divergent", test::iota(16), 16);
    const PredictionScore s = predict::score(activeSet({0, 1, 2, 3}), run, 0, 0, 2);
    ASSERT_TRUE(s.valid);
    EXPECT_FALSE(s.correct);
    EXPECT_EQ(s.expectedActive, V({0, 4, 8, 12}));
    EXPECT_EQ(s.wronglyActive, V({1, 2, 3}));
    EXPECT_EQ(s.missed, V({4, 8, 12}));
    const auto lines = predict::describe(s, run.type);
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_EQ(lines[0], "work-items 1, 2, 3 were idle (you said active)");
    EXPECT_EQ(lines[1], "work-items 4, 8, 12 were active (you left them out)");
}

TEST(predict_score, AFusedStageHasHalfTheActiveWorkItemsAndSaysWhy) {
    // best-gpu at 16 fuses s = 8 with s = 4: at s = 8 work-items 0-3 each write two cells (i and i + 4). The
    // one-stage tree's answer, 0-7, is wrong for 4-7, and the feedback says why.
    const TraceRun run = modelTrace("best-gpu", test::iota(64), 16);
    const PredictionScore s = predict::score(activeSet({0, 1, 2, 3, 4, 5, 6, 7}), run, 0, 0, 1);
    ASSERT_TRUE(s.valid) << s.error;
    EXPECT_EQ(s.stageLabel, "s = 8");
    EXPECT_EQ(s.expectedActive, V({0, 1, 2, 3}));
    EXPECT_EQ(s.wronglyActive, V({4, 5, 6, 7}));
    EXPECT_TRUE(s.fused);
    const auto lines = predict::describe(s, run.type);
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_NE(lines[1].find("two cells"), std::string::npos) << lines[1];
    // The next stage (s = 4) is a plain one: no such line.
    const PredictionScore next = predict::score(activeSet({0, 1}), run, 0, 0, 2);
    EXPECT_FALSE(next.fused);
    EXPECT_EQ(predict::describe(next, run.type).size(), 1u);
}

TEST(predict_score, AnEmptySetIsAGuessThatNothingWorks) {
    // Sequential addressing at 8, stage 3 (s = 1): only work-item 0 adds.
    const TraceRun run = modelTrace("sequential", test::iota(8), 8);
    const PredictionScore s = predict::score(activeSet({}), run, 0, 0, 3);
    ASSERT_TRUE(s.valid);
    EXPECT_FALSE(s.correct);
    EXPECT_EQ(s.missed, V({0}));
    EXPECT_EQ(predict::describe(s, run.type).at(0), "work-item 0 was active (you left it out)");
}

TEST(predict_score, WorkItemsThatDoNotExistAreIgnoredAndDuplicatesCountOnce) {
    const TraceRun run = modelTrace("sequential", test::iota(8), 8);
    // Stage 1 (s = 4): work-items 0..3.
    const PredictionScore s = predict::score(activeSet({3, 2, 1, 0, 0, 99, -1}), run, 0, 0, 1);
    ASSERT_TRUE(s.valid);
    EXPECT_TRUE(s.activeRight);
    EXPECT_EQ(s.ignored, V({99, -1}));
}

TEST(predict_score, TheValueOfACellAfterAStage) {
    // Sequential at 16 over 0..15: stage 1 (s = 8) puts in[i] + in[i + 8] in cell i: cell 3 = 3 + 11 = 14.
    // Stage 2 (s = 4): cell 0 = (0 + 8) + (4 + 12) = 24.
    const TraceRun run = modelTrace("sequential", test::iota(16), 16);
    Prediction p;
    p.cell = 3;
    p.value = 14;
    PredictionScore s = predict::score(p, run, 0, 0, 1);
    ASSERT_TRUE(s.valid);
    EXPECT_TRUE(s.correct);
    EXPECT_EQ(s.expectedValue, 14);
    p.cell = 0;
    p.value = 16;  // forgot the second add of stage 1
    s = predict::score(p, run, 0, 0, 2);
    ASSERT_TRUE(s.valid);
    EXPECT_FALSE(s.valueRight);
    EXPECT_EQ(s.expectedValue, 24);
    EXPECT_EQ(s.typedValue, 16);
    EXPECT_EQ(predict::describe(s, run.type).at(0), "cell 0 holds 24 (you said 16)");
    // A cell an idle work-item did not touch keeps its old value: cell 12 after stage 1 still holds 12.
    p.cell = 12;
    p.value = 12;
    EXPECT_TRUE(predict::score(p, run, 0, 0, 1).correct);
}

TEST(predict_score, FloatValuesMatchToWhatCanBeTyped) {
    // Sequential, floats 0.5, 1.5, ..., 3.5 (wg 4): stage 1 (s = 2): cell 0 = 0.5 + 2.5 = 3.
    const TraceRun run = modelTrace("sequential", {0.5, 1.5, 2.5, 3.5}, 4, 32, 32, ElemType::Float);
    Prediction p;
    p.cell = 0;
    p.value = 3.00001;
    EXPECT_TRUE(predict::score(p, run, 0, 0, 1).correct);
    p.value = 3.01;
    EXPECT_FALSE(predict::score(p, run, 0, 0, 1).correct);
    EXPECT_TRUE(predict::sameValue(8, 8, ElemType::Int));
    EXPECT_FALSE(predict::sameValue(8.00001, 8, ElemType::Int));
}

TEST(predict_score, DivergentWarpsFollowTheModelsSimdWidth) {
    // SIMD groups of 4 lanes over 16 work-items. Interleaved-divergent, stage 1: even lanes active in each of the
    // four groups, so all 4 diverge. Stage 3 (s = 4): work-items 0 and 8, one lane in groups 0 and 2: 2 diverge.
    const TraceRun div = modelTrace("interleaved-divergent", test::iota(16), 16, 4);
    Prediction p;
    p.divergentWarps = 4;
    EXPECT_TRUE(predict::score(p, div, 0, 0, 1).correct);
    p.divergentWarps = 2;
    EXPECT_TRUE(predict::score(p, div, 0, 0, 3).correct);
    // Sequential, stage 1 (s = 8): work-items 0..7 fill groups 0 and 1, groups 2 and 3 idle: none diverge.
    // Stage 3 (s = 2): work-items 0, 1 of group 0: one diverges.
    const TraceRun seq = modelTrace("sequential", test::iota(16), 16, 4);
    p.divergentWarps = 0;
    EXPECT_TRUE(predict::score(p, seq, 0, 0, 1).correct);
    p.divergentWarps = 2;
    const PredictionScore s = predict::score(p, seq, 0, 0, 3);
    EXPECT_FALSE(s.correct);
    EXPECT_EQ(s.expectedDivergent, 1);
    EXPECT_EQ(s.predictedDivergent, 2);
    EXPECT_EQ(predict::describe(s, seq.type).at(0), "1 SIMD group diverges (you said 2)");
}

TEST(predict_score, BankConflictsOfStridedAddressing) {
    // Four banks, SIMD groups of 4, interleaved-strided at 16: stage 1 (s = 1), group 0's lanes read cells 0, 2,
    // 4, 6 (index = 2*s*tid): banks 0, 2, 0, 2, two words each: 2-way. Stage 2 (s = 2): cells 0, 4, 8, 12, all
    // bank 0: 4-way. Sequential addressing reads consecutive cells: no conflict (degree 1) in every stage.
    const TraceRun strided = modelTrace("interleaved-strided", test::iota(16), 16, 4, 4);
    Prediction p;
    p.conflictDegree = 2;
    EXPECT_TRUE(predict::score(p, strided, 0, 0, 1).correct);
    p.conflictDegree = 2;
    const PredictionScore s = predict::score(p, strided, 0, 0, 2);
    EXPECT_FALSE(s.correct);
    EXPECT_EQ(s.expectedConflict, 4);
    EXPECT_EQ(predict::describe(s, strided.type).at(0), "worst bank conflict 4-way (you said 2)");
    const TraceRun seq = modelTrace("sequential", test::iota(16), 16, 4, 4);
    p.conflictDegree = 1;
    for (int stage = 1; stage < 5; ++stage) EXPECT_TRUE(predict::score(p, seq, 0, 0, stage).correct) << stage;
}

TEST(predict_score, SeveralPartsAreRightOnlyWhenAllAre) {
    // Sequential at 8, stage 1 (s = 4): work-items 0..3; cell 1 = 1 + 5 = 6; one SIMD group of 32 lanes holds all
    // 8 work-items, half active: 1 divergent.
    const TraceRun run = modelTrace("sequential", test::iota(8), 8);
    Prediction p = activeSet({0, 1, 2, 3});
    p.cell = 1;
    p.value = 6;
    p.divergentWarps = 1;
    p.conflictDegree = 1;
    PredictionScore s = predict::score(p, run, 0, 0, 1);
    EXPECT_TRUE(s.correct);
    EXPECT_EQ(s.parts, 4);
    p.value = 7;
    s = predict::score(p, run, 0, 0, 1);
    EXPECT_FALSE(s.correct);
    EXPECT_EQ(s.partsRight, 3);
}

TEST(predict_score, OddInputIsRefusedWithAReasonNeverACrash) {
    // One element, one work-item: the load is the only stage.
    const TraceRun one = modelTrace("sequential", {7}, 1);
    ASSERT_EQ(one.passes.at(0).traced.at(0).stages.size(), 1u);
    EXPECT_FALSE(predict::predictable(one, 0, 0, 0));  // the load
    EXPECT_FALSE(predict::predictable(one, 0, 0, 1));
    PredictionScore s = predict::score(activeSet({0}), one, 0, 0, 1);
    EXPECT_FALSE(s.valid);
    EXPECT_FALSE(s.error.empty());
    EXPECT_FALSE(predict::score(activeSet({0}), one, 3, 0, 0).valid);
    EXPECT_FALSE(predict::score(activeSet({0}), one, 0, 5, 0).valid);
    EXPECT_FALSE(predict::score(activeSet({0}), one, -1, -1, -1).valid);
    EXPECT_FALSE(predict::score(activeSet({0}), TraceRun{}, 0, 0, 0).valid);

    const TraceRun run = modelTrace("sequential", test::iota(8), 8);
    s = predict::score(Prediction{}, run, 0, 0, 1);  // nothing predicted
    EXPECT_FALSE(s.valid);
    EXPECT_EQ(s.error, "nothing was predicted");
    Prediction p;
    p.cell = 8;  // past the last cell
    p.value = 1;
    s = predict::score(p, run, 0, 0, 1);
    EXPECT_FALSE(s.valid);
    EXPECT_NE(s.error.find("cell 8 does not exist"), std::string::npos) << s.error;
    p.cell = -1;
    EXPECT_FALSE(predict::score(p, run, 0, 0, 1).valid);

    predict::Tally t;
    t.add(s);  // an invalid score is not counted
    EXPECT_EQ(t.scored, 0);
}

TEST(predict_number, OnlyAWholeFiniteNumberIsANumber) {
    EXPECT_EQ(predict::parseNumber("12"), 12.0);
    EXPECT_EQ(predict::parseNumber("  -3 "), -3.0);
    EXPECT_EQ(predict::parseNumber("2.5"), 2.5);
    EXPECT_EQ(predict::parseNumber("1e3"), 1000.0);
    for (const char* bad : {"", "   ", "abc", "12abc", "1 2", "nan", "inf", "-", "0x10", "1e999", "--1"})
        EXPECT_FALSE(predict::parseNumber(bad).has_value()) << bad;
}

TEST(predict_tally, CountsRightStagesAndSkips) {
    const TraceRun run = modelTrace("sequential", test::iota(8), 8);
    predict::Tally t;
    EXPECT_EQ(t.text(), "no stage predicted yet");
    t.add(predict::score(activeSet({0, 1, 2, 3}), run, 0, 0, 1));  // right
    t.add(predict::score(activeSet({0, 1}), run, 0, 0, 2));        // right (s = 2)
    t.add(predict::score(activeSet({0, 1}), run, 0, 0, 3));        // wrong (s = 1: only 0)
    t.skip();
    EXPECT_EQ(t.right, 2);
    EXPECT_EQ(t.scored, 3);
    EXPECT_EQ(t.text(), "2 of 3 stages right, 1 skipped");
}

TEST(predict_kind, NamesRoundTrip) {
    for (int k = 0; k < predict::kKinds; ++k)
        EXPECT_EQ(predict::kindFromName(predict::kindName(predict::Kind(k))), predict::Kind(k));
    EXPECT_FALSE(predict::kindFromName("colour").has_value());
}

}  // namespace
}  // namespace rl
