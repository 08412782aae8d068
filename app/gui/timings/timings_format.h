// Text and colours the Timings view's table and plots share: times, bandwidths and speedups as text, a row's
// status as a colour and a verdict, its hover text.
#pragma once
#include <string>

#include "app/gui/timings/timings_views.h"

namespace rl::gui {

std::string ms(double v);     // "1.234 ms"
std::string gbps(double v);   // "12.34 GB/s"
std::string times(double v);  // "2.34×"

view::Rgba statusColor(view::RowStatus s, bool best, const view::Palette& p);
std::string verdictText(view::RowStatus s);  // "✓ correct", "✗ WRONG", …
// The row's variant is being measured now (at the ladder's N).
bool isMeasuring(const TimingsData& d, const std::string& id);
// The name a row is shown by: the variant id, or "your kernel: FILE" for the workbench's kernel.
std::string rowName(const view::LadderRow& r);
// Hover text of a measured row: the exact figures and how GB/s follows from them.
std::string rowTip(const TimingsData& d, const view::LadderRow& r);

}  // namespace rl::gui
