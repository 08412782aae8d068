// How values are written on screen: exactly in cells and tooltips (a cell shows a value whole or not at all), and
// compact only on axis legends, never in a cell.
#pragma once
#include <string>

#include "core/types.h"

namespace rl::view {

// Every digit: ints and longs exactly (LONG_MAX as 9223372036854775807), floats with 9 significant digits (enough
// to round-trip a float), doubles with the fewest of up to 17 that round-trip; "∞", "−∞", "NaN".
std::string formatExact(double value, ElemType type);

// The shortest exact text, for cells: ints and longs exactly; floats (doubles) with the fewest significant digits
// that read back as the same float (double) (0.25, -3.5, 0.1 for 0.1f, 1e+10); "∞", "−∞", "NaN". Never rounded to fewer digits.
std::string formatCell(double value, ElemType type);

// At most `maxChars` characters (at least 3): ints as 1234 then 12.3k, 1.2M, 3.4G; floats as 0.125, -3.25, 1.2e+05.
// Rounded: for legends (the heat map's range), never for a value in a cell.
std::string formatCompact(double value, ElemType type, int maxChars);

// The local time now, as strftime writes it with `format` ("YYYY-MM-DD HH:MM" by default).
std::string localTimeText(const char* format = "%Y-%m-%d %H:%M");

}  // namespace rl::view
