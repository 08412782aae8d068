// Binning: numpy's rule in the device's float operations.
#include "core/patterns/histogram/binning.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace rl {

size_t Binning::binOf(double x) const {
    float t = 0;
    if (type == ElemType::Int) {
        if (x < lo || x > hi) return bins;
        t = float(int64_t(x) - int64_t(lo)) * scale;
    } else {
        const float f = float(x), flo = float(lo), fhi = float(hi);
        if (!(f >= flo && f <= fhi)) return bins;
        const float d = f - flo;  // two roundings, as the device's (x - lo) * scale: no fused multiply-add
        t = d * scale;
    }
    const auto b = size_t(uint32_t(t));
    return std::min(b, bins - 1);
}

namespace {

Binning make(const RunConfig& config, double lo, double hi) {
    if (config.type != ElemType::Int && config.type != ElemType::Float)
        throw Error(ErrorKind::BadInput, "a histogram bins int or float elements, not " +
                                             std::string(toString(config.type)) + ": give --type int or float");
    if (config.bins < 1 || config.bins > 65536)
        throw Error(ErrorKind::BadInput, "--bins " + std::to_string(config.bins) + " is out of range: give 1 to 65536");
    Binning b;
    b.bins = config.bins;
    b.type = config.type;
    if (config.type == ElemType::Int) {
        lo = std::floor(lo);
        hi = std::ceil(hi);
        if (lo < -2147483648.0 || hi > 2147483647.0)
            throw Error(ErrorKind::BadInput, "the range " + std::to_string(lo) + ".." + std::to_string(hi) +
                                                 " is past what an int holds: give --range within -2^31..2^31-1");
    } else {
        lo = double(float(lo));
        hi = double(float(hi));
    }
    if (!(lo < hi)) throw Error(ErrorKind::BadInput, "the range's low end must be below its high end, e.g. 0,256");
    b.lo = lo;
    b.hi = hi;
    b.scale = float(double(b.bins) / (float(hi) - float(lo)));
    if (config.type == ElemType::Int) b.scale = float(double(b.bins) / (hi - lo));
    return b;
}

template <class At>
Binning fromData(const RunConfig& config, size_t n, At at) {
    if (config.rangeSet) return make(config, config.rangeLo, config.rangeHi);
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (size_t i = 0; i < n; ++i) {
        const double v = at(i);
        if (std::isnan(v)) continue;
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    if (lo > hi) lo = hi = 0;  // no element, or only NaNs
    if (lo == hi) {
        const double half = config.type == ElemType::Int ? 1 : 0.5;
        lo -= half;
        hi += half;
    }
    return make(config, lo, hi);
}

// A float as a C99 hexadecimal literal with an f suffix: exact.
std::string floatLiteral(float f) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%af", double(f));
    return buf;
}

}  // namespace

Binning binningOf(const RunConfig& config, const std::vector<double>& input) {
    return fromData(config, input.size(), [&](size_t i) { return input[i]; });
}

Binning binningOf(const RunConfig& config, const HostArray& input) {
    return fromData(config, input.size(), [&](size_t i) { return input.at(i); });
}

RunConfig withRange(const RunConfig& config, const HostArray& input) {
    const Binning b = binningOf(config, input);
    RunConfig c = config;
    c.rangeSet = true;
    c.rangeLo = b.lo;
    c.rangeHi = b.hi;
    return c;
}

std::vector<double> histogramOf(const std::vector<double>& input, const Binning& binning) {
    std::vector<double> counts(binning.bins, 0.0);
    for (double x : input)
        if (const size_t b = binning.binOf(x); b < binning.bins) counts[b] += 1;
    return counts;
}

std::vector<double> histogramOf(const HostArray& input, const Binning& binning) {
    std::vector<double> counts(binning.bins, 0.0);
    for (size_t i = 0; i < input.size(); ++i)
        if (const size_t b = binning.binOf(input.at(i)); b < binning.bins) counts[b] += 1;
    return counts;
}

std::string binningOptions(const Binning& b) {
    std::string o = " -D RL_NBINS=" + std::to_string(b.bins);
    if (b.type == ElemType::Int) {
        o += " -D RL_BIN_LO=" + std::to_string(int64_t(b.lo)) + "L -D RL_BIN_HI=" + std::to_string(int64_t(b.hi)) + "L";
    } else {
        o += " -D RL_BIN_LO=" + floatLiteral(float(b.lo)) + " -D RL_BIN_HI=" + floatLiteral(float(b.hi));
    }
    o += " -D RL_BIN_SCALE=" + floatLiteral(b.scale);
    return o;
}

}  // namespace rl
