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
#include "app/gui/timings/timings_views.h"
#include "app/gui/shell/ui_context.h"
#include "app/view/timing_cache.h"

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
    // Script actions (`timings:ACTION`): open, close, toggle, tab=ladder|bars|sizes|roundoff, n=N,
    // type=int|float, repeats=R, warmup=W, sizes=MIN..MAX, round=MIN..MAX, size-variants=A,B,
    // round-variants=A,B, measure, remeasure, cancel, export=DIR, report=PATH, hover=none|PLOT@FX,FY (the pointer
    // at a fraction of a plot's rectangle, e.g. bars@0.5,0.3). Returns "" or what is wrong.
    std::string scriptAction(const std::string& action, ExplorerState& state);

    bool open = false;  // the toolbar's toggle

  private:
    enum class Tab { Ladder = 0, Bars = 1, Sizes = 2, Roundoff = 3 };
    struct Capture {
        std::string plot;  // "bars", "time", "gbps", "roundoff"
        Tab tab;
        std::string path;
    };

    void takeMeasurements(MessageLog& log);
    void autoStart(const DeviceInfo& device, double now);
    void startSweep(const DeviceInfo& device, bool all);
    void cancelSweep();
    std::vector<view::PointKey> wantedPoints(const DeviceInfo& device) const;
    std::map<std::string, std::string> unavailableOn(const DeviceInfo& device) const;
    void chooseDefaults(const DeviceInfo& device);
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
    view::TimingParams params_;
    bool userSizeVariants_ = false, userRoundVariants_ = false;  // chosen by the user: keep across devices
    std::string chosenFor_;                                      // device the default variant lists were chosen for
    view::DeviceKey deviceKey_;
    bool haveDevice_ = false, deviceListed_ = false;

    // Sweeps.
    uint64_t submitted_ = 0;
    bool wasRunning_ = false;
    bool autoBlocked_ = false;  // after a cancel: wait for the user (or a change of parameters)
    bool remeasureRequested_ = false;
    bool firstLook_ = true;
    std::string signature_, sweepSignature_;  // device + parameters now / of the last sweep started
    double changedAt_ = -1;                   // when the parameters last changed (-1: start without waiting)
    double now_ = 0;
    int missing_ = 0;             // points of this view not in the cache
    int openedWithMissing_ = -1;  // points missing when the view opened (0: shown from the cache)
    std::string sweepNote_;       // "Measured 42 points in 8.1 s", "Cancelled after 7 of 40 measurements"
    std::string lastError_;
    view::LadderTable lastLadder_;
    std::string barColor_, bestColor_;

    // View.
    Tab tab_ = Tab::Ladder;
    int requestTab_ = -1;
    int framesOnTab_ = 0;
    float rowPitch_ = 0;  // the ladder table's row height as last drawn
    bool wasOpen_ = false;
    long frames_ = 0;
    std::map<std::string, view::Rect> rects_;  // plot / table rectangles (window units)
    std::map<std::string, long> drawnAt_;      // the frame each was last drawn in

    // Export.
    std::string exportDir_, exportTarget_;
    char exportBuf_[512] = {};
    std::vector<Capture> captures_;
    Tab tabBeforeExport_ = Tab::Ladder;
    std::vector<std::string> exported_;
    std::string exportMessage_, exportError_;
    bool exportRequested_ = false;
};

}  // namespace rl::gui
