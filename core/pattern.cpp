// Lookups over the registered patterns (core/patterns/registry.cpp lists them).
#include "core/pattern.h"

namespace rl {

std::string opWords(const RunConfig& config) { return "op " + std::string(toString(config.op)); }

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

CheckCase paddingShowsCase(size_t wg) {
    CheckCase c{5 * wg + wg / 2 + 1,
                "every value above 0 for a min, below 0 for a max: where padding with 0 instead of the identity shows"};
    c.reshape = [](HostArray& input, Op op) { awayFromZero(input, op == Op::Max ? -1 : 1); };
    return c;
}

std::string patternNames() {
    std::string s;
    for (const auto& p : allPatterns()) s += (s.empty() ? "" : "|") + p.name;
    return s;
}

}  // namespace rl
