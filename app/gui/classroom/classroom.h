// The classroom features of the explorer in one place, so the app hooks them in with a few calls: the theme, the
// lecture mode and the text scale, the presets, sessions, screenshots re-rendered off-screen at 1x-4x and tree
// exports. See lecture_mode.h, presets.h, export_panel.h.
#pragma once
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "app/export/video_export.h"
#include "app/gui/classroom/export_panel.h"
#include "app/gui/classroom/lecture_mode.h"
#include "app/gui/classroom/presenter_view.h"
#include "app/gui/state/message_log.h"
#include "app/gui/state/settings.h"
#include "app/gui/common/window.h"
#include "app/view/theme.h"

namespace rl::render {
class OffscreenRenderer;
}

namespace rl::gui {

// What the classroom needs from the app to re-render a whole frame off-screen at another scale.
struct FrameHooks {
    std::function<void(float)> setScale;  // rebuild fonts and style at this UI scale
    std::function<void()> drawPanels;     // lay out and draw every panel (between ImGui::NewFrame and Render)
    float scale = 1;                      // the UI scale now
    // The presenter view's projector frame: what its lecture screen needs besides its own fonts, and how a
    // screenshot of it is written.
    EngineWorker* worker = nullptr;
    render::HeatmapRenderer* heatmap = nullptr;
    double now = 0;
    ShotWriter writeShot;
};

class Classroom {
public:
    Classroom();
    ~Classroom();

    void load(const Settings& settings, MessageLog& log);  // theme, text scale, last session
    void save(Settings& settings) const;

    const view::Palette& palette() const { return theme_.palette(); }
    bool stateMarks() const { return theme_.stateMarks(); }
    float fontScale() const { return lecture_.fontScale; }
    bool lectureActive() const { return lecture_.active; }
    // The style must be applied again (the theme changed).
    bool takeStyleChange();

    // Keys (F5, F7, B, clicker keys in lecture mode and the presenter view). True: skip the app's own key handling.
    bool handleKeys(ExplorerState& state, Window& window);
    bool presenterOn() const { return presenter_.on(); }
    bool pressProjectorKey(int key, bool pressed) { return presenter_.pressProjectorKey(key, pressed); }
    // Seconds the app may wait for events before drawing again (the presenter's clock ticks each second).
    double idleTimeout() const { return presenter_.on() ? 1.0 : 10.0; }
    // Closes the projector's window (before the main window goes).
    void shutdown(Window& window) { presenter_.release(window); }
    // Ctrl +/-/0 (text size): every frame, even while typing in a text field.
    void handleTextSizeKeys() { lecture_.handleTextSizeKeys(); }
    // In lecture mode, draws the lecture screen, or in the presenter view its console, and returns true (the app
    // then draws no panel).
    bool drawLecture(ExplorerState& state, const UiContext& ctx, const ConsoleHooks& console);
    // The Lecture and Classroom buttons at the right end of the toolbar, and the classroom window and menus.
    void drawToolbarButtons(ExplorerState& state, const UiContext& ctx);
    static float toolbarButtonsWidth(float scale);
    // After the frame was rendered: pending screenshots and exports (they re-render off-screen).
    void afterRender(ExplorerState& state, MessageLog& log, Window& window, const FrameHooks& hooks);

    // Script actions "classroom:KEY=VALUE": lecture=on|off, blank=on|off, theme=ID, font=SCALE, preset=ID/N,
    // save=PATH, open=PATH, shot=SCALE,TARGET,opaque|transparent,PATH, export=FORMAT,current|all,SCALE,PATH
    // (tiles|tiles-all: the Tiles tab's picture), presenter=on|off, projector-shot=PATH (the projector window's next frame and its geometry).
    // Returns "" or an error.
    std::string apply(const std::string& argument, ExplorerState& state, MessageLog& log);
    // Shows a session loaded from `path` at start (`reducelab FILE`), as "open=PATH" would; it becomes the last one.
    void showOpened(Session session, const std::string& path, ExplorerState& state, MessageLog& log);

private:
    void takeShot(const ShotRequest& shot, MessageLog& log, Window& window, const FrameHooks& hooks);
    void exportTree(const ExplorerState& state, const TreeExportRequest& request, MessageLog& log);
    void advanceVideo(MessageLog& log);

public:
    bool writingVideo() const { return video_ != nullptr; }

private:

    view::ThemeState theme_;
    LectureMode lecture_;
    PresenterView presenter_;
    ExportPanel panel_;
    std::string lastSession_;
    bool styleChanged_ = false;
    std::optional<ShotRequest> shot_;
    std::optional<TreeExportRequest> tree_;
    std::unique_ptr<render::OffscreenRenderer> renderer_;
    std::unique_ptr<exporter::VideoExport> video_;  // a video being written, a little after each frame
};

}  // namespace rl::gui
