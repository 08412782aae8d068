// The explorer application: start-up and teardown, the frame loop, keyboard, requests to the engine worker. The
// panels' layout is in app_layout.cpp, the script's verbs in app_verbs.cpp.
#include "app/gui/shell/app.h"

#include <glad/gl.h>
#include <imgui.h>
#include <backends/imgui_impl_opengl3.h>

#include <algorithm>
#include <cmath>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <filesystem>

#include "app/gui/panels/session_banner.h"
#include "app/gui/common/keys.h"
#include "app/gui/shell/screenshot.h"
#include "app/gui/shell/startup.h"
#include "app/gui/common/style.h"
#include "core/catalogue/pass_plan.h"
#include "core/catalogue/variant.h"

namespace rl::gui {
namespace {

double processSeconds() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

double seconds() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

std::string lower(std::string s) {
    for (char& c : s) c = char(std::tolower((unsigned char)c));
    return s;
}

}  // namespace

App::App(Window& window, ExplorerOptions options, Settings settings, std::string configDir, Script script,
         std::optional<Session> session)
    : window_(window),
      options_(std::move(options)),
      settings_(std::move(settings)),
      configDir_(std::move(configDir)),
      script_(std::move(script)) {
    start_ = seconds();
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    if (!configDir_.empty() && options_.saveSettings) {
        std::error_code ec;
        std::filesystem::create_directories(configDir_, ec);
        iniPath_ = configDir_ + "/imgui.ini";
        io.IniFilename = iniPath_.c_str();
    }
    window_.initImGuiPlatform();
    ImGui_ImplOpenGL3_Init("#version 330 core");

    classroom_.load(settings_, log_);
    scale_ = uiScale();
    std::string warning;
    fonts_ = render::loadFonts(scale_, &warning);
    if (!warning.empty()) log_.warning(warning);
    log_.info(std::string(fonts_.embedded ? "Fonts: DejaVu (embedded)" : "Fonts: DejaVu (from disk)") +
              ", rasterised by " + render::freetypeVersion() + ", content scale " +
              std::to_string(window_.contentScale()).substr(0, 4) + ", UI scale " + std::to_string(scale_).substr(0, 4));
    applyStyle(classroom_.palette(), scale_);
    std::string error;
    if (!heatmap_.init(&error)) log_.error("The heat map's shaders failed", error);

    // The problem: saved settings, overridden by the command line.
    initialState(state_, settings_, options_);
    if (session) {  // shown as recorded: no first trace; --stage and --play apply to it
        classroom_.showOpened(std::move(*session), options_.open, state_, log_);
        if (state_.a.loaded()) {
            startPlayback();
            window_.setTitle("ReduceLab \xe2\x80\x94 " + std::filesystem::path(options_.open).filename().string());
        }
    }

    worker_ = std::make_unique<EngineWorker>(log_, [this] { window_.wake(); });
    timings_.init(configDir_, options_.saveSettings, [this] { window_.wake(); },
                  [this](float x, float y) { window_.injectCursor(x, y); });
    // A problem named on the command line is what the window shows; an autosaved kernel waits behind a button.
    const bool problemNamed = options_.variant || !options_.settings.empty() || !options_.open.empty();
    workbench_.init([this] { window_.wake(); }, "", "", log_, problemNamed);
    course_.init(options_.exercisesDir, "", log_);
    if (options_.presenter) classroom_.apply("presenter=on", state_, log_);  // opened after the first frame
}

App::~App() {
    worker_.reset();  // joins the engine thread before the GL and ImGui teardown
    classroom_.shutdown(window_);  // the projector's window and its ImGui context
    ImGui_ImplOpenGL3_Shutdown();
    window_.shutdownImGuiPlatform();
    ImGui::DestroyContext();
}

double App::now() const { return seconds() - start_; }

bool App::needsFrames() const {
    const ImGuiIO& io = ImGui::GetIO();
    const bool mouseDown = io.MouseDown[0] || io.MouseDown[1] || io.MouseDown[2];
    return state_.playback.moving() || worker_->busy() || script_.running() || settleFrames_ > 0 || state_.dirty ||
           mouseDown || !pendingShots_.empty() || timings_.needsFrames() || workbench_.needsFrames();
}

int App::run() {
    double last = now(), lastAnimated = -1, deadline = 0;
    while (!quit_) {
        if (needsFrames()) {
            window_.pollEvents();
        } else {
            ++idleWaits_;
            double timeout = classroom_.idleTimeout();
            if (options_.quitAfter > 0) timeout = std::max(0.01, std::min(timeout, options_.quitAfter - now()));
            window_.waitEvents(timeout);
            settleFrames_ = 3;
        }
        if (window_.shouldClose()) break;
        const double t0 = now();
        const double dt = std::min(0.1, t0 - last);
        last = t0;
        const bool animating = state_.playback.moving();
        const double cpu0 = processSeconds();
        frame(dt);
        if (!script_.running() && !animating && !worker_->busy()) ++quietFrames_;
        if (options_.frameStats) {
            glFinish();
            if (animating) {
                stats_.add((now() - t0) * 1000.0, lastAnimated >= 0 ? (t0 - lastAnimated) * 1000.0 : 0.0,
                           (processSeconds() - cpu0) * 1000.0);
                lastAnimated = t0;
            } else {
                lastAnimated = -1;
            }
        }
        if (settleFrames_ > 0) --settleFrames_;
        if (options_.frames > 0 && frames_ >= options_.frames) quit(0);
        if (options_.quitAfter > 0 && now() >= options_.quitAfter) quit(0);
        // 60 frames per second while something moves: vsync paces a real display, Xvfb has none. Deadlines advance
        // by exactly 1/60 s (a late frame does not push the later ones back) and restart after idling.
        if (!quit_ && !options_.noPacing && needsFrames()) {
            deadline = (deadline > 0 && t0 - deadline < 0.05) ? deadline + 1.0 / 60.0 : t0 + 1.0 / 60.0;
            for (double rest = deadline - now(); rest > 0.0005 && !window_.shouldClose(); rest = deadline - now())
                window_.waitEvents(rest);
        } else {
            deadline = 0;
        }
    }
    saveOnExit();
    if (options_.frameStats) {
        int w = 0, h = 0;
        window_.framebufferSize(&w, &h);
        std::string what = std::to_string(w) + "x" + std::to_string(h);
        if (state_.a.bundle) what += ", " + state_.a.bundle->variant.id + ", " + std::to_string(state_.a.bundle->config.wg) + " work-items per group";
        std::printf("%s", stats_.report(what).c_str());
        std::printf("  last frame: %d vertices, %d triangles\n", ImGui::GetIO().MetricsRenderVertices,
                    ImGui::GetIO().MetricsRenderIndices / 3);
        std::printf("%s", coverageReport().c_str());
        std::printf("frames: %ld in %.1f s; %ld with nothing moving (after events), %ld waits for events\n",
                    frames_, now(), quietFrames_, idleWaits_);
        std::printf("%s", speed_.report(worker_->warmProgress()).c_str());
        std::fflush(stdout);
    }
    return exitCode_;
}

void App::frame(double dt) {
    ++frames_;
    if (script_.running()) script_.advance(*this, options_.scriptTimeout);
    takeWorkerResults();
    workbench_.update(state_, log_, now());
    if (auto graded = workbench_.takeGrade()) course_.record(*graded, log_);
    sendRequestIfDirty();
    state_.playback.update(dt);
    refreshFonts();

    ImGui_ImplOpenGL3_NewFrame();
    window_.beginFrame();
    ImGui::NewFrame();
    geometry_.clear();
    handleKeys();
    state_.predict.guard(state_.a, state_.playback);  // predict mode: no stage shown before it is predicted
    drawPanels();
    nav_.drawFocusRing(scale_);
    geometry_.keyboard = {nav_.active(), nav_.panel(), nav_.focusRect()};
    ImGui::Render();
    render();
    if (!pendingShots_.empty()) {
        int w = 0, h = 0, ww = 0, wh = 0;
        window_.framebufferSize(&w, &h);
        window_.windowSize(&ww, &wh);
        geometry_.shownDevice = state_.a.bundle ? state_.a.bundle->deviceName : "";
        for (const auto& m : log_.snapshot()) geometry_.messages.push_back(m.title);
        for (const auto& path : pendingShots_) {
            std::string error = writeScreenshot(path, w, h);
            if (error.empty())
                error = writeGeometry(path, geometry_, w, h, ww > 0 ? float(w) / float(ww) : 1.0f, state_.config.variant,
                                      state_.playback.step(), state_.steps(), scaleFacts());
            if (!error.empty()) log_.error(error);
        }
        pendingShots_.clear();
    }
    timings_.afterRender();  // plots being exported, read back from this frame
    FrameHooks hooks;
    hooks.setScale = [this](float s) { rescale(s); };
    hooks.drawPanels = [this] { drawPanels(); };
    hooks.scale = scale_;
    hooks.worker = worker_.get();
    hooks.heatmap = &heatmap_;
    hooks.now = now();
    hooks.writeShot = [this](const std::string& path, const FrameGeometry& g, int w, int h, int step, int steps) {
        std::string error = writeScreenshot(path, w, h);
        if (error.empty()) error = writeGeometry(path, g, w, h, 1.0f, state_.config.variant, step, steps);
        return error;
    };
    classroom_.afterRender(state_, log_, window_, hooks);
    window_.swapBuffers();
    speed_.frameSwapped(now());
}

void App::render() {
    int w = 0, h = 0;
    window_.framebufferSize(&w, &h);
    glViewport(0, 0, w, h);
    // Cleared to the panels' colour: panels draw no background of their own (one full-window layer less for a
    // software rasteriser to fill); drawPanels() paints the gaps between them.
    const auto& bg = classroom_.palette().panel;
    glClearColor(bg.r / 255.f, bg.g / 255.f, bg.b / 255.f, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

float App::uiScale() const {
    // The display's scale in window units (HiDPI), times --scale, times the text size (Ctrl +/-/0).
    return window_.unitScale() * options_.scale * classroom_.fontScale();
}

ScaleFacts App::scaleFacts() const {
    ScaleFacts f;
    f.contentScale = window_.contentScale();
    f.unitScale = window_.unitScale();
    f.userScale = options_.scale;
    f.textScale = classroom_.fontScale();
    f.uiScale = scale_;
    auto size = [](const ImFont* font) { return font ? font->FontSize : 0.0f; };
    f.body = size(fonts_.regular);
    f.bold = size(fonts_.bold);
    f.heading = size(fonts_.heading);
    f.mono = size(fonts_.mono);
    return f;
}

void App::refreshFonts() {
    const float scale = uiScale();  // Ctrl +/- or another monitor's content scale: the atlas at the new size
    if (std::abs(scale - scale_) < 0.01f && fonts_.regular && !classroom_.takeStyleChange()) return;
    rescale(scale);
}

void App::rescale(float scale) {
    scale_ = scale;
    std::string warning;
    fonts_ = render::loadFonts(scale_, &warning);
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
    applyStyle(classroom_.palette(), scale_);
}

void App::resolveDevice() {
    state_.device = 0;
    if (state_.devices.empty()) return;
    const std::string spec = options_.device ? *options_.device : "";
    if (!spec.empty()) {
        char* end = nullptr;
        const long index = std::strtol(spec.c_str(), &end, 10);
        if (*end == '\0' && index >= 0 && index < long(state_.devices.size())) {
            state_.device = int(index);
            return;
        }
        for (const auto& d : state_.devices)
            if (lower(d.platform + " " + d.name).find(lower(spec)) != std::string::npos) {
                state_.device = d.index;
                return;
            }
        log_.error("No device matches '" + spec + "'; using device 0 (" + state_.devices[0].name + ")");
        return;
    }
    for (const auto& d : state_.devices)
        if (d.name == settings_.device) state_.device = d.index;
}

void App::takeWorkerResults() {
    if (auto devices = worker_->takeDevices()) {
        state_.devices = std::move(*devices);
        state_.devicesListed = true;
        resolveDevice();
        if (!state_.session) {  // a saved session on screen stays (its banner offers the re-trace)
            state_.dirty = true;
            state_.dirtySince = -1;
        }
    }
    auto response = worker_->takeResponse();
    if (!response || response->id != state_.requested) return;
    state_.loaded = response->id;
    if (workbench_.holdsTrace(state_)) return;  // side A shows the student's kernel: this variant's trace is not wanted
    state_.lastError = response->error;
    if (response->a) speed_.responseTaken(response->id, response->a->config.variant, response->a->config.n,
                                          response->a->traceMs);
    const size_t oldCells = state_.a.bundle ? state_.a.bundle->config.wg : 0;
    state_.a.bundle = response->a;
    state_.b.bundle = response->b;
    for (Side* side : {&state_.a, &state_.b}) {
        side->groupOfPass.clear();
        if (!side->bundle || side->bundle->run.passes.empty()) continue;
        int first = -1;  // the traced group that was asked for
        const auto& traced = side->bundle->run.passes[0].traced;
        for (size_t i = 0; i < traced.size(); ++i)
            if (size_t(traced[i].group) == state_.firstGroup) first = int(i);
        if (first < 0) {  // past the groups of a smaller input now: the group shown instead is the one selected
            first = 0;
            if (side == &state_.a && !traced.empty()) state_.firstGroup = size_t(traced[0].group);
        }
        side->groupOfPass = view::followPartial(side->bundle->run, first);
    }
    state_.rebuildTimelines(true);
    if (state_.a.bundle && state_.a.bundle->config.wg != oldCells) state_.view.firstCell = state_.view.visibleCells = 0;
    startPlayback();
    std::string title = "ReduceLab \xe2\x80\x94 " + state_.config.variant;
    if (state_.comparing()) title += " vs " + state_.compareVariant;
    if (!state_.devices.empty()) title += " on " + state_.devices[size_t(state_.device)].name;
    window_.setTitle(title);
}

void App::startPlayback() {
    if (state_.pendingStage != 0x7fffffff) {
        state_.playback.seek(state_.pendingStage < 0 ? state_.steps() + state_.pendingStage : state_.pendingStage);
        state_.pendingStage = 0x7fffffff;
    }
    if (state_.pendingPlay) {
        state_.playback.play();
        state_.pendingPlay = false;
    }
}

void App::sendRequestIfDirty() {
    if (holdForSession(state_, log_)) return;
    if (state_.dirty && workbench_.isOpen()) workbench_.problemChanged(now());  // its kernel is checked again
    if (workbench_.holdsTrace(state_)) {  // and no variant is traced in its place
        state_.dirty = false;
        return;
    }
    if (!state_.dirty || !state_.devicesListed) return;
    if (state_.dirtySince >= 0 && now() - state_.dirtySince < 0.35) return;  // let typing finish
    state_.dirty = false;
    TraceRequest request;
    request.id = state_.requested + 1;
    request.device = state_.device;
    request.config = state_.config;
    request.compareVariant = state_.compareVariant;
    request.selection = TraceSelection::wholeUpToCells(request.config.wg);
    request.selection.firstGroup = state_.firstGroup;  // past the pass's groups: the engine records its last
    request.selection.groupCount = 1;
    state_.requested = request.id;
    speed_.requestSent(request.id, now());
    worker_->submit(request);
}

void App::handleKeys() {
    const ImGuiIO& io = ImGui::GetIO();
    classroom_.handleTextSizeKeys();  // Ctrl +/-/0, also while typing in the kernel editor
    if (nav_.update(io.WantTextInput)) {  // Tab: the keys move between the controls until Esc
        if (!io.WantTextInput && ImGui::IsKeyPressed(keys::kF11, false)) window_.toggleFullscreen();
        return;
    }
    if (io.WantTextInput) return;
    if (classroom_.handleKeys(state_, window_)) return;  // F5, B, clicker keys in lecture mode
    auto& pb = state_.playback;
    if (ImGui::IsKeyPressed(keys::kSpace, false)) pb.togglePlay();
    if (ImGui::IsKeyPressed(keys::kRight) || ImGui::IsKeyPressed(keys::kPageDown)) pb.stepBy(1);
    if (ImGui::IsKeyPressed(keys::kLeft) || ImGui::IsKeyPressed(keys::kPageUp)) pb.stepBy(-1);
    if (ImGui::IsKeyPressed(keys::kHome, false)) pb.home();
    if (ImGui::IsKeyPressed(keys::kEnd, false)) pb.end();
    if (ImGui::IsKeyPressed(keys::kF11, false)) window_.toggleFullscreen();
    const bool up = ImGui::IsKeyPressed(keys::kUp, false), down = ImGui::IsKeyPressed(keys::kDown, false);
    if ((up || down) && state_.a.loaded()) {  // previous / next pass: its first stage
        const auto& tl = state_.a.timeline;
        const int pass = tl[size_t(state_.a.stepAt(pb.step()))].pass + (down ? 1 : -1);
        for (size_t i = 0; i < tl.size(); ++i)
            if (tl[i].pass == pass) {
                pb.seek(int(i));
                break;
            }
    }
}

bool App::traceSettled() const {
    return state_.devicesListed && !state_.dirty && !worker_->busy() && state_.loaded == state_.requested;
}

bool App::warmSettled() const {
    if (!worker_->warmsUp()) return true;
    const auto progress = worker_->warmProgress();
    return progress && progress->finished;
}

bool App::playbackSettled() const { return !state_.playback.moving(); }

void App::pressKey(int key, bool pressed) { window_.injectKey(key, pressed); }

void App::pressProjectorKey(int key, bool pressed) {
    if (!classroom_.pressProjectorKey(key, pressed)) window_.injectKey(key, pressed);  // no projector: the one window
}

void App::mouseButton(bool pressed) { window_.injectMouseButton(0, pressed); }

void App::screenshot(const std::string& path) { pendingShots_.push_back(path); }

void App::quit(int exitCode) {
    quit_ = true;
    exitCode_ = exitCode;
}

void App::saveOnExit() {
    workbench_.saveOnExit();  // the student's text, even with --no-save (it is theirs, not a setting)
    if (!options_.saveSettings || configDir_.empty()) return;
    settings_.window = window_.geometry();
    rememberState(settings_, state_);
    classroom_.save(settings_);
    std::string error;
    if (!saveSettings(configDir_, settings_, &error)) std::fprintf(stderr, "reducelab: %s\n", error.c_str());
    if (ImGui::GetIO().IniFilename) ImGui::SaveIniSettingsToDisk(ImGui::GetIO().IniFilename);
}

}  // namespace rl::gui
