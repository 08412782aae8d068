// A small plotting module on ImGui draw lists (Debian packages no plotting library): line plots on linear or log
// axes with min-max bands, dashed reference lines and a legend; horizontal bar charts with whiskers, markers and
// reference lines; hover tooltips with exact figures. The caller owns the data and passes it every frame (the
// ImPlot idiom); the axis arithmetic lives in app/view/timing/plot_math so it is tested without a display.
#pragma once
#include <imgui.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "app/render/fonts.h"
#include "app/view/geometry.h"
#include "app/view/palette.h"
#include "app/view/timing/plot_math.h"

namespace rl::gui {

struct PlotTheme {
    const view::Palette& palette;
    const render::Fonts& fonts;
    float scale = 1;
};

struct LegendEntry {
    std::string label;
    view::Rgba color;
    bool dashed = false;
    bool marker = false;  // a hollow diamond (e.g. Harris's G80 figure) rather than a line
};

struct PlotSeries {
    std::string label;
    view::Rgba color;
    std::vector<double> x, y;
    std::vector<double> lo, hi;  // optional min-max band, one per point
    bool dashed = false;
    bool markers = true;
    float width = 3, markerRadius = 5;  // unscaled; a wider line drawn first stays visible under one it overlaps
    std::vector<std::string> tips;      // optional hover text per point (else "label: x, y")
};

struct PlotRefLine {
    double value = 0;
    std::string label;
    view::Rgba color;
    bool dashed = true;
};

struct LinePlot {
    std::string id, title, subtitle, xLabel, yLabel;
    view::AxisSpec x, y;
    std::vector<PlotSeries> series;
    std::vector<PlotRefLine> refLines;  // horizontal lines at y values
    std::vector<LegendEntry> extraLegend;
    std::string emptyText;                                // shown when no series has a point
    std::function<std::string(double)> xFormat, yFormat;  // hover figures (default: formatSig)
};

struct PlotBar {
    std::string label;  // the category, left of the bar
    std::optional<double> value;
    std::optional<double> lo, hi;  // whisker (e.g. bandwidth at the slowest and fastest repeat)
    std::optional<double> marker;  // a second figure as a hollow diamond (e.g. Harris's G80 GB/s)
    view::Rgba color;
    std::string valueText;  // drawn after the bar (or where it would start, when there is no value)
    std::string tip;        // hover text
    bool emphasis = false;  // a highlighted row (the best variant)
};

struct BarChart {
    std::string id, title, subtitle, valueLabel;
    view::AxisSpec value;  // the horizontal axis (linear from 0, usually)
    std::vector<PlotBar> bars;
    std::vector<PlotRefLine> refLines;  // vertical lines at values
    std::vector<LegendEntry> legend;
    std::string emptyText;
};

// Draws at the cursor and advances it by `size`. Returns the widget's rectangle (screen coordinates), the region
// the PNG export captures. `hover`: false while exporting, so no tooltip lands in the picture.
view::Rect drawLinePlot(const LinePlot& plot, ImVec2 size, const PlotTheme& theme, bool hover = true);
view::Rect drawBarChart(const BarChart& chart, ImVec2 size, const PlotTheme& theme, bool hover = true);

// A categorical colour for series i, distinct on the dark panels and for colour-blind viewers (Okabe-Ito).
view::Rgba seriesColor(int i);

}  // namespace rl::gui
