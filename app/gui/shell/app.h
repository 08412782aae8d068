// The explorer application: one frame = take the worker's results, send a new request if the controls changed,
// advance playback, lay out and draw the panels, render. The loop waits for events when nothing moves.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/gui/classroom/classroom.h"
#include "app/gui/exercises/course.h"
#include "app/gui/panels/controls_panel.h"
#include "app/gui/state/engine_worker.h"
#include "app/gui/state/explorer_state.h"
#include "app/gui/shell/frame_stats.h"
#include "app/gui/panels/heatmap_panel.h"
#include "app/gui/state/message_log.h"
#include "app/gui/panels/messages_panel.h"
#include "app/gui/shell/options.h"
#include "app/gui/panels/result_panel.h"
#include "app/gui/shell/screenshot.h"
#include "app/gui/shell/keyboard_nav.h"
#include "app/gui/shell/script.h"
#include "app/gui/shell/speed_figures.h"
#include "app/gui/state/settings.h"
#include "app/gui/panels/source_panel.h"
#include "app/gui/timings/timings_panel.h"
#include "app/gui/panels/toolbar.h"
#include "app/gui/panels/tree_panel.h"
#include "app/gui/common/ui_context.h"
#include "app/gui/panels/warps_panel.h"
#include "app/gui/panels/tiles_panel.h"
#include "app/gui/panels/words_panel.h"
#include "app/gui/predict/predict_panel.h"
#include "app/gui/common/window.h"
#include "app/gui/workbench/workbench.h"
#include "app/render/fonts.h"
#include "app/render/heatmap_renderer.h"
#include "core/session/session.h"

namespace rl::gui {

class App final : public ScriptHost {
public:
    // The window must have a current OpenGL 3.3 context and ImGui must not be initialised yet. `session`: one loaded
    // from options.open, shown instead of a first trace.
    App(Window& window, ExplorerOptions options, Settings settings, std::string configDir, Script script,
        std::optional<Session> session = std::nullopt);
    ~App() override;

    int run();  // returns the exit code

    // ScriptHost
    bool traceSettled() const override;
    bool playbackSettled() const override;
    bool sweepSettled() const override { return timings_.settled(); }
    bool exportSettled() const override { return !classroom_.writingVideo(); }
    bool checkSettled() const override { return workbench_.checkSettled(); }
    bool warmSettled() const override;
    void pressKey(int glfwKey, bool pressed) override;
    void pressProjectorKey(int glfwKey, bool pressed) override;
    void mouseButton(bool pressed) override;
    void screenshot(const std::string& path) override;
    std::string apply(const std::string& verb, const std::string& argument) override;
    void quit(int exitCode) override;
    double now() const override;

private:
    void frame(double dt);
    void takeWorkerResults();
    void startPlayback();  // the --stage and --play asked for, once a trace (or a session) is shown
    void sendRequestIfDirty();
    void handleKeys();
    void drawPanels();
    void splitters(float top, float left, float right, float centerTop, float centerBottomY, float gap);
    void render();
    void refreshFonts();
    float uiScale() const;  // the window's unit scale x --scale x the text size
    ScaleFacts scaleFacts() const;
    void rescale(float scale);  // fonts and style at this UI scale
    bool needsFrames() const;
    void saveOnExit();
    void resolveDevice();

    Window& window_;
    ExplorerOptions options_;
    Settings settings_;
    std::string configDir_, iniPath_;
    MessageLog log_;
    ExplorerState state_;
    render::Fonts fonts_;
    float scale_ = 1;
    render::HeatmapRenderer heatmap_;
    FrameGeometry geometry_;
    std::unique_ptr<EngineWorker> worker_;

    Toolbar toolbar_;
    ControlsPanel controls_;
    TreePanel treeA_, treeB_;
    WarpsPanel warps_;
    HeatmapPanel heat_;
    SourcePanel source_;
    ResultPanel result_;
    MessagesPanel messages_;
    WordsPanel words_;
    TilesPanel tiles_;
    PredictPanel predict_;  // predict mode's panel (its marks on the tree: app/gui/predict/predict_overlay.h)

    Workbench workbench_;   // the student's kernel: editor, checks, its trace in side A (the left column when open)
    Course course_;         // the Exercises window: the course, its progress, the attempt handed to the workbench
    TimingsPanel timings_;  // the Timings view (T): ladder table, plots, sweeps
    KeyboardNav nav_;      // Tab: the explorer by keyboard alone
    Classroom classroom_;  // lecture mode, themes, presets, sessions, scaled screenshots, exports
    Script script_;
    FrameStats stats_;
    SpeedFigures speed_;  // first frame, request to shown, the background build (--frame-stats)
    std::vector<std::string> pendingShots_;
    double start_ = 0;
    long frames_ = 0;
    long quietFrames_ = 0;  // frames drawn while nothing moved (the idle path: only after events)
    long idleWaits_ = 0;    // times the loop blocked waiting for events
    int settleFrames_ = 3;  // frames to draw after an event, so hover and layout settle
    bool quit_ = false;
    int exitCode_ = 0;
};

}  // namespace rl::gui
