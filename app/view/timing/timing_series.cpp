// Series for the plots against N.
#include "app/view/timing/timing_series.h"

#include <cmath>

namespace rl::view {

std::vector<SizeSeries> buildSizeSeries(const TimingCache& cache, const DeviceKey& device, const TimingParams& params) {
    std::vector<SizeSeries> out;
    const auto sizes = powersOfTwo(params.sizeMin, params.sizeMax, params.sizeLog2Step);
    auto fill = [&](SizeSeries& s, auto keyOf) {
        for (size_t n : sizes) {
            const Measurement* m = cache.find(device, keyOf(n));
            if (!m) continue;
            if (m->ok) {
                s.points.push_back({n, *m});
            } else {
                s.failedAt.push_back(n);
                if (s.error.empty()) s.error = m->error;
            }
        }
    };
    SizeSeries copy;
    copy.id = "copy";
    copy.copy = true;
    fill(copy, [&](size_t n) { return copyKey(params, n); });
    out.push_back(std::move(copy));
    for (const auto& id : params.sizeVariants) {
        SizeSeries s;
        s.id = id;
        fill(s, [&](size_t n) { return runKey(params, id, n); });
        out.push_back(std::move(s));
    }
    return out;
}

RoundoffTable buildRoundoff(const TimingCache& cache, const DeviceKey& device, const TimingParams& params) {
    RoundoffTable t;
    t.variants = params.roundVariants;
    for (size_t n : powersOfTwo(params.roundMin, params.roundMax, params.roundLog2Step)) {
        RoundoffRow row;
        row.n = n;
        bool any = false;
        for (const auto& id : params.roundVariants) {
            const Measurement* m = cache.find(device, roundoffKey(params, id, n));
            if (m && m->ok) {
                row.device.push_back(m->result);
                row.reference = m->reference;
                row.hostSerial = m->hostSerial;
                any = true;
            } else {
                row.device.push_back(std::nullopt);
            }
        }
        if (any) t.rows.push_back(std::move(row));
    }
    return t;
}

double relativeError(double value, double reference) {
    const double diff = std::abs(value - reference);
    return reference != 0 ? diff / std::abs(reference) : diff;
}

}  // namespace rl::view
