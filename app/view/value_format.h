// How values are written on screen: exact in tooltips, compact inside cells (at most a few characters).
#pragma once
#include <string>

#include "core/types.h"

namespace rl::view {

// Every digit: ints exactly, floats with 9 significant digits (enough to round-trip a float); "∞", "−∞", "NaN".
std::string formatExact(double value, ElemType type);

// At most `maxChars` characters (at least 3): ints as 1234 then 12.3k, 1.2M, 3.4G; floats as 0.125, -3.25, 1.2e+05.
std::string formatCompact(double value, ElemType type, int maxChars);

}  // namespace rl::view
