// The arithmetic of a plot, without drawing it: axis ranges rounded to nice numbers, linear ticks in 1-2-5 steps,
// log axes with a tick per power (decades in base 10, every power in base 2), value <-> pixel mapping, tick labels
// and category slots for bar charts. Used by app/gui/timings/plot_canvas and tested without a display.
#pragma once
#include <string>
#include <vector>

namespace rl::view {

struct AxisSpec {
    double lo = 0, hi = 1;
    bool log = false;
    int base = 10;  // log axes: 10 (decades, minor ticks at 2..9) or 2 (one tick per power of two, labelled 2^k)
};

struct Tick {
    double value = 0;
    bool major = true;
    std::string label;  // empty for minor ticks
};

// The 1-2-5 step (1, 2, 5, 10, 20, ...) that splits `range` into at most `maxTicks` intervals.
double niceStep(double range, int maxTicks);

// An axis covering [lo, hi]: linear ends rounded out to the step (0 included when `includeZero`), log ends rounded
// out to powers of the base. Non-positive values are ignored on log axes; an empty or degenerate range gets a
// sensible width. NaN and infinities are ignored.
AxisSpec niceAxis(double lo, double hi, bool log, int base = 10, bool includeZero = false, int maxTicks = 6);

// The axis range that covers every finite value of `values` (positive ones only for log axes), then niceAxis.
AxisSpec fitAxis(const std::vector<double>& values, bool log, int base = 10, bool includeZero = false,
                 int maxTicks = 6);

// Ticks inside [a.lo, a.hi]. Linear: 1-2-5 majors (at most maxMajor + 1). Log base 10: each decade major (thinned
// to every k-th when there are more than maxMajor), 2..9 minor when there are few decades. Log base 2: each power
// major (thinned likewise).
std::vector<Tick> axisTicks(const AxisSpec& a, int maxMajor = 6);

// Position of `v` between pixels p0 (at a.lo) and p1 (at a.hi); log axes map log(v). Non-positive v on a log
// axis maps to p0.
float toPixel(const AxisSpec& a, double v, float p0, float p1);
double fromPixel(const AxisSpec& a, float px, float p0, float p1);

// Tick labels: linear with as many decimals as the step needs ("0.25", "40"); log base 10 as "0.01", "1", "1000",
// "1e-6", "1e+06" outside [1e-3, 1e5); log base 2 as "2^16".
std::string formatTick(double v, const AxisSpec& a, double step = 0);

// A value with `digits` significant digits, no exponent for magnitudes in [1e-3, 1e6) ("12.3", "0.00456",
// "1.23e-07"). Used for hover figures and table cells.
std::string formatSig(double v, int digits = 4);

// "2^20 = 1,048,576" for a power of two, else "1,000,000".
std::string formatCount(double n);

// Category slots for bars: `count` slots between p0 and p1, each bar `fill` (0..1) of its slot. Returns the centre
// of slot i; halfWidth gets half the bar's thickness.
float slotCenter(int i, int count, float p0, float p1, float fill, float* halfWidth);

// Index of the slot that pixel `px` falls in, or -1 outside.
int slotAt(float px, int count, float p0, float p1);

}  // namespace rl::view
