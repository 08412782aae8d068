// Derived figures of a run: effective bandwidth and medians.
#include "core/run_result.h"

#include <algorithm>

#include "core/pattern.h"
#include "core/types.h"

namespace rl {

double median(std::vector<double> values) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    const size_t mid = values.size() / 2;
    return values.size() % 2 ? values[mid] : 0.5 * (values[mid - 1] + values[mid]);
}

double RunResult::gbps() const {
    const VariantInfo* v = findVariant(config.variant);
    const int passes = patternInfo(v ? v->pattern : pattern).memoryPasses;
    return medianMs > 0 ? double(passes) * double(config.n) * double(elemSize(config.type)) / (medianMs * 1e6) : 0.0;
}

}  // namespace rl
