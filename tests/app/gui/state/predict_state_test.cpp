// Predict mode's rules without a display, on traces of the CPU model: playback held before a hidden stage, the
// entry scored and the stage revealed, skips counted, loads of later passes revealed by stepping onto them, a new
// trace predicted from its load, a typed value that is not a number refused.
#include <gtest/gtest.h>

#include <memory>

#include "app/gui/state/explorer_state.h"
#include "core/model/analysis.h"
#include "core/model/model.h"
#include "core/catalogue/variant.h"

namespace rl::gui {
namespace {

std::shared_ptr<const view::TraceBundle> modelBundle(const std::string& variant, size_t n, size_t wg) {
    auto b = std::make_shared<view::TraceBundle>();
    b->config.variant = variant;
    b->config.n = n;
    b->config.wg = wg;
    b->config.type = ElemType::Int;
    std::vector<double> input(n);
    for (size_t i = 0; i < n; ++i) input[i] = double(i);
    b->run.variant = variant;
    b->run.n = n;
    b->run.wg = wg;
    b->run.type = ElemType::Int;
    b->run.passes = modelRun(*findVariant(variant), b->config, input, &b->run.result);
    analyzeTrace(b->run);
    return b;
}

void show(Side& side, view::Playback& pb, std::shared_ptr<const view::TraceBundle> bundle) {
    side.bundle = std::move(bundle);
    side.groupOfPass = view::followPartial(side.bundle->run, 0);
    side.timeline = view::buildTimeline(side.bundle->run, side.groupOfPass);
    pb.reset(int(side.timeline.size()));
}

TEST(predict_state, PlaybackStopsBeforeAHiddenStageUntilItIsPredicted) {
    Side side;
    view::Playback pb;
    show(side, pb, modelBundle("sequential", 8, 8));  // load, s = 4, 2, 1
    PredictState ps;
    ps.setOn(true, side, pb);
    EXPECT_EQ(ps.waitingStep(side, pb), 1);
    pb.stepBy(1);
    ps.guard(side, pb);
    EXPECT_EQ(pb.step(), 0);
    pb.play();
    pb.update(5.0);
    ps.guard(side, pb);
    EXPECT_EQ(pb.step(), 0);
    EXPECT_FALSE(pb.playing());

    ps.togglePick(0);
    ps.togglePick(1);
    ps.togglePick(3);
    ps.togglePick(2);
    ps.togglePick(1);  // off again
    EXPECT_EQ(ps.picked, std::vector<int>({0, 2, 3}));
    EXPECT_EQ(ps.submit(side, pb), "");
    EXPECT_EQ(pb.step(), 1);
    ps.guard(side, pb);
    EXPECT_EQ(pb.step(), 1);
    ASSERT_NE(ps.scoreAt(1), nullptr);
    EXPECT_EQ(ps.scoreAt(1)->missed, std::vector<int>({1}));  // s = 4: work-items 0..3
    EXPECT_TRUE(ps.picked.empty());
    EXPECT_EQ(ps.tally.text(), "0 of 1 stage right");

    // Back over revealed stages freely; forward only to the frontier.
    pb.home();
    ps.guard(side, pb);
    EXPECT_EQ(pb.step(), 0);
    EXPECT_EQ(ps.waitingStep(side, pb), -1);  // reviewing
    pb.end();
    ps.guard(side, pb);
    EXPECT_EQ(pb.step(), 1);
    EXPECT_EQ(ps.waitingStep(side, pb), 2);

    ps.kind = predict::Kind::Divergent;
    ps.divergent = 1;  // s = 2: work-items 0, 1 of one SIMD group of 8 lanes
    EXPECT_EQ(ps.submit(side, pb), "");
    EXPECT_EQ(ps.reveal(side, pb), "");  // s = 1, skipped
    EXPECT_EQ(pb.step(), 3);
    EXPECT_EQ(ps.tally.text(), "1 of 2 stages right, 1 skipped");
    EXPECT_EQ(ps.waitingStep(side, pb), -1);  // the end
    EXPECT_EQ(ps.submit(side, pb), "no stage is waiting for a prediction");

    // Turned on again at the end: from the load.
    ps.setOn(false, side, pb);
    ps.setOn(true, side, pb);
    EXPECT_EQ(pb.step(), 0);
    EXPECT_EQ(ps.waitingStep(side, pb), 1);
    EXPECT_EQ(ps.tally.scored, 0);
}

TEST(predict_state, ATypedValueThatIsNotANumberIsRefused) {
    Side side;
    view::Playback pb;
    show(side, pb, modelBundle("sequential", 8, 8));
    PredictState ps;
    ps.setOn(true, side, pb);
    ps.kind = predict::Kind::Value;
    ps.cell = 2;
    EXPECT_EQ(ps.submit(side, pb), "type the value of cell 2");
    ps.valueText = "8 apples";
    EXPECT_EQ(ps.submit(side, pb), "'8 apples' is not a number");
    EXPECT_EQ(pb.step(), 0);
    ps.valueText = " 8 ";  // s = 4: cell 2 = 2 + 6
    EXPECT_EQ(ps.submit(side, pb), "");
    EXPECT_TRUE(ps.scoreAt(1)->correct);
}

TEST(predict_state, LoadsOfLaterPassesAreRevealedBySteppingOntoThem) {
    Side side;
    view::Playback pb;
    show(side, pb, modelBundle("sequential", 16, 4));  // pass 0: 4 groups of 4 (load, s = 2, 1); pass 1: 4 partials
    ASSERT_GE(side.bundle->run.passes.size(), 2u);
    PredictState ps;
    ps.setOn(true, side, pb);
    EXPECT_EQ(ps.reveal(side, pb), "");
    EXPECT_EQ(ps.reveal(side, pb), "");
    EXPECT_EQ(pb.step(), 2);
    EXPECT_EQ(ps.waitingStep(side, pb), -1);  // the next step is pass 1's load
    pb.stepBy(1);
    ps.guard(side, pb);
    EXPECT_EQ(pb.step(), 3);
    EXPECT_EQ(side.timeline[3].stage, 0);
    EXPECT_EQ(ps.waitingStep(side, pb), 4);
}

TEST(predict_state, ANewTraceIsPredictedFromItsLoadAndTheTallyStays) {
    Side side;
    view::Playback pb;
    show(side, pb, modelBundle("sequential", 8, 8));
    PredictState ps;
    ps.setOn(true, side, pb);
    ps.togglePick(0);
    EXPECT_EQ(ps.submit(side, pb), "");
    EXPECT_EQ(pb.step(), 1);
    // Another variant arrives (the explorer keeps the step where it can).
    side.bundle = modelBundle("interleaved-divergent", 8, 8);
    side.timeline = view::buildTimeline(side.bundle->run, side.groupOfPass);
    ps.guard(side, pb);
    EXPECT_EQ(pb.step(), 0);
    EXPECT_EQ(ps.waitingStep(side, pb), 1);
    EXPECT_EQ(ps.scoreAt(1), nullptr);
    EXPECT_EQ(ps.tally.scored, 1);
    // Nothing loaded: nothing waits, nothing crashes.
    Side empty;
    ps.guard(empty, pb);
    EXPECT_EQ(ps.waitingStep(empty, pb), -1);
    EXPECT_NE(ps.submit(empty, pb), "");
}

}  // namespace
}  // namespace rl::gui
