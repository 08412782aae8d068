// The grader's timed step on the device (core/exercise/timing_step.h): each round times the attempt and the starter
// and keeps its ratio; rounds on both sides of the speed check's bar call for more of them, at most three times as
// many, and none where no speed check asks or where the rounds are clear of the bar.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "core/exercise/timing_step.h"

namespace rl::exercise {
namespace {

std::string text(const std::string& path) {
    std::ifstream f(path);
    return std::string((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

// Exercise 9's starter timed against itself: its true speed-up is 1.
TimingRequest againstItself(double speedupMin) {
    TimingRequest t;
    t.starter = text(std::string(RL_EXERCISES) + "/09-many-elements/starter.cl");
    t.text = t.starter;
    t.file = "mine.cl";
    t.op = Op::Sum;
    t.type = ElemType::Int;
    t.pattern = Pattern::Reduce;
    t.wg = 64;
    t.time = true;
    t.timedN = size_t(1) << 16;
    t.rounds = 3;
    t.speedupMin = speedupMin;
    t.timeoutSeconds = 120;
    return t;
}

TEST(TimingStep, EachRoundTimesBothAndKeepsItsRatio) {
    EXPECT_FALSE(againstItself(0).starter.empty()) << "no starter at " << RL_EXERCISES;
    Timings t;
    FloatError f;
    runTimingStep(againstItself(0), &t, &f);  // no speed check: the rounds asked for, no more
    ASSERT_TRUE(t.measured) << t.why;
    ASSERT_EQ(t.ratios.size(), 3u);
    for (double r : t.ratios) {
        EXPECT_GT(r, 0.2) << "the same kernel, timed in one round";
        EXPECT_LT(r, 5.0) << "the same kernel, timed in one round";
    }
    EXPECT_GT(t.studentMs, 0);
    EXPECT_GT(t.starterMs, 0);
    EXPECT_FALSE(f.measured);  // not asked for
}

TEST(TimingStep, RoundsOnBothSidesOfTheBarCallForMoreAndRoundsClearOfItDoNot) {
    Timings far, near;
    FloatError f;
    runTimingStep(againstItself(100), &far, &f);  // a bar no round reaches: decided at once
    ASSERT_TRUE(far.measured) << far.why;
    EXPECT_EQ(far.ratios.size(), 3u);
    // The bar at the kernel's own speed: more rounds, 3 at a time, for as long as the rounds so far lie on both
    // sides of it, and no more once they do not (or at 9)
    runTimingStep(againstItself(1.0), &near, &f);
    ASSERT_TRUE(near.measured) << near.why;
    const size_t taken = near.ratios.size();
    ASSERT_TRUE(taken == 3 || taken == 6 || taken == 9) << taken;
    for (size_t done = 3; done <= taken; done += 3) {
        const std::vector<double> first(near.ratios.begin(), near.ratios.begin() + long(done));
        const bool undecided = speedupUndecided(speedupBounds(first), 1.0);
        if (done < taken)
            EXPECT_TRUE(undecided) << "more rounds after " << done << " that were clear of the bar";
        else if (done < 9)
            EXPECT_FALSE(undecided) << "stopped after " << done << " rounds on both sides of the bar";
    }
    std::printf("the starter against itself, bar 1.00x: %zu rounds\n", taken);
}

}  // namespace
}  // namespace rl::exercise
