// Each pattern's description with its variants, defined in its own folder (core/patterns/<name>/<name>.cpp); the
// registry (core/patterns/registry.cpp) is the one place that lists them.
#pragma once
#include "core/pattern.h"

namespace rl::patterns {

PatternInfo reduce();  // core/patterns/reduce/reduce.cpp
PatternInfo scan();    // core/patterns/scan/scan.cpp
PatternInfo histogram();  // core/patterns/histogram/histogram.cpp

}  // namespace rl::patterns
