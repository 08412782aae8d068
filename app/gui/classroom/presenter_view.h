// The presenter view: lecture mode on two windows. The projector's window (a Screen) shows the lecture screen alone,
// the tree and its caption, drawn with an ImGui context and fonts of its own at the projector's size; the laptop's
// window becomes the console: the controls, the current stage as the room sees it and the next one, the variant's
// lesson and the stage's words as speaker notes, predict mode's question with its answer, and a clock. Lecture
// mode's keys (clicker keys, B, Q, S, Ctrl +/-) work from either window; F7, Esc or F5 leave, giving one window back.
// F5 opens it instead of the one-window lecture screen when a second monitor is connected; F7 or
// `reducelab gui --presenter` opens it on any set-up (with one monitor, the projector's window opens beside).
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "app/gui/classroom/lecture_mode.h"
#include "app/gui/exercises/markdown_view.h"
#include "app/gui/common/ui_context.h"
#include "app/gui/common/window.h"
#include "app/render/fonts.h"

struct ImGuiContext;

namespace rl::gui {

// What the console draws with the app's own panels.
struct ConsoleHooks {
    std::function<void()> controls;      // the controls column (variant, size, data, toggles)
    std::function<void()> predictPanel;  // predict mode's panel (toggle, question, entry, score)
};

// Writes a screenshot of the framebuffer just drawn and its geometry beside it ("" or an error).
using ShotWriter = std::function<std::string(const std::string& path, const FrameGeometry& geometry, int width,
                                             int height, int step, int steps)>;

class PresenterView {
public:
    PresenterView();
    ~PresenterView();

    bool on() const { return screen_ && shown_; }
    bool wanted() const { return wanted_; }
    void request(bool on) { wanted_ = on; }
    // Opens or closes the projector's window as requested (between frames, with the main window's context
    // current). Returns "" or why it could not open (the lecture screen then stays on one window). A closed
    // projector is hidden, not destroyed: opened again, it is shown as it was (where it was, full screen or not),
    // unless the monitors changed in between. Each new window and context cost memory that the OpenGL driver
    // need not give back while the main window's context, which shares its objects, lives.
    std::string sync(Window& window, const view::Palette& palette);
    void close(Window& window);
    void release(Window& window);  // destroys the projector's window and contexts (the app's end)

    // The console, filling the main window (the caller draws nothing else).
    void drawConsole(ExplorerState& state, const UiContext& ctx, LectureMode& lecture, const ConsoleHooks& hooks);
    // Draws the lecture screen into the projector's window and shows it; the main window's OpenGL and ImGui
    // contexts are current again afterwards. `ctx`: the main frame's (its palette, log, worker; not its fonts).
    void renderProjector(ExplorerState& state, LectureMode& lecture, const UiContext& ctx, Window& window,
                         const ShotWriter& writeShot);
    void toggleFullscreen();
    void restartClock();
    void shootProjector(const std::string& path) { shots_.push_back(path); }
    // A key as if pressed over the projector's window; false when it is not open.
    bool pressProjectorKey(int key, bool pressed) {
        if (on()) screen_->injectKey(key, pressed);
        return on();
    }

private:
    void header(ExplorerState& state, const UiContext& ctx, LectureMode& lecture, view::Rect area);
    void notes(ExplorerState& state, const UiContext& ctx, const ConsoleHooks& hooks, view::Rect area);

    std::unique_ptr<Screen> screen_;
    ImGuiContext* imgui_ = nullptr;  // the projector's (fonts at its size)
    render::Fonts fonts_;
    float fontScale_ = 0;
    const view::Palette* stylePalette_ = nullptr;  // the palette the projector's style was made with
    bool wanted_ = false;
    bool shown_ = false;  // screen_ is on view (false: hidden, kept for the next opening)
    double clockStart_ = 0;
    double lastFrame_ = 0;
    std::vector<std::string> shots_;
    std::string notesText_;  // the speaker notes' lesson (Markdown) as last parsed, and its blocks
    std::vector<exercises::MarkdownBlock> notesBlocks_;
};

}  // namespace rl::gui
