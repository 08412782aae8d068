// What the grader's timed step measures, in numbers a check can judge: the rounds' speed-ups of an attempt over its
// starter (their median, and how sure that is), and a float sum's error in units of its bound. Pure: the timed step
// (timing_step.h) uses them to decide when it has timed enough, the checks (evaluate.h) to judge and say it.
#pragma once
#include <vector>

namespace rl::exercise {

// How far each round's speed-up (starter's time over the attempt's, the two timed in the same round) says the
// attempt's true speed-up lies: the median round's, and a distribution-free interval around it (order statistics
// of the rounds' ratios holding the median with 90% confidence or more: with 5 rounds their lowest and highest).
struct SpeedupBounds {
    double median = 0, low = 0, high = 0;
    int rounds = 0;
};
SpeedupBounds speedupBounds(std::vector<double> ratios);

// Whether more rounds could change a speed check's verdict: the interval holds the bar (`min`) inside it.
bool speedupUndecided(const SpeedupBounds& b, double min);

// A float sum's error in units of FLT_EPSILON x sum|x| (0 when sum|x| is 0; NaN when the result is not finite).
double roundoffInEps(double result, double reference, double sumAbs);

}  // namespace rl::exercise
