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

std::string patternNames() {
    std::string s;
    for (const auto& p : allPatterns()) s += (s.empty() ? "" : "|") + p.name;
    return s;
}

}  // namespace rl
