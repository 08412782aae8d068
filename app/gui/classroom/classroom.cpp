// The classroom features and their hooks into the app's frame.
#include "app/gui/classroom/classroom.h"

#include <glad/gl.h>
#include <imgui.h>
#include <imgui_internal.h>
#include <backends/imgui_impl_opengl3.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdlib>

#include "app/export/export_job.h"
#include "app/export/gif_writer.h"
#include "app/export/raster_image.h"
#include "app/export/stage_frames.h"
#include "app/export/svg_writer.h"
#include "app/export/text_metrics.h"
#include "app/gui/classroom/presets.h"
#include "app/gui/common/keys.h"
#include "app/gui/common/toolbar_slots.h"
#include "app/render/framebuffer_capture.h"
#include "app/render/offscreen_renderer.h"

namespace rl::gui {
namespace {

// Radio items for the theme menu; true when the theme changed.
bool themeMenuItems(view::ThemeState& theme) {
    bool changed = false;
    for (const auto& t : view::themes())
        if (ImGui::MenuItem(t.title.c_str(), nullptr, t.id == theme.id) && t.id != theme.id) {
            theme.id = t.id;
            changed = true;
        }
    return changed;
}

const char* windowOf(const std::string& target, bool lecture) {
    if (lecture) return "##lecture";
    if (target == "tree") return "##tree";
    if (target == "bottom") return "##bottom";
    if (target == "result") return "##result";
    if (target == "controls") return "##controls";
    return nullptr;  // the whole window
}

std::vector<std::string> split(const std::string& text, char sep) {
    std::vector<std::string> out;
    size_t start = 0;
    while (true) {
        const size_t at = text.find(sep, start);
        out.push_back(text.substr(start, at == std::string::npos ? std::string::npos : at - start));
        if (at == std::string::npos) break;
        start = at + 1;
    }
    return out;
}

}  // namespace

Classroom::Classroom() = default;
Classroom::~Classroom() = default;

void Classroom::load(const Settings& settings, MessageLog& log) {
    if (!theme_.set(settings.theme)) {
        log.warning("Unknown theme '" + settings.theme + "' in the settings: using the dark theme");
        theme_.set("dark");
    }
    lecture_.setFontScale(settings.fontScale);
    lastSession_ = settings.lastSession;
}

void Classroom::showOpened(Session session, const std::string& path, ExplorerState& state, MessageLog& log) {
    const std::string error = showSessionIn(state, std::move(session), path);
    if (!error.empty()) {
        log.error("The session could not be opened", error);
        return;
    }
    log.info("Opened the session " + path);
    lastSession_ = path;
}

void Classroom::save(Settings& settings) const {
    settings.theme = theme_.id;
    settings.fontScale = lecture_.fontScale;
    settings.lastSession = lastSession_;
}

bool Classroom::takeStyleChange() {
    const bool changed = styleChanged_;
    styleChanged_ = false;
    return changed;
}

bool Classroom::handleKeys(ExplorerState& state, Window& window) {
    constexpr int kF5 = 294, kF7 = 296;
    const bool typing = ImGui::GetIO().WantTextInput;
    // F7: the presenter view on any set-up; F5: it too when a second monitor is there for the projector.
    if (!typing && (ImGui::IsKeyPressed(kF7, false) ||
                    (ImGui::IsKeyPressed(kF5, false) && !lecture_.active && window.monitorCount() >= 2))) {
        const bool on = !presenter_.wanted();
        presenter_.request(on);
        if (lecture_.active != on) lecture_.toggle();
        return true;
    }
    if (presenter_.wanted() && !typing && ImGui::IsKeyPressed(keys::kF11, false)) {  // the projector full screen
        presenter_.toggleFullscreen();
        return true;
    }
    const bool taken = lecture_.handleKeys(state, window);
    if (!lecture_.active && presenter_.wanted()) presenter_.request(false);  // F5 or Esc left: one window again
    return taken;
}

bool Classroom::drawLecture(ExplorerState& state, const UiContext& ctx, const ConsoleHooks& console) {
    if (!lecture_.active) return false;
    if (presenter_.on()) presenter_.drawConsole(state, ctx, lecture_, console);
    else lecture_.Draw(state, ctx);
    return true;
}

float Classroom::toolbarButtonsWidth(float scale) { return toolbar_slots::classroom(scale); }

void Classroom::drawToolbarButtons(ExplorerState& state, const UiContext& ctx) {
    const float s = ctx.scale;
    const float h = ImGui::GetFrameHeight() * 1.25f;
    const float width = toolbarButtonsWidth(s);
    ImGui::SetCursorPos(ImVec2(ImGui::GetWindowWidth() - width - ImGui::GetStyle().WindowPadding.x,
                               (ImGui::GetWindowHeight() - h) * 0.5f));
    if (ImGui::Button("Lecture", ImVec2(96 * s, h))) lecture_.toggle();
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Lecture mode (F5): the tree full screen, clicker keys, B blanks.\n"
                          "Presenter view (F7): the tree on the projector, the controls, the next stage, notes and\n"
                          "a clock on this screen.");
    ImGui::SameLine(0, 8 * s);
    if (ImGui::Button("Classroom \xe2\x96\xbe", ImVec2(width - 104 * s, h))) ImGui::OpenPopup("##classroom");
    if (ImGui::BeginPopup("##classroom")) {
        if (ImGui::BeginMenu("Theme")) {
            if (themeMenuItems(theme_)) styleChanged_ = true;
            ImGui::EndMenu();
        }
        if (ImGui::BeginMenu("Presets (16 / 32 elements)")) {
            presetMenuItems(state);
            ImGui::EndMenu();
        }
        if (ImGui::BeginMenu("Text size")) {
            ImGui::Text("%.0f%%", lecture_.fontScale * 100);
            if (ImGui::MenuItem("Larger", "Ctrl +")) lecture_.setFontScale(lecture_.fontScale * 1.125f);
            if (ImGui::MenuItem("Smaller", "Ctrl \xe2\x88\x92")) lecture_.setFontScale(lecture_.fontScale / 1.125f);
            if (ImGui::MenuItem("Reset", "Ctrl 0")) lecture_.setFontScale(1);
            ImGui::EndMenu();
        }
        ImGui::Separator();
        if (ImGui::MenuItem("Lecture mode", "F5", lecture_.active && !presenter_.wanted())) lecture_.toggle();
        if (ImGui::MenuItem("Presenter view (two windows)", "F7", presenter_.wanted())) {
            presenter_.request(!presenter_.wanted());
            if (lecture_.active != presenter_.wanted()) lecture_.toggle();
        }
        if (ImGui::MenuItem("Sessions, screenshots, export\xe2\x80\xa6")) panel_.open = true;
        ImGui::EndPopup();
    }
    panel_.videoProgress = video_ ? video_->progress() : -1;
    panel_.Draw(state, ctx, lastSession_, shot_, tree_);
    if (panel_.cancelVideo && video_) {
        video_.reset();  // the unfinished file is removed
        ctx.log.info("The video export was cancelled; nothing was written");
    }
    panel_.cancelVideo = false;
}

void Classroom::afterRender(ExplorerState& state, MessageLog& log, Window& window, const FrameHooks& hooks) {
    if (shot_) {
        const ShotRequest shot = *shot_;
        shot_.reset();
        takeShot(shot, log, window, hooks);
    }
    if (tree_) {
        const TreeExportRequest request = *tree_;
        tree_.reset();
        exportTree(state, request, log);
    }
    if (video_) advanceVideo(log);
    if (presenter_.wanted() != presenter_.on()) {
        const std::string error = presenter_.sync(window, palette());
        if (!error.empty()) {
            log.error("The presenter view could not open the projector's window; lecture mode stays on this one",
                      error);
        } else if (presenter_.on()) {
            log.info("Presenter view: the projector's window is " +
                     std::string(window.monitorCount() >= 2 ? "on the second monitor" : "open beside this one") +
                     "; F7, F5 or Esc return to one window");
        }
    }
    if (presenter_.on() && hooks.worker && hooks.heatmap) {
        FrameGeometry unused;
        render::Fonts noFonts;
        UiContext ctx{palette(), noFonts, log, *hooks.worker, *hooks.heatmap, unused, hooks.scale, hooks.now};
        ctx.stateMarks = stateMarks();
        presenter_.renderProjector(state, lecture_, ctx, window, hooks.writeShot);
        if (!presenter_.wanted()) {  // its window was closed: the presenter view and lecture mode end
            presenter_.close(window);
            lecture_.active = false;
        }
    }
}

void Classroom::advanceVideo(MessageLog& log) {
    try {
        // About a third of a 60 Hz frame's time each frame: the window keeps drawing while the video is made.
        if (!video_->advance(*renderer_, 0.005)) return;
        const auto& files = video_->files();
        log.info("Exported " + std::to_string(video_->stages()) + " stages as a video to " + files.front() +
                 " (its captions and alt text beside it)");
    } catch (const std::exception& e) {
        log.error("The video export failed", e.what());
    }
    video_.reset();
}

void Classroom::takeShot(const ShotRequest& shot, MessageLog& log, Window&, const FrameHooks& hooks) {
    ImGuiIO& io = ImGui::GetIO();
    const ImVec2 size = io.DisplaySize, mouse = io.MousePos, fb = io.DisplayFramebufferScale;
    const float factor = float(std::clamp(shot.scale, 1, 4));
    const int w = int(std::lround(size.x * fb.x * factor)), h = int(std::lround(size.y * fb.y * factor));
    GLint maxSize = 0;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &maxSize);
    if (w <= 0 || h <= 0 || w > maxSize || h > maxSize) {
        log.error("The screenshot was not taken: " + std::to_string(w) + "x" + std::to_string(h) +
                  " pixels is more than this OpenGL allows (" + std::to_string(maxSize) + "); choose a smaller scale");
        return;
    }
    // One more frame of the whole UI at `factor` times the scale and size: fonts rasterised again at that size.
    const bool panelWasOpen = panel_.open;
    panel_.open = false;
    hooks.setScale(hooks.scale * factor);
    io.DisplaySize = ImVec2(size.x * factor, size.y * factor);
    io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
    io.DeltaTime = 1.0f / 1000.0f;
    ImGui_ImplOpenGL3_NewFrame();
    ImGui::NewFrame();
    hooks.drawPanels();
    ImRect crop(0, 0, size.x * factor, size.y * factor);
    const char* name = windowOf(shot.target, lecture_.active);
    if (name) {
        if (ImGuiWindow* win = ImGui::FindWindowByName(name)) crop = win->Rect();
        else log.warning("No '" + shot.target + "' panel on screen: the whole window was captured");
    }
    ImGui::Render();

    exporter::RasterImage image;
    {
        const render::FramebufferTarget target(w, h);
        if (target.complete()) {
            glViewport(0, 0, w, h);
            const view::Rgba bg = lecture_.blank ? view::Rgba{0, 0, 0, 255} : palette().background;
            if (shot.transparent) glClearColor(0, 0, 0, 0);
            else glClearColor(bg.r / 255.f, bg.g / 255.f, bg.b / 255.f, 1);
            glClear(GL_COLOR_BUFFER_BIT);
            ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
            // The crop in pixels (rows counted from the top).
            const int x0 = std::clamp(int(std::floor(crop.Min.x * fb.x)), 0, w);
            const int x1 = std::clamp(int(std::ceil(crop.Max.x * fb.x)), 0, w);
            const int y0 = std::clamp(int(std::floor(crop.Min.y * fb.y)), 0, h);
            const int y1 = std::clamp(int(std::ceil(crop.Max.y * fb.y)), 0, h);
            image.width = x1 - x0;
            image.height = y1 - y0;
            image.rgba = render::readPixels(render::ReadFrom::BoundFramebuffer, x0, y0, image.width, image.height, h,
                                            4);
            if (shot.transparent)
                render::unpremultiplyAlpha(image.rgba);
            else
                for (size_t i = 3; i < image.rgba.size(); i += 4) image.rgba[i] = 255;
        }
    }

    io.DisplaySize = size;
    io.MousePos = mouse;
    hooks.setScale(hooks.scale);
    panel_.open = panelWasOpen;
    if (image.width <= 0 || image.height <= 0) {
        log.error("The screenshot was not taken: the off-screen framebuffer could not be made");
        return;
    }
    try {
        exporter::writePng(shot.path, image, shot.transparent);
        log.info("Saved a " + std::to_string(image.width) + "x" + std::to_string(image.height) + " screenshot to " +
                 shot.path);
    } catch (const std::exception& e) {
        log.error("The screenshot was not saved", e.what());
    }
}

void Classroom::exportTree(const ExplorerState& state, const TreeExportRequest& r, MessageLog& log) {
    if (!state.a.loaded()) {
        log.error("Nothing to export: no trace is shown");
        return;
    }
    try {
        const view::TraceBundle& bundle = *state.a.bundle;
        const exporter::ExportView picture = r.tiles ? exporter::ExportView::Tiles : exporter::ExportView::Tree;
        const auto source = exporter::framesOf(bundle.run, bundle.variant, bundle.config, picture);
        const exporter::FrameSource& frames = *source;
        exporter::FrameStyle style;
        style.scale = float(std::clamp(r.scale, 1, 4));
        style.palette = &palette();
        style.stateMarks = stateMarks();
        style.loadAtTop = state.view.loadAtTop;
        style.showValues = state.view.showValues;
        exporter::ExportRequest request;
        if (!exporter::parseFormat(r.format, &request.format)) throw Error(ErrorKind::BadInput, "unknown format");
        request.out = r.path;
        request.scale = style.scale;
        request.allStages = r.allStages;
        request.delayMs = r.delayMs;
        request.fps = r.fps;
        request.view = picture;
        // The tree's picture at the playback's step; the tiles' at the Tiles tab's cursor (-1: the log's end).
        const int at = r.tiles ? (state.view.tilesTime < 0 ? frames.steps() - 1 : state.view.tilesTime)
                               : state.a.stepAt(state.playback.step());
        request.stage = std::clamp(at, 0, frames.steps() - 1);
        exporter::checkRequest(request);
        if (exporter::isRaster(request.format) && !renderer_)
            renderer_ = std::make_unique<render::OffscreenRenderer>(render::OffscreenRenderer::UseCurrentContext{});
        if (exporter::isVideo(request.format)) {
            if (video_) throw Error(ErrorKind::BadInput, "a video is being written: wait for it or cancel it first");
            video_ = std::make_unique<exporter::VideoExport>(
                exporter::StageFrames(state.a.bundle->run, state.a.bundle->variant), request, style);
            return;  // advanced after each frame (advanceVideo), which says when it is written
        }
        const std::vector<std::string> files = exporter::writeExport(frames, request, style, renderer_.get());
        const bool whole = r.allStages || request.format == exporter::Format::Gif;  // a video returned above
        const int count = whole ? frames.steps() : 1;
        const char* what = r.tiles ? (count == 1 ? " picture of the tiles" : " pictures of the tiles")
                                   : (count == 1 ? " stage" : " stages");
        log.info("Exported " + std::to_string(count) + what + " as " + r.format +
                 " to " + files.front() + (files.size() > 1 ? " (and " + std::to_string(files.size() - 1) +
                                                                  " more files beside it)"
                                                            : ""));
    } catch (const std::exception& e) {
        log.error("The export failed", e.what());
    }
}

std::string Classroom::apply(const std::string& argument, ExplorerState& state, MessageLog& log) {
    const size_t eq = argument.find('=');
    if (eq == std::string::npos) return "classroom needs KEY=VALUE";
    const std::string key = argument.substr(0, eq), value = argument.substr(eq + 1);
    if (key == "lecture" || key == "blank" || key == "source") {
        if (value != "on" && value != "off") return key + " takes on or off";
        if (key == "lecture" && lecture_.active != (value == "on")) lecture_.toggle();
        if (key == "blank") lecture_.blank = value == "on";
        if (key == "source") lecture_.showSource = value == "on";
    } else if (key == "presenter") {
        if (value != "on" && value != "off") return "presenter takes on or off";
        presenter_.request(value == "on");
        if (lecture_.active != (value == "on")) lecture_.toggle();
    } else if (key == "projector-shot") {
        if (!presenter_.wanted()) return "projector-shot needs the presenter view (classroom:presenter=on)";
        presenter_.shootProjector(value);
    } else if (key == "panel") {  // the sessions and export window, as its menu item opens it
        if (value != "on" && value != "off") return "panel takes on or off";
        panel_.open = value == "on";
    } else if (key == "theme") {
        if (!theme_.set(value)) return "unknown theme '" + value + "' (dark, projector, colorblind)";
        styleChanged_ = true;
    } else if (key == "font") {
        const double v = std::atof(value.c_str());
        if (!(v >= 0.5 && v <= 4)) return "font takes a scale from 0.5 to 4";
        lecture_.setFontScale(float(v));
    } else if (key == "preset") {
        const Preset* p = findPreset(value);
        if (!p) return "unknown preset '" + value + "' (VARIANT/16 or VARIANT/32)";
        applyPreset(state, *p);
    } else if (key == "save") {
        const std::string error = saveCurrentSession(state, value);
        if (!error.empty()) return error;
        lastSession_ = value;
    } else if (key == "open") {
        const std::string error = openSessionInto(state, value);
        if (!error.empty()) {
            log.error("The session could not be opened (nothing changed)", error);
            return error;
        }
        log.info("Opened the session " + value);
        lastSession_ = value;
    } else if (key == "shot") {
        const auto parts = split(value, ',');
        if (parts.size() != 4) return "shot takes SCALE,TARGET,opaque|transparent,PATH";
        const int scale = std::atoi(parts[0].c_str());
        if (scale < 1 || scale > 4) return "the screenshot scale must be 1 to 4";
        shot_ = ShotRequest{parts[3], parts[1], scale, parts[2] == "transparent"};
    } else if (key == "export") {
        const auto parts = split(value, ',');
        if (parts.size() != 4) return "export takes FORMAT,current|all|tiles|tiles-all,SCALE,PATH";
        exporter::Format format;
        if (!exporter::parseFormat(parts[0], &format) || format == exporter::Format::Md)
            return "export formats: svg, png, gif, mp4, webm";
        const bool tiles = parts[1] == "tiles" || parts[1] == "tiles-all";
        tree_ = TreeExportRequest{parts[3], parts[0], parts[1] == "all" || parts[1] == "tiles-all",
                                  std::clamp(std::atoi(parts[2].c_str()), 1, 4), 1200, 30, tiles};
    } else {
        return "unknown classroom setting '" + key + "'";
    }
    return "";
}

}  // namespace rl::gui
