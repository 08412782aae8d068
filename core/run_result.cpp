// Derived figures of a run: effective bandwidth and medians.
#include "core/run_result.h"

#include <algorithm>

#include "core/types.h"

namespace rl {

double median(std::vector<double> values) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    const size_t mid = values.size() / 2;
    return values.size() % 2 ? values[mid] : 0.5 * (values[mid - 1] + values[mid]);
}

double RunResult::gbps() const {
    return medianMs > 0 ? double(config.n) * double(elemSize(config.type)) / (medianMs * 1e6) : 0.0;
}

}  // namespace rl
