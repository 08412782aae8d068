// The patterns ReduceLab teaches, each one small description the front ends share: its name on the command line
// and in sessions, its title, its variants (core/catalogue/variant.h) and the variant it opens with. What differs between
// patterns lives in their variants' kinds (runners, core/cl/runners.h) and models (core/model/), not in branches.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/catalogue/variant.h"

namespace rl {

struct PatternInfo {
    Pattern id = Pattern::Reduce;
    std::string name;            // "reduce", "scan": --pattern, sessions, JSON
    std::string title;           // "Reduction", "Scan (prefix sums)"
    std::string summary;         // one sentence: what it computes
    std::string defaultVariant;  // the variant a front end opens the pattern with
    int memoryPasses = 1;        // times its n elements must cross memory: read (a reduction), read and written (a
                                 // scan): effective bandwidth counts these bytes
    const std::vector<VariantInfo>& variants() const { return patternVariants(id); }
};

const std::vector<PatternInfo>& allPatterns();
const PatternInfo& patternInfo(Pattern pattern);
// The pattern named `name` ("reduce" or "scan"), or nullptr.
const PatternInfo* findPattern(std::string_view name);
// "reduce|scan", for usage lines and messages.
std::string patternNames();

}  // namespace rl
