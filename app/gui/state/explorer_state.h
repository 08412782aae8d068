// The explorer's state in one place: what the user asked for, what the device returned, where playback is, and
// what is selected or hovered. Panels read it and change it; nothing else keeps state between frames.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/gui/state/predict_state.h"
#include "app/gui/state/settings.h"
#include "app/view/tree/playback.h"
#include "app/view/tree/trace_bundle.h"
#include "core/catalogue/variant.h"
#include "core/cl/devices.h"
#include "core/run_config.h"
#include "core/session/session.h"

namespace rl::gui {

// One loaded variant (the left side, or the right side when comparing) and the path it shows through the passes.
struct Side {
    std::shared_ptr<const view::TraceBundle> bundle;
    std::vector<int> groupOfPass;  // which traced group is shown in each pass
    std::vector<view::StepRef> timeline;

    bool loaded() const { return bundle != nullptr && !timeline.empty(); }
    // The step shown when the shared playback is at `step` (a shorter side stays on its last step).
    int stepAt(int step) const { return timeline.empty() ? 0 : std::min(step, int(timeline.size()) - 1); }
    const view::TreeFacts* factsAt(int step) const;
};

struct Hover {
    int side = -1;  // 0 or 1; -1: nothing hovered
    int stage = -1, cell = -1;
};

// The bottom tabs, in their order on screen.
enum BottomTab : int { kWarpsTab, kHeatTab, kSourceTab, kMessagesTab, kWordsTab, kTilesTab };

struct ViewOptions {
    bool loadAtTop = true;
    bool showValues = true;
    int firstCell = 0;     // horizontal window of the tree (zoom)
    int visibleCells = 0;  // 0: all
    int bottomTab = 0;     // 0 warps & banks, 1 heat map, 2 kernel source, 3 messages, 4 words, 5 tiles
    int requestTab = -1;   // a tab to switch to on the next frame (-1: none)
    std::string revealToggle;  // a variant toggle's label: scroll the controls column to it on the next frame
    int heatNormalize = 0;
    int warpAccess = 0;    // 0 read a, 1 read b, 2 write; 3-5 the same of a second operation (fused stages)
    bool showCommon = false;  // kernel source: also common.cl
    bool wrapSource = true;    // kernel source: long lines wrap at the pane's width
    bool sourceBeside = false;  // kernel source: a full-height panel beside the tree instead of the bottom tab
    int bottomSide = 0;       // when comparing: which side the bottom tabs show (0 left, 1 right)
    int tilesTime = -1;       // the Tiles tab's place in a look-back's log (-1: its end)
    int tilesPick = -1;       // the tile whose reads the Tiles tab draws (-1: the hovered one's)
};

// A saved session on screen (classroom: open=PATH, or the Classroom window). Its trace stays until the user asks
// for a new one ("Re-trace here"): listing the devices or changing a control does not replace it.
struct ShownSession {
    std::string path;
    std::string device;            // the device it was recorded on
    bool controlsChanged = false;  // the controls changed since it was opened (announced, not traced)
};

struct ExplorerState {
    // What the user asks for.
    std::vector<DeviceInfo> devices;
    bool devicesListed = false;
    int device = 0;
    RunConfig config;
    std::string compareVariant;  // empty: no comparison
    size_t firstGroup = 0;       // pass-0 work-group to trace when the input has too many groups to trace all

    // Requests and results.
    uint64_t requested = 0;  // id of the newest request sent
    uint64_t loaded = 0;     // id of the request shown
    bool dirty = true;       // the controls changed since the last request
    double dirtySince = 0;   // when (seconds), to debounce typing
    std::string lastError;   // the newest failed request's error (empty after a success)
    Side a, b;
    std::optional<ShownSession> session;  // set while a saved session's trace is shown

    // Playback over the timeline (shared by both sides when comparing).
    view::Playback playback;
    int pendingStage = 0x7fffffff;  // a --stage to apply once loaded
    bool pendingPlay = false;
    PredictState predict;  // predict mode: which stages are still hidden, the entry, the scores

    // The workbench (app/gui/workbench): the controls' "Your own kernel" buttons ask for it, and while studentShown
    // side A holds the trace of the student's kernel's check instead of a built-in variant's.
    enum class KernelRequest { None, Edit, New, Open, Reopen };
    KernelRequest kernelRequest = KernelRequest::None;
    bool studentShown = false;
    std::string kernelToReopen;  // an autosaved kernel kept closed (the command line named a problem): its name
    bool courseRequested = false;  // the controls' "Exercises…": the course window opens (or closes)
    // The student's kernel as last checked with a successful build: the Timings view times it beside the ladder.
    std::optional<SessionKernel> studentKernel;

    Hover hover;
    ViewOptions view;
    int seenMessages = 0;  // message serial the user has seen (for the unread badge)

    bool comparing() const { return !compareVariant.empty(); }
    // The side the bottom tabs (warps, heat map, source) show.
    const Side& bottomSide() const { return comparing() && view.bottomSide == 1 && b.loaded() ? b : a; }
    int steps() const;
    // Sets the timeline of a side from its bundle and group choice, keeping the playback step where possible.
    void rebuildTimelines(bool keepStep);
};

// The variants of the pattern `variant` belongs to (the reductions for an unknown id): what Compare and the
// workbench offer beside it.
const std::vector<VariantInfo>& variantsBeside(const std::string& variant);
// What Compare first puts beside `variant`: its pattern's naive start (the first of its ladder), or beside that one
// the pattern's default (interleaved-divergent beside sequential, sequential beside interleaved-divergent,
// global-atomics beside privatized).
std::string comparePartner(const std::string& variant);

}  // namespace rl::gui
