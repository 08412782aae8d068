// Sessions, screenshots and tree exports from the explorer.
#include "app/gui/classroom/export_panel.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "app/export/export_job.h"
#include "app/view/tiles/tiles_scene.h"
#include "core/input.h"
#include "core/catalogue/pass_plan.h"
#include "core/session/session.h"
#include "core/catalogue/variant.h"

namespace rl::gui {
namespace {

std::string home() {
    const char* h = std::getenv("HOME");
    return h && *h ? h : ".";
}

// Inputs larger than this are not regenerated to check an opened session against the CPU model.
constexpr size_t kMaxModelInput = size_t(1) << 24;

// Where a path's extension starts (its dot), or npos when its file name has none.
size_t extensionDot(const std::string& path) {
    const size_t dot = path.find_last_of('.'), slash = path.find_last_of('/');
    return dot != std::string::npos && (slash == std::string::npos || dot > slash) ? dot : std::string::npos;
}

}  // namespace

std::string saveCurrentSession(const ExplorerState& state, const std::string& path) {
    if (!state.a.bundle) return "there is no trace to save yet";
    const view::TraceBundle& b = *state.a.bundle;
    Session s;
    for (const auto& d : state.devices)
        if (d.name == b.run.device) s.device = d;
    if (s.device.name.empty() && size_t(state.device) < state.devices.size()) s.device = state.devices[size_t(state.device)];
    if (s.device.name.empty()) s.device.name = b.run.device;  // reopened from a session: keep its device's name
    s.config = b.config;
    s.trace = b.run;
    s.savedBy = "ReduceLab explorer";
    try {
        saveSession(s, path);
    } catch (const std::exception& e) {
        return e.what();
    }
    return "";
}

std::string openSessionInto(ExplorerState& state, const std::string& path) {
    try {
        return showSessionIn(state, loadSession(path), path);
    } catch (const std::exception& e) {
        return e.what();
    }
}

std::string showSessionIn(ExplorerState& state, Session s, const std::string& path) {
    try {
        auto bundle = std::make_unique<view::TraceBundle>();
        bundle->config = s.config;
        bundle->variant = sessionVariant(s);  // a built-in, or the student's kernel the session keeps
        bundle->deviceName = s.device.name;
        try {
            bundle->plan = planPasses(bundle->variant, bundle->config);
        } catch (const std::exception&) {
            bundle->plan.clear();
        }
        bundle->run = std::move(s.trace);
        HostArray input;  // none: the trace is shown without the model's comparison
        input.type = s.config.type;
        if (s.config.n <= kMaxModelInput) {
            try {
                input = makeInput(s.config);  // a data file may be gone: the session keeps what was recorded
            } catch (const Error&) {
            }
        }
        std::shared_ptr<const view::TraceBundle> shared = view::finishBundle(std::move(bundle), input);
        // Shown as if the device had just answered; a request still running is ignored when it comes back.
        state.config = s.config;
        state.compareVariant.clear();
        state.firstGroup = 0;
        state.a.bundle = shared;
        state.b.bundle.reset();
        state.a.groupOfPass = view::followPartial(shared->run, 0);
        state.b.groupOfPass.clear();
        state.requested += 1;
        state.loaded = state.requested;
        state.dirty = false;
        state.lastError.clear();
        state.view.firstCell = state.view.visibleCells = 0;
        state.hover = {};
        state.rebuildTimelines(false);
        state.session = ShownSession{path, shared->deviceName, false};
    } catch (const std::exception& e) {
        return e.what();
    }
    return "";
}

void ExportPanel::Draw(ExplorerState& state, const UiContext& ctx, std::string& lastSession,
                       std::optional<ShotRequest>& shot, std::optional<TreeExportRequest>& tree) {
    if (!open) return;
    const float s = ctx.scale;
    if (sessionPath.empty()) sessionPath = lastSession.empty() ? home() + "/lecture.reducelab.json" : lastSession;
    if (shotPath.empty()) shotPath = home() + "/reducelab-screenshot.png";
    if (treePath.empty()) treePath = home() + "/reducelab-tree.svg";
    // Wide enough for the text at the current font size (a lecturer's larger text makes it wider).
    ImGui::SetNextWindowSize(ImVec2(std::max(620 * s, 40 * ImGui::GetFontSize()), 0), ImGuiCond_Appearing);
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(ImVec2(vp->Pos.x + vp->Size.x * 0.5f, vp->Pos.y + vp->Size.y * 0.3f), ImGuiCond_Appearing,
                            ImVec2(0.5f, 0.3f));
    if (!ImGui::Begin("Classroom: sessions and export", &open, ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings)) {
        ImGui::End();
        return;
    }
    const float fieldW = ImGui::GetContentRegionAvail().x;

    ImGui::PushFont(ctx.fonts.bold);
    ImGui::TextUnformatted("Session");
    ImGui::PopFont();
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("The run on screen (device, variant, parameters, trace) in one file; it opens anywhere, "
                       "no OpenCL device needed.");
    ImGui::PopStyleColor();
    ImGui::SetNextItemWidth(fieldW);
    ImGui::InputText("##session", &sessionPath);
    if (ImGui::Button("Save session")) {
        const std::string error = saveCurrentSession(state, sessionPath);
        if (error.empty()) {
            lastSession = sessionPath;
            ctx.log.info("Saved the session " + sessionPath);
        } else {
            ctx.log.error("The session was not saved", error);
        }
    }
    ImGui::SameLine();
    if (ImGui::Button("Open session")) {
        const std::string error = openSessionInto(state, sessionPath);
        if (error.empty()) {
            lastSession = sessionPath;
            ctx.log.info("Opened the session " + sessionPath);
        } else {
            ctx.log.error("The session could not be opened (nothing changed)", error);
        }
    }
    ImGui::Separator();

    ImGui::PushFont(ctx.fonts.bold);
    ImGui::TextUnformatted("Screenshot (PNG, re-rendered at the chosen scale)");
    ImGui::PopFont();
    const char* targets[] = {"Whole window", "Tree", "Bottom panel (warps, heat map, source)", "Result", "Controls"};
    ImGui::SetNextItemWidth(fieldW * 0.5f);
    ImGui::Combo("##target", &shotTarget, targets, 5);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(fieldW * 0.25f);
    ImGui::SliderInt("##scale", &shotScale, 1, 4, "%d\xc3\x97");
    ImGui::SameLine();
    ImGui::Checkbox("transparent", &transparent);
    ImGui::SetNextItemWidth(fieldW);
    ImGui::InputText("##shot", &shotPath);
    if (ImGui::Button("Save screenshot")) {
        static const char* const names[] = {"window", "tree", "bottom", "result", "controls"};
        shot = ShotRequest{shotPath, names[shotTarget], shotScale, transparent};
    }
    ImGui::Separator();

    ImGui::PushFont(ctx.fonts.bold);
    const bool tilesShown = state.a.loaded() && view::hasTilesView(state.a.bundle->variant);
    ImGui::TextUnformatted(tilesShown ? "The tree or the tiles, for slides" : "The tree for slides");
    ImGui::PopFont();
    const char* formats[] = {"SVG (vector, editable)", "PNG", "GIF (animated, all stages)",
                             "MP4 video (H.264, the animation)", "WebM video (VP9, the animation)"};
    static const char* const names[] = {"svg", "png", "gif", "mp4", "webm"};
    ImGui::SetNextItemWidth(fieldW * 0.62f);
    if (ImGui::Combo("##format", &treeFormat, formats, 5)) {  // the file's extension follows the format chosen
        const size_t dot = extensionDot(treePath);
        exporter::Format known;
        if (dot != std::string::npos && exporter::parseFormat(treePath.substr(dot + 1), &known))
            treePath = treePath.substr(0, dot + 1) + names[treeFormat];
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(fieldW * 0.2f);
    ImGui::SliderInt("##treescale", &treeScale, 1, 4, "%d\xc3\x97");
    const bool video = treeFormat >= 3;
    if (treeFormat < 2) {
        ImGui::Checkbox("all stages (numbered files)", &treeAll);
    } else {  // GIF and video show every stage; a video's pace and smoothness are the lecturer's to choose
        ImGui::SetNextItemWidth(fieldW * 0.4f);
        ImGui::SliderFloat("##pace", &treeSecondsPerStage, 0.3f, 5.0f, "%.1f s a stage");
        if (video) {
            ImGui::SameLine();
            ImGui::SetNextItemWidth(fieldW * 0.3f);
            static const int rates[] = {24, 30, 60};
            const char* rateNames[] = {"24 frames/s", "30 frames/s", "60 frames/s"};
            ImGui::Combo("##fps", &treeRate, rateNames, 3);
            treeFps = rates[std::clamp(treeRate, 0, 2)];
        }
    }
    ImGui::SetNextItemWidth(fieldW);
    ImGui::InputText("##tree", &treePath);
    if (videoProgress >= 0) {  // one video at a time: its progress and a way out
        char label[48];
        std::snprintf(label, sizeof label, "writing the video: %.0f%%", videoProgress * 100);
        ImGui::ProgressBar(videoProgress, ImVec2(fieldW * 0.7f, 0), label);
        ImGui::SameLine();
        if (ImGui::Button("Cancel")) cancelVideo = true;
    } else if (ImGui::Button("Export the tree")) {
        tree = TreeExportRequest{treePath, names[treeFormat], treeAll || treeFormat >= 2, treeScale,
                                 int(std::lround(treeSecondsPerStage * 1000)), treeFps};
    }
    if (video && videoProgress < 0) {
        ImGui::SameLine();
        ImGui::TextDisabled("the animation, with captions beside it (.vtt)");
    }
    // A multi-tile scan's Tiles tab, in the same format (a GIF steps through a look-back's log).
    if (!video && videoProgress < 0 && tilesShown) {
        ImGui::SameLine();
        if (ImGui::Button("Export the tiles")) {
            const size_t dot = extensionDot(treePath);
            const size_t cut = dot == std::string::npos ? treePath.size() : dot;
            const std::string path = treePath.substr(0, cut) + "-tiles" + treePath.substr(cut);
            tree = TreeExportRequest{path, names[treeFormat], treeAll || treeFormat == 2, treeScale,
                                     int(std::lround(treeSecondsPerStage * 1000)), treeFps, true};
        }
    }
    ImGui::End();
}

}  // namespace rl::gui
