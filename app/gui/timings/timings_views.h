// What the Timings view draws, built from the cached measurements: the ladder table (an ImGui table) and the specs
// of its four plots (bars of GB/s, time and GB/s against N, round-off against N) for plot_canvas.h. The table is in
// timings_table.cpp, the plots in timings_plots.cpp.
#pragma once
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "app/gui/timings/plot_canvas.h"
#include "app/gui/common/ui_context.h"
#include "app/view/timing/peer_figures.h"
#include "app/view/timing/timing_series.h"
#include "app/view/timing/timing_table.h"

namespace rl::gui {

struct TimingsData {
    view::LadderTable ladder;
    std::vector<view::SizeSeries> sizes;
    view::RoundoffTable roundoff;
    std::string deviceName, deviceType;
    std::string bestId, bestReason;  // from bestVariantFor / bestVariantReason (empty when not registered)
    std::string measuring;           // the point being measured now, e.g. "sequential at 2^22 ints"
    std::optional<view::PeerFigures> peers;  // what scripts/bench measured on this device, type and operation
    bool harris = true;  // the reductions' ladder: Harris's G80 figures beside it (none for the scans)
    Pattern pattern = Pattern::Reduce;  // whose ladder: a scan's GB/s count the bytes read and written
};

// What every point of the view computes, in the pattern's words: "op sum" (the reductions' and scans' ladders, which
// sum), "256 bins over the data's range" (the histograms', at the run settings' defaults).
std::string ladderProblem(const TimingsData& data);

// Bars of GB/s per measured variant, whiskers from the slowest to the fastest repeat, Harris's G80 GB/s as
// diamonds, the copy ceiling as a dashed line.
BarChart ladderBars(const TimingsData& data, const view::Palette& palette);
LinePlot timePlot(const TimingsData& data, const view::Palette& palette);
LinePlot gbpsPlot(const TimingsData& data, const view::Palette& palette);
LinePlot roundoffPlot(const TimingsData& data, const view::Palette& palette);

// The ladder as a table: Harris step, variant, median time, GB/s, step and cumulative speedups, % of the copy
// ceiling, the verdict, Harris's G80 time, GB/s and cumulative speedup. Returns the table's rectangle.
// rowPitch: the rows' height as drawn, updated for the next frame's layout (may be null).
view::Rect drawLadderTable(const TimingsData& data, const UiContext& ctx, float height, float* rowPitch);
// The height the whole table needs (header and every row), from the row height last drawn (0: an estimate).
float ladderTableHeight(const TimingsData& data, const UiContext& ctx, float rowPitch);

// A combo over the powers of two 2^lo..2^hi (labelled "2^22 = 4,194,304"); true when *n changed. width < 0: fill.
bool powerCombo(const char* id, size_t* n, int lo, int hi, float width);
// A combo over a few whole numbers; true when *value changed.
bool intCombo(const char* id, int* value, std::initializer_list<int> options, float width);

// A size as "2^22" (powers of two) or its digits.
std::string sizeLabel(size_t n);

}  // namespace rl::gui
