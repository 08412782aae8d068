// The Timings view (toolbar button or T): for the chosen device and N, the Harris-style ladder table beside Harris's
// G80 figures, bars of GB/s with the copy ceiling, time and GB/s against N, and the round-off of float sums against
// N. Sweeps run on their own thread (progress bar, Cancel), measurements are cached per device in memory and in
// the config directory, and every plot exports to PNG with its data as CSV.
#pragma once
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "app/gui/state/explorer_state.h"
#include "app/gui/timings/plot_canvas.h"
#include "app/gui/timings/sweep_worker.h"
#include "app/gui/timings/timings_state.h"
#include "app/gui/timings/timings_views.h"
#include "app/gui/common/ui_context.h"
#include "app/view/timing/timing_cache.h"

namespace rl::gui {

class TimingsPanel {
  public:
    TimingsPanel();
    ~TimingsPanel();

    // Once, before the first Draw: the config directory the cache file lives in ("" keeps it in memory), whether
    // the file may be written (--no-save reads it only), how the sweep thread wakes the window's event loop, and
    // how the script's hover puts the pointer at window coordinates.
    void init(const std::string& configDir, bool saveCache, std::function<void()> wake,
              std::function<void(float, float)> moveCursor = {});

    // Every frame, after the other panels (it draws over them when open; it also takes the sweep's results and
    // answers the T key when closed).
    void Draw(ExplorerState& state, const UiContext& ctx);
    // The Timings button in the toolbar, left of the classroom's buttons (call inside the toolbar window).
    void drawToolbarButton(const UiContext& ctx);
    static float toolbarButtonWidth(float scale);
    // After ImGui has rendered into the back buffer, before the swap: reads back the plots being exported.
    void afterRender();

    bool needsFrames() const;  // a sweep, a pending start or an export keeps frames coming
    bool settled() const;      // nothing running, nothing about to start, nothing being exported
    // Script actions (`timings:ACTION`): open, close, toggle, pattern=reduce|scan, tab=ladder|bars|sizes|roundoff, n=N,
    // type=int|float|long|double, repeats=R, warmup=W, sizes=MIN..MAX, round=MIN..MAX, size-variants=A,B,
    // round-variants=A,B, measure, remeasure, cancel, export=DIR, report=PATH, hover=none|PLOT@FX,FY (the pointer
    // at a fraction of a plot's rectangle, e.g. bars@0.5,0.3). Returns "" or what is wrong.
    std::string scriptAction(const std::string& action, ExplorerState& state);

    bool open = false;  // the toolbar's toggle

  private:
    using Tab = TimingsTab;
    using Capture = TimingsCapture;

    void takeMeasurements(MessageLog& log);
    void autoStart(const DeviceInfo& device, double now);
    void startSweep(const DeviceInfo& device, bool all);
    void cancelSweep();
    std::vector<view::PointKey> wantedPoints(const DeviceInfo& device) const;
    std::map<std::string, std::string> unavailableOn(const DeviceInfo& device) const;
    // Whether this ladder's pattern rounds its float results (a count is exact): its Round-off tab, points and export.
    bool hasRoundoff() const;
    int tabCount() const { return hasRoundoff() ? 4 : 3; }  // the tabs offered, in TimingsTab order
    void chooseDefaults(const DeviceInfo& device);
    void setPattern(Pattern pattern);  // the other ladder: its default plot variants, measured when missing
    TimingsData assemble(const DeviceInfo& device) const;
    bool sweepActive() const;
    void record(const std::string& id, const view::Rect& r);  // where a table or plot was drawn this frame

    void drawHeader(ExplorerState& state, const UiContext& ctx, const DeviceInfo* device);
    void drawControls(const UiContext& ctx, const DeviceInfo& device);
    void drawProgress(const UiContext& ctx, const TimingsData& data);
    void drawExport(const UiContext& ctx);
    void drawTabs(const UiContext& ctx, const TimingsData& data, const DeviceInfo& device);
    void drawLadderTab(const UiContext& ctx, const TimingsData& data, const DeviceInfo& device);
    void drawBarsTab(const UiContext& ctx, const TimingsData& data);
    void drawSizesTab(const UiContext& ctx, const TimingsData& data, const DeviceInfo& device);
    void drawRoundoffTab(const UiContext& ctx, const TimingsData& data, const DeviceInfo& device);

    std::string exportAll(const TimingsData& data);  // CSVs now, PNGs queued; "" or the error
    std::string writeReport(const std::string& path) const;

    std::unique_ptr<view::TimingCache> cache_;
    std::unique_ptr<SweepWorker> worker_;
    std::function<void()> wake_;
    std::function<void(float, float)> moveCursor_;
    TimingsSetup setup_;         // what to measure, on which device
    SweepProgress sweep_;        // the sweeps' progress
    TimingsViewState view_;      // tab, frames, where things were drawn
    TimingsExportState export_;  // CSV and PNG export
};

}  // namespace rl::gui
