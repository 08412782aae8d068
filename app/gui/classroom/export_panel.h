// The classroom window (toolbar: "Classroom"): sessions (save the current run, open one, also without any OpenCL
// device), screenshots of the window or one panel at 1x-4x re-rendered off-screen (optionally with a transparent
// background), and the tree as SVG / PNG / GIF of the current stage or of all stages.
#pragma once
#include <optional>
#include <string>

#include "app/gui/state/explorer_state.h"
#include "app/gui/common/ui_context.h"
#include "core/session/session.h"

namespace rl::gui {

// A screenshot to take after the frame: `target` is "window", "tree", "bottom" (warps / heat map / source), "result"
// or "controls".
struct ShotRequest {
    std::string path, target = "window";
    int scale = 2;
    bool transparent = false;
};

// An export of the tree of side A: format "svg" | "png" | "gif", the current stage or all.
struct TreeExportRequest {
    std::string path, format = "svg";
    bool allStages = false;
    int scale = 1;
    int delayMs = 1200;  // GIF and video: the time a stage
    int fps = 30;        // video
    bool tiles = false;  // the Tiles tab's picture instead of the tree (a multi-tile scan: svg, png, gif)
};

// Saves the shown run of side A as a session; returns "" or what went wrong.
std::string saveCurrentSession(const ExplorerState& state, const std::string& path);
// Opens a session into side A (comparison off, playback at the start) without touching OpenCL; on failure returns
// the message and leaves the state as it was.
std::string openSessionInto(ExplorerState& state, const std::string& path);
// Shows a session already loaded from `path` the same way; returns "" or what went wrong (the state unchanged).
std::string showSessionIn(ExplorerState& state, Session session, const std::string& path);

struct ExportPanel {
    bool open = false;
    std::string sessionPath, shotPath, treePath;
    int shotTarget = 0, shotScale = 2, treeFormat = 0, treeScale = 1, treeRate = 1, treeFps = 30;
    float treeSecondsPerStage = 1.2f;
    float videoProgress = -1;  // 0..1 while a video is being written (set by the classroom before Draw), else -1
    bool cancelVideo = false;  // set by Draw when the user cancels it
    bool transparent = false, treeAll = false;

    // Draws the window when open. Fills `shot` / `tree` when the user asks for one, `lastSession` after a save/open.
    void Draw(ExplorerState& state, const UiContext& ctx, std::string& lastSession,
              std::optional<ShotRequest>& shot, std::optional<TreeExportRequest>& tree);
};

}  // namespace rl::gui
