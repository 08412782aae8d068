// The rounds' speed-ups and a float sum's error in units of its bound (measures.h).
#include "core/exercise/measures.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

namespace rl::exercise {

SpeedupBounds speedupBounds(std::vector<double> ratios) {
    SpeedupBounds b;
    b.rounds = int(ratios.size());
    if (ratios.empty()) return b;
    std::sort(ratios.begin(), ratios.end());
    const size_t n = ratios.size();
    b.median = n % 2 ? ratios[n / 2] : 0.5 * (ratios[n / 2 - 1] + ratios[n / 2]);
    // The k-th lowest and highest ratios hold the median with probability 1 - 2 P(Binomial(n, 1/2) < k): the
    // largest k keeping that at 90% or more (k = 1, the whole range, where even that is less sure: fewer than 5)
    size_t k = 1;
    double cdf = 0, term = std::pow(0.5, double(n));  // P(B <= i) and P(B = i) as i grows
    for (size_t i = 0; i < n / 2; ++i) {              // k = i + 1, if its interval is sure enough
        cdf += term;
        if (2 * cdf > 0.10) break;
        k = i + 1;
        term *= double(n - i) / double(i + 1);
    }
    b.low = ratios[k - 1];
    b.high = ratios[n - k];
    return b;
}

bool speedupUndecided(const SpeedupBounds& b, double min) { return b.rounds > 0 && b.low < min && min <= b.high; }

double roundoffInEps(double result, double reference, double sumAbs) {
    return sumAbs > 0 ? std::fabs(result - reference) / (FLT_EPSILON * sumAbs) : 0;
}

}  // namespace rl::exercise
