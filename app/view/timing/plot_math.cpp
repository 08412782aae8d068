// Axis ranges, ticks, pixel mapping and labels for the Timings view's plots.
#include "app/view/timing/plot_math.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace rl::view {
namespace {

constexpr double kEps = 1e-9;

double logb(double v, int base) {
    return base == 2 ? std::log2(v) : std::log10(v);
}
double powb(int base, double k) {
    return base == 2 ? std::exp2(k) : std::pow(10.0, k);
}

std::string trimZeros(std::string s) {
    if (s.find('.') == std::string::npos || s.find('e') != std::string::npos) return s;
    while (!s.empty() && s.back() == '0') s.pop_back();
    if (!s.empty() && s.back() == '.') s.pop_back();
    return s;
}

std::string groupThousands(unsigned long long v) {
    std::string digits = std::to_string(v), out;
    for (size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

}  // namespace

double niceStep(double range, int maxTicks) {
    if (!(range > 0) || !std::isfinite(range)) return 1;
    const double raw = range / std::max(1, maxTicks);
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    const double norm = raw / mag;
    const double nice = norm <= 1 + kEps ? 1 : norm <= 2 + kEps ? 2 : norm <= 5 + kEps ? 5 : 10;
    return nice * mag;
}

AxisSpec niceAxis(double lo, double hi, bool log, int base, bool includeZero, int maxTicks) {
    AxisSpec a;
    a.log = log;
    a.base = base == 2 ? 2 : 10;
    if (lo > hi) std::swap(lo, hi);
    if (log) {
        if (!(hi > 0) || !std::isfinite(hi)) {
            a.lo = 1;
            a.hi = a.base;
            return a;
        }
        if (!(lo > 0) || !std::isfinite(lo)) lo = hi;
        double k0 = std::floor(logb(lo, a.base) + kEps), k1 = std::ceil(logb(hi, a.base) - kEps);
        if (k1 <= k0) k1 = k0 + 1;
        a.lo = powb(a.base, k0);
        a.hi = powb(a.base, k1);
        return a;
    }
    if (!std::isfinite(lo) || !std::isfinite(hi)) lo = hi = 0;
    if (includeZero) {
        lo = std::min(lo, 0.0);
        hi = std::max(hi, 0.0);
    }
    if (hi - lo <= std::abs(hi) * 1e-12) {  // one value: give it room
        const double pad = hi == 0 ? 1 : std::abs(hi) * 0.5;
        if (!(includeZero && lo == 0)) lo -= pad;
        hi += pad;
    }
    const double step = niceStep(hi - lo, maxTicks);
    a.lo = std::floor(lo / step + kEps) * step;
    a.hi = std::ceil(hi / step - kEps) * step;
    if (a.hi <= a.lo) a.hi = a.lo + step;
    return a;
}

AxisSpec fitAxis(const std::vector<double>& values, bool log, int base, bool includeZero, int maxTicks) {
    double lo = INFINITY, hi = -INFINITY;
    for (double v : values) {
        if (!std::isfinite(v) || (log && !(v > 0))) continue;
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    if (lo > hi) lo = hi = log ? 1.0 : 0.0;
    return niceAxis(lo, hi, log, base, includeZero, maxTicks);
}

std::vector<Tick> axisTicks(const AxisSpec& a, int maxMajor) {
    std::vector<Tick> ticks;
    maxMajor = std::max(1, maxMajor);
    if (a.log) {
        if (!(a.lo > 0) || !(a.hi > a.lo)) return ticks;
        const int k0 = int(std::ceil(logb(a.lo, a.base) - kEps)), k1 = int(std::floor(logb(a.hi, a.base) + kEps));
        const int count = k1 - k0 + 1;
        // Every stride-th power, at multiples of the stride (2^16, 2^18, ...; 1e-8, 1e-4, 1), the smallest stride
        // from a round list that keeps at most maxMajor labels.
        static const int strides2[] = {1, 2, 4, 8, 16, 32}, strides10[] = {1, 2, 3, 4, 5, 10, 20, 50};
        int stride = a.base == 2 ? 32 : 50;
        for (int st : a.base == 2 ? std::vector<int>(std::begin(strides2), std::end(strides2))
                                  : std::vector<int>(std::begin(strides10), std::end(strides10)))
            if ((count + st - 1) / st <= maxMajor) {
                stride = st;
                break;
            }
        auto isMajor = [&](int k) { return ((k % stride) + stride) % stride == 0; };
        bool anyMajor = false;
        for (int k = k0; k <= k1; ++k) anyMajor = anyMajor || isMajor(k);
        for (int k = k0; k <= k1; ++k) {
            const double v = powb(a.base, k);
            const bool major = anyMajor ? isMajor(k) : k == k0;
            ticks.push_back({v, major, major ? formatTick(v, a) : ""});
        }
        if (a.base == 10 && stride == 1 && count <= 5)  // 2..9 between the decades, when there are few
            for (int k = k0 - 1; k <= k1; ++k)
                for (int m = 2; m <= 9; ++m) {
                    const double v = powb(10, k) * m;
                    if (v >= a.lo * (1 - kEps) && v <= a.hi * (1 + kEps)) ticks.push_back({v, false, ""});
                }
        std::sort(ticks.begin(), ticks.end(), [](const Tick& x, const Tick& y) { return x.value < y.value; });
        return ticks;
    }
    if (!(a.hi > a.lo)) return ticks;
    const double step = niceStep(a.hi - a.lo, maxMajor);
    const double first = std::ceil(a.lo / step - kEps);
    for (double i = first;; i += 1) {
        double v = i * step;
        if (v > a.hi + step * kEps) break;
        if (std::abs(v) < step * kEps) v = 0;  // never "-0"
        ticks.push_back({v, true, formatTick(v, a, step)});
        if (ticks.size() > size_t(maxMajor) * 4 + 8) break;  // a guard; the step keeps it near maxMajor
    }
    return ticks;
}

float toPixel(const AxisSpec& a, double v, float p0, float p1) {
    double t;
    if (a.log) {
        if (!(v > 0) || !(a.lo > 0)) return p0;
        t = (std::log(v) - std::log(a.lo)) / (std::log(a.hi) - std::log(a.lo));
    } else {
        t = (v - a.lo) / (a.hi - a.lo);
    }
    if (!std::isfinite(t)) t = 0;
    return float(p0 + (p1 - p0) * t);
}

double fromPixel(const AxisSpec& a, float px, float p0, float p1) {
    const double t = p1 == p0 ? 0.0 : double(px - p0) / double(p1 - p0);
    if (a.log) return std::exp(std::log(a.lo) + t * (std::log(a.hi) - std::log(a.lo)));
    return a.lo + t * (a.hi - a.lo);
}

std::string formatTick(double v, const AxisSpec& a, double step) {
    char buf[64];
    if (a.log && a.base == 2) {
        std::snprintf(buf, sizeof buf, "2^%d", int(std::lround(std::log2(v))));
        return buf;
    }
    if (a.log) {
        const double av = std::abs(v);
        if (av >= 1e-3 * (1 - kEps) && av < 1e5) return formatSig(v, 3);
        std::snprintf(buf, sizeof buf, "1e%d", int(std::lround(std::log10(av))));
        return buf;
    }
    if (step <= 0) step = niceStep(a.hi - a.lo, 6);
    if (std::abs(v) >= 1e6) return formatSig(v, 3);
    const int decimals = std::max(0, -int(std::floor(std::log10(step) + kEps)));
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

std::string formatSig(double v, int digits) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    if (v == 0) return "0";
    digits = std::clamp(digits, 1, 17);
    char buf[64];
    const double av = std::abs(v);
    if (av >= 1e-3 && av < 1e6) {
        const int decimals = std::max(0, digits - 1 - int(std::floor(std::log10(av))));
        std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
        return trimZeros(buf);
    }
    std::snprintf(buf, sizeof buf, "%.*e", digits - 1, v);
    std::string s = buf;  // trim zeros of the mantissa: 1.200e-07 -> 1.2e-07
    const size_t e = s.find('e');
    std::string mant = s.substr(0, e), exp = s.substr(e);
    if (mant.find('.') != std::string::npos) {
        while (mant.back() == '0') mant.pop_back();
        if (mant.back() == '.') mant.pop_back();
    }
    return mant + exp;
}

std::string formatCount(double n) {
    if (!(n >= 0) || !std::isfinite(n) || n > 1.8e19) return formatSig(n, 6);
    const auto v = (unsigned long long)std::llround(n);
    if (v > 0 && (v & (v - 1)) == 0) {
        int k = 0;
        while ((1ull << k) != v) ++k;
        return "2^" + std::to_string(k) + " = " + groupThousands(v);
    }
    return groupThousands(v);
}

float slotCenter(int i, int count, float p0, float p1, float fill, float* halfWidth) {
    count = std::max(1, count);
    const float slot = (p1 - p0) / float(count);
    if (halfWidth) *halfWidth = std::abs(slot) * std::clamp(fill, 0.0f, 1.0f) * 0.5f;
    return p0 + slot * (float(i) + 0.5f);
}

int slotAt(float px, int count, float p0, float p1) {
    if (count <= 0 || p1 == p0) return -1;
    const float t = (px - p0) / (p1 - p0);
    if (t < 0 || t >= 1) return -1;
    return std::min(count - 1, int(t * float(count)));
}

}  // namespace rl::view
