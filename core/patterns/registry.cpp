// The registry: the one list of the patterns ReduceLab teaches. A new pattern adds its folders (kernels/<name>/,
// core/patterns/<name>/), its name in rl::Pattern, a line in core/patterns/patterns.h and one here
// (docs/adding-a-pattern.md).
#include "core/patterns/patterns.h"

namespace rl {

const std::vector<PatternInfo>& allPatterns() {
    static const std::vector<PatternInfo> all = {patterns::reduce(), patterns::scan(), patterns::histogram()};
    return all;
}

}  // namespace rl
