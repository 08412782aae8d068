// A histogram's bins: which bin an element falls in, on the host exactly as kernels/common.cl's RL_BIN does it on
// the device, and the counts of a whole input.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/input.h"
#include "core/run_config.h"

namespace rl {

// numpy's rule: `bins` equal widths over [lo, hi], the last bin closed, values outside (and NaNs) counted nowhere.
// Computed as min(uint((x - lo) * scale), bins - 1) with scale = bins / (hi - lo), all in float (an int element's
// x - lo exactly, then rounded to float): the device's operations, so host and device agree on every element.
struct Binning {
    size_t bins = 1;
    double lo = 0, hi = 1;  // the range, as given (an int element's: whole numbers)
    ElemType type = ElemType::Float;
    float scale = 1;
    // The bin of x, or `bins` where x falls outside the range.
    size_t binOf(double x) const;
};

// The binning of a run: its bins and range, or (no --range) the data's minimum and maximum, as numpy takes them (a
// constant input: its value -+ 0.5 for floats, -+ 1 for ints, which puts it in the middle bin as numpy does).
// Throws rl::Error (BadInput) for a type other than int and float, a range an int cannot hold, or bins past 65536.
Binning binningOf(const RunConfig& config, const std::vector<double>& input);
Binning binningOf(const RunConfig& config, const HostArray& input);
// The config with its range set (rangeSet) to the binning's: what a run's kernels are built for.
RunConfig withRange(const RunConfig& config, const HostArray& input);

// The counts of every bin.
std::vector<double> histogramOf(const std::vector<double>& input, const Binning& binning);
std::vector<double> histogramOf(const HostArray& input, const Binning& binning);

// The -D options that define RL_BIN for the device (RL_NBINS, RL_BIN_LO, RL_BIN_HI, RL_BIN_SCALE), as exact
// literals.
std::string binningOptions(const Binning& binning);

}  // namespace rl
