// The patterns' descriptions.
#include "core/pattern.h"

namespace rl {

const std::vector<PatternInfo>& allPatterns() {
    static const std::vector<PatternInfo> all = {
        {Pattern::Reduce, "reduce", "Reduction", "one value from many: the sum, minimum or maximum of an array",
         "sequential", 1},
        {Pattern::Scan, "scan", "Scan (prefix sums)",
         "every prefix of an array: element i is the sum (minimum, maximum) of the elements up to i (inclusive) or "
         "before i (exclusive)",
         "blelloch", 2},
    };
    return all;
}

const PatternInfo& patternInfo(Pattern pattern) {
    for (const auto& p : allPatterns())
        if (p.id == pattern) return p;
    return allPatterns().front();
}

const PatternInfo* findPattern(std::string_view name) {
    for (const auto& p : allPatterns())
        if (p.name == name) return &p;
    return nullptr;
}

std::string patternNames() {
    std::string s;
    for (const auto& p : allPatterns()) s += (s.empty() ? "" : "|") + p.name;
    return s;
}

}  // namespace rl
