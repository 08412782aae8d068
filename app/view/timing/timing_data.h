// The Timings view's data, without drawing it: what one measurement is of (PointKey), what it found (Measurement),
// which device it was taken on (DeviceKey), the parameters the view asks for (TimingParams) and the list of points
// a sweep measures for them. Measurements are cached per point, so a sweep only measures what is missing.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/input.h"
#include "core/types.h"

namespace rl::view {

enum class PointKind {
    Run,      // a variant timed by Engine::run (median, min, max of the repeats), checked against the reference
    Copy,     // the copy kernel at the same N: the bandwidth ceiling
    Roundoff  // a float sum of positive values once on the device, beside the host's serial float loop
};

struct PointKey {
    PointKind kind = PointKind::Run;
    std::string variant;  // empty for Copy
    size_t n = 0;
    ElemType type = ElemType::Int;
    Op op = Op::Sum;
    size_t wg = 256;
    int warmup = 1, repeats = 5;

    // Canonical text, the cache's key: "run|sequential|n=4194304|int|sum|wg=256|w=1|r=5".
    std::string text() const;
};

struct Measurement {
    bool ok = false;           // measured; otherwise `error` says why not
    bool unavailable = false;  // not a failure: the device lacks what the variant needs
    std::string error;
    double medianMs = 0, minMs = 0, maxMs = 0;
    double gbps = 0;  // Run and Roundoff: n * 4 bytes read once / median; Copy: bytes read + written / median
    bool correct = true;
    std::string verdict;
    double result = 0, reference = 0;  // reference: exact (int) or Kahan-summed double (float)
    double hostSerial = 0;             // Roundoff: the host's serial float loop over the same input
    std::string when;                  // local time of the measurement, "2025-01-31 14:05"

    // Bandwidth at another time of the same run (min/max bands): gbps * medianMs / ms.
    double gbpsAt(double ms) const { return ms > 0 ? gbps * medianMs / ms : 0.0; }
};

nlohmann::json toJson(const Measurement& m);
// Throws std::exception on a malformed entry (the cache then drops the file with a warning).
Measurement measurementFromJson(const nlohmann::json& j);

// Which device a measurement belongs to: the same device name under another driver is another device.
struct DeviceKey {
    std::string name, driver, platform;
    std::string text() const;  // "name | driver | platform"
};

// What the view asks for.
struct TimingParams {
    size_t n = size_t(1) << 22;  // the ladder's N (Harris: 2^22 ints)
    ElemType type = ElemType::Int;
    size_t wg = 256;
    int warmup = 1, repeats = 5;
    // Time and bandwidth against N: powers of two from sizeMin to sizeMax, every 2^sizeLog2Step.
    size_t sizeMin = size_t(1) << 16, sizeMax = size_t(1) << 24;
    int sizeLog2Step = 2;
    std::vector<std::string> sizeVariants;
    // Round-off against N (float sums of positive values).
    size_t roundMin = size_t(1) << 12, roundMax = size_t(1) << 24;
    int roundLog2Step = 2;
    std::vector<std::string> roundVariants;
};

// Powers of two from lo up to hi (both rounded to powers of two), every 2^step, hi always included.
std::vector<size_t> powersOfTwo(size_t lo, size_t hi, int log2Step);

PointKey runKey(const TimingParams& p, const std::string& variant, size_t n);

// A student's kernel in the ladder: a Run point whose variant is "kernel:<file>#<hash of entry and text>", so an
// edited kernel is measured again and the same text is found in the cache. The sweep times it in a child process.
std::string kernelPointId(const std::string& file, const std::string& entry, const std::string& text);
bool isKernelPoint(const std::string& variant);
std::string kernelPointFile(const std::string& variant);  // the file name in the id
PointKey copyKey(const TimingParams& p, size_t n);
PointKey roundoffKey(const TimingParams& p, const std::string& variant, size_t n);

// Points in the order a sweep measures them: the ladder (copy ceiling first, then `ladderVariants`), then time
// against N (the copy kernel and each size variant at each N), then round-off. Duplicates appear once.
std::vector<PointKey> sweepPoints(const TimingParams& p, const std::vector<std::string>& ladderVariants);

// The round-off input: n floats uniform in [0, 1), each a multiple of 2^-24 (exact in float), from `seed`.
// Positive like Lawlor's totals, so the serial loop's running sum grows and its rounding with it.
HostArray positiveFloats(size_t n, uint64_t seed);


}  // namespace rl::view
