// The timeline over passes and the playback state machine.
#include <gtest/gtest.h>

#include "app/view/tree/playback.h"

namespace rl::view {
namespace {

GroupTrace group(int id, int stages) {
    GroupTrace g;
    g.group = id;
    g.stages.resize(size_t(stages));
    return g;
}

// A two-pass run: pass 0 has 8 groups of 4 (32 elements), all traced with 3 stages; pass 1 reduces the 8 partials
// with 2 groups of 4 (only group 1 traced, 3 stages); pass 2 reduces 2 partials (1 group, 3 stages).
TraceRun twoPassRun() {
    TraceRun r;
    PassTrace p0;
    p0.n = 32;
    p0.groups = 8;
    p0.local = 4;
    for (int g = 0; g < 8; ++g) p0.traced.push_back(group(g, 3));
    PassTrace p1;
    p1.pass = 1;
    p1.n = 8;
    p1.groups = 2;
    p1.local = 4;
    p1.traced.push_back(group(1, 3));
    PassTrace p2;
    p2.pass = 2;
    p2.n = 2;
    p2.groups = 1;
    p2.local = 4;
    p2.traced.push_back(group(0, 3));
    r.passes = {p0, p1, p2};
    return r;
}

TEST(Timeline, FollowsThePartialOfTheChosenGroupThroughThePasses) {
    const TraceRun r = twoPassRun();
    // Group 5 of pass 0 leaves partial 5, which pass 1's group 1 (elements 4..7) reduces: traced index 0.
    EXPECT_EQ(followPartial(r, 5), (std::vector<int>{5, 0, 0}));
    const auto steps = buildTimeline(r, followPartial(r, 5));
    ASSERT_EQ(steps.size(), 9u);
    EXPECT_EQ(steps[0].pass, 0);
    EXPECT_EQ(steps[0].group, 5);
    EXPECT_EQ(steps[2].stage, 2);
    EXPECT_EQ(steps[3].pass, 1);
    EXPECT_EQ(steps[3].stage, 0);
    EXPECT_EQ(steps[8].pass, 2);
}

TEST(Playback, StepsAnimateForwardAndJumpBackward) {
    Playback pb;
    pb.reset(5);
    EXPECT_EQ(pb.step(), 0);
    EXPECT_FALSE(pb.moving());
    pb.stepBy(1);
    EXPECT_EQ(pb.step(), 1);
    EXPECT_LT(pb.transition(), 1.0f);  // moving in
    EXPECT_TRUE(pb.moving());
    pb.update(1.0);
    EXPECT_EQ(pb.transition(), 1.0f);
    EXPECT_FALSE(pb.moving());
    pb.stepBy(-1);
    EXPECT_EQ(pb.step(), 0);
    EXPECT_EQ(pb.transition(), 1.0f);  // backwards is instant
    pb.stepBy(-1);
    EXPECT_EQ(pb.step(), 0);  // clamped
    pb.end();
    EXPECT_EQ(pb.step(), 4);
    pb.stepBy(1);
    EXPECT_EQ(pb.step(), 4);
    pb.home();
    EXPECT_EQ(pb.step(), 0);
}

TEST(Playback, PlayingAdvancesAtTheSpeedAndStopsOnTheResult) {
    Playback pb;
    pb.reset(4);
    pb.setSpeed(2.0f);  // a step every half second
    pb.play();
    double t = 0;
    int lastStep = 0, changes = 0;
    while (pb.playing() && t < 10) {
        pb.update(1.0 / 60.0);
        t += 1.0 / 60.0;
        if (pb.step() != lastStep) ++changes, lastStep = pb.step();
    }
    EXPECT_EQ(pb.step(), 3);
    EXPECT_EQ(changes, 3);
    EXPECT_NEAR(t, 1.5, 0.1);  // three steps at 2 per second
    EXPECT_FALSE(pb.playing());
    pb.play();  // from the end it starts over
    EXPECT_EQ(pb.step(), 0);
    pb.togglePlay();
    EXPECT_FALSE(pb.playing());
}

}  // namespace
}  // namespace rl::view
