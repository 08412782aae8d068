// What the Timings view keeps between frames, by concern: what to measure on which device, the sweeps' progress,
// the view's own state (tab, where things were drawn) and the export in progress. Plain data: TimingsPanel's
// functions change it.
#pragma once
#include <cstdint>
#include <map>

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "app/view/geometry.h"
#include "app/view/timing/timing_cache.h"
#include "app/view/timing/peer_figures.h"
#include "app/view/timing/timing_table.h"
#include "core/session/session.h"

namespace rl::gui {

enum class TimingsTab { Ladder = 0, Bars = 1, Sizes = 2, Roundoff = 3 };

// What to measure, and on which device.
struct TimingsSetup {
    Pattern pattern = Pattern::Reduce;  // whose ladder: the reductions' or the scans' (follows the explorer on opening)
    view::TimingParams params;
    bool userSizeVariants = false, userRoundVariants = false;  // chosen by the user: keep across devices
    std::string chosenFor;                                     // device the default variant lists were chosen for
    view::DeviceKey deviceKey;
    bool haveDevice = false, deviceListed = false;
    int deviceIndex = 0;                 // the explorer's device (the index `reducelab --device` takes)
    std::optional<SessionKernel> kernel;  // the workbench's kernel as last checked: a row under the ladder
    std::string kernelId;                 // its point id (view::kernelPointId), empty: none
    std::string peerDir;                  // where scripts/bench keeps its figures (view::defaultPeerDir())
    std::vector<view::PeerFigures> peers;  // read from peerDir when the view opens
};

// The sweeps: the last one asked for, whether it runs, what it left.
struct SweepProgress {
    uint64_t submitted = 0;
    bool wasRunning = false;
    bool autoBlocked = false;  // after a cancel: wait for the user (or a change of parameters)
    bool remeasureRequested = false;
    bool firstLook = true;
    std::string signature, sweepSignature;  // device + parameters now / of the last sweep started
    double changedAt = -1;                  // when the parameters last changed (-1: start without waiting)
    int missing = 0;                        // points of this view not in the cache
    int openedWithMissing = -1;             // points missing when the view opened (0: shown from the cache)
    std::string note;                       // "Measured 42 points in 8.1 s", "Cancelled after 7 of 40 measurements"
    std::string lastError;
};

// The view itself: the tab, the frame count and where each table and plot was drawn (for the export and the
// report the tests read).
struct TimingsViewState {
    TimingsTab tab = TimingsTab::Ladder;
    int requestTab = -1;
    int framesOnTab = 0;
    float rowPitch = 0;  // the ladder table's row height as last drawn
    bool wasOpen = false;
    long frames = 0;
    double now = 0;
    std::map<std::string, view::Rect> rects;  // plot / table rectangles (window units)
    std::map<std::string, long> drawnAt;      // the frame each was last drawn in
    view::LadderTable lastLadder;             // as last drawn, for the report
    nlohmann::json drawn = nlohmann::json::object();  // what each plot was last drawn with (bars, lines, legend)
    std::string barColor, bestColor;
};

// A plot to read back from the frame once its tab is shown.
struct TimingsCapture {
    std::string plot;  // "bars", "time", "gbps", "roundoff"
    TimingsTab tab;
    std::string path;
};

// The export: CSVs written at once, PNGs captured over the next frames.
struct TimingsExportState {
    std::string dir, target;
    char buf[512] = {};
    std::vector<TimingsCapture> captures;
    TimingsTab tabBeforeExport = TimingsTab::Ladder;
    std::vector<std::string> exported;
    std::string message, error;
    bool requested = false;
};

}  // namespace rl::gui
