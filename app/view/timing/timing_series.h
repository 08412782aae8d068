// The series behind the "against N" plots, from cached measurements: time and bandwidth (with the repeats' min-max)
// of each chosen variant and of the copy kernel at each N; and the round-off of float sums at each N: the host's
// serial float loop and each device tree, as relative errors against the Kahan/double reference.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "app/view/timing/timing_cache.h"

namespace rl::view {

struct SizePoint {
    size_t n = 0;
    Measurement m;  // always m.ok
};

struct SizeSeries {
    std::string id;  // variant id, or "copy"
    bool copy = false;
    std::vector<SizePoint> points;  // measured points only, ascending N
    std::vector<size_t> failedAt;   // sizes where the run failed (with the first error in `error`)
    std::string error;
};

// The copy kernel first, then params.sizeVariants in order.
std::vector<SizeSeries> buildSizeSeries(const TimingCache& cache, const DeviceKey& device, const TimingParams& params);

struct RoundoffRow {
    size_t n = 0;
    double reference = 0;                       // Kahan/double
    std::optional<double> hostSerial;           // the serial float loop (from any device run at this N)
    std::vector<std::optional<double>> device;  // per params.roundVariants: the device's float result
};

struct RoundoffTable {
    std::vector<std::string> variants;
    std::vector<RoundoffRow> rows;  // only sizes with at least one measurement
};

RoundoffTable buildRoundoff(const TimingCache& cache, const DeviceKey& device, const TimingParams& params);

// |value - reference| / |reference| (absolute error when the reference is 0).
double relativeError(double value, double reference);

// The float rounding unit u = 2^-24: the relative error of one rounded addition at most.
inline constexpr double kFloatUnitRoundoff = 5.9604644775390625e-08;

}  // namespace rl::view
