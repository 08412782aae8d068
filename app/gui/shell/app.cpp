// The explorer application: frame loop, layout of the panels, keyboard, requests to the engine worker.
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

#include "app/gui/shell/keys.h"
#include "app/gui/shell/screenshot.h"
#include "app/gui/panels/session_banner.h"
#include "app/gui/shell/style.h"
#include "core/pass_plan.h"
#include "core/variant.h"

namespace rl::gui {
namespace {

constexpr ImGuiWindowFlags kPanelFlags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize |
                                         ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
                                         ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus |
                                         ImGuiWindowFlags_NoBackground;

// Paints the window background around panels (the gaps between them, rounded panel corners) on ImGui's background
// draw list; the panels themselves are the cleared colour.
void paintGaps(const std::vector<ImVec4>& panels, ImVec2 size, float radius, ImU32 color) {
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    // Horizontal bands between panel tops/bottoms and vertical bands between their sides: build from the panels'
    // complement row by row (panels are few and axis-aligned).
    std::vector<float> ys = {0, size.y};
    for (const auto& p : panels) ys.push_back(p.y), ys.push_back(p.w);
    std::sort(ys.begin(), ys.end());
    ys.erase(std::unique(ys.begin(), ys.end()), ys.end());
    for (size_t i = 0; i + 1 < ys.size(); ++i) {
        const float y0 = ys[i], y1 = ys[i + 1];
        if (y1 <= y0) continue;
        std::vector<std::pair<float, float>> spans;
        for (const auto& p : panels)
            if (p.y <= y0 && p.w >= y1) spans.push_back({p.x, p.z});
        std::sort(spans.begin(), spans.end());
        float x = 0;
        for (const auto& [a, b] : spans) {
            if (a > x) dl->AddRectFilled(ImVec2(x, y0), ImVec2(a, y1), color);
            x = std::max(x, b);
        }
        if (x < size.x) dl->AddRectFilled(ImVec2(x, y0), ImVec2(size.x, y1), color);
    }
    // Rounded corners: a fan from each corner to its quarter circle, in the gap colour.
    const int segments = 6;
    for (const auto& p : panels) {
        const ImVec2 corners[4] = {{p.x, p.y}, {p.z, p.y}, {p.z, p.w}, {p.x, p.w}};
        const ImVec2 centres[4] = {{p.x + radius, p.y + radius}, {p.z - radius, p.y + radius},
                                   {p.z - radius, p.w - radius}, {p.x + radius, p.w - radius}};
        for (int c = 0; c < 4; ++c) {
            const float start = 3.14159265f * (1.0f + 0.5f * float(c));
            for (int i = 0; i < segments; ++i) {
                const float a0 = start + 1.5707963f * float(i) / segments, a1 = start + 1.5707963f * float(i + 1) / segments;
                dl->AddTriangleFilled(corners[c],
                                      ImVec2(centres[c].x + radius * std::cos(a0), centres[c].y + radius * std::sin(a0)),
                                      ImVec2(centres[c].x + radius * std::cos(a1), centres[c].y + radius * std::sin(a1)),
                                      color);
            }
        }
    }
}

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

App::App(Window& window, ExplorerOptions options, Settings settings, std::string configDir, Script script)
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
    scale_ = window_.contentScale() * classroom_.fontScale();
    std::string warning;
    fonts_ = render::loadFonts(scale_, &warning);
    if (!warning.empty()) log_.warning(warning);
    log_.info(std::string(fonts_.embedded ? "Fonts: DejaVu (embedded)" : "Fonts: DejaVu (from disk)") +
              ", rasterised by " + render::freetypeVersion() + ", content scale " + std::to_string(scale_).substr(0, 4));
    applyStyle(classroom_.palette(), scale_);
    std::string error;
    if (!heatmap_.init(&error)) log_.error("The heat map's shaders failed", error);

    // The problem: saved settings, overridden by the command line.
    RunConfig& c = state_.config;
    c = settings_.config;
    if (options_.variant) c.variant = *options_.variant;
    if (options_.n) c.n = *options_.n;
    if (options_.wg) c.wg = *options_.wg;
    if (options_.elemsPerItem) c.elemsPerItem = *options_.elemsPerItem;
    if (options_.simdWidth) c.simdWidth = *options_.simdWidth;
    if (options_.banks) c.banks = *options_.banks;
    if (options_.op) c.op = *options_.op;
    if (options_.type) c.type = *options_.type;
    if (options_.data) c.data = *options_.data;
    if (options_.seed) c.seed = *options_.seed;
    if (!findVariant(c.variant)) c.variant = allVariants().front().id;  // a stale setting
    state_.compareVariant = options_.compare ? *options_.compare : settings_.compareVariant;
    if (state_.compareVariant == "off" || !findVariant(state_.compareVariant)) state_.compareVariant.clear();
    state_.playback.setSpeed(options_.speed ? *options_.speed : settings_.speed);
    state_.view.loadAtTop = settings_.loadAtTop;
    state_.view.showValues = settings_.showValues;
    state_.view.bottomTab = settings_.bottomTab;
    state_.view.requestTab = settings_.bottomTab;
    state_.view.heatNormalize = settings_.heatNormalize;
    if (options_.stage) state_.pendingStage = *options_.stage;
    state_.pendingPlay = options_.play;
    state_.dirty = true;
    state_.dirtySince = -1;

    worker_ = std::make_unique<EngineWorker>(log_, [this] { window_.wake(); });
    timings_.init(configDir_, options_.saveSettings, [this] { window_.wake(); },
                  [this](float x, float y) { window_.injectCursor(x, y); });
}

App::~App() {
    worker_.reset();  // joins the engine thread before the GL and ImGui teardown
    ImGui_ImplOpenGL3_Shutdown();
    window_.shutdownImGuiPlatform();
    ImGui::DestroyContext();
}

double App::now() const { return seconds() - start_; }

bool App::needsFrames() const {
    const ImGuiIO& io = ImGui::GetIO();
    const bool mouseDown = io.MouseDown[0] || io.MouseDown[1] || io.MouseDown[2];
    return state_.playback.moving() || worker_->busy() || script_.running() || settleFrames_ > 0 || state_.dirty ||
           mouseDown || !pendingShots_.empty() || timings_.needsFrames();
}

int App::run() {
    double last = now(), lastAnimated = -1, deadline = 0;
    while (!quit_) {
        if (needsFrames()) {
            window_.pollEvents();
        } else {
            ++idleWaits_;
            double timeout = 10.0;
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
        std::fflush(stdout);
    }
    return exitCode_;
}

void App::frame(double dt) {
    ++frames_;
    if (script_.running()) script_.advance(*this, options_.scriptTimeout);
    takeWorkerResults();
    sendRequestIfDirty();
    state_.playback.update(dt);
    refreshFonts();

    ImGui_ImplOpenGL3_NewFrame();
    window_.beginFrame();
    ImGui::NewFrame();
    geometry_.clear();
    handleKeys();
    drawPanels();
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
                                      state_.playback.step(), state_.steps());
            if (!error.empty()) log_.error(error);
        }
        pendingShots_.clear();
    }
    timings_.afterRender();  // plots being exported, read back from this frame
    classroom_.afterRender(state_, log_, window_, {[this](float s) { rescale(s); }, [this] { drawPanels(); }, scale_});
    window_.swapBuffers();
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

void App::refreshFonts() {
    const float scale = window_.contentScale() * classroom_.fontScale();  // Ctrl +/-: the atlas at the new size
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
    state_.lastError = response->error;
    const size_t oldCells = state_.a.bundle ? state_.a.bundle->config.wg : 0;
    state_.a.bundle = response->a;
    state_.b.bundle = response->b;
    for (Side* side : {&state_.a, &state_.b}) {
        side->groupOfPass.clear();
        if (!side->bundle || side->bundle->run.passes.empty()) continue;
        int first = 0;  // the traced group that was asked for
        const auto& traced = side->bundle->run.passes[0].traced;
        for (size_t i = 0; i < traced.size(); ++i)
            if (size_t(traced[i].group) == state_.firstGroup) first = int(i);
        side->groupOfPass = view::followPartial(side->bundle->run, first);
    }
    state_.rebuildTimelines(true);
    if (state_.a.bundle && state_.a.bundle->config.wg != oldCells) state_.view.firstCell = state_.view.visibleCells = 0;
    if (state_.pendingStage != 0x7fffffff) {
        state_.playback.seek(state_.pendingStage < 0 ? state_.steps() + state_.pendingStage : state_.pendingStage);
        state_.pendingStage = 0x7fffffff;
    }
    if (state_.pendingPlay) {
        state_.playback.play();
        state_.pendingPlay = false;
    }
    std::string title = "ReduceLab \xe2\x80\x94 " + state_.config.variant;
    if (state_.comparing()) title += " vs " + state_.compareVariant;
    if (!state_.devices.empty()) title += " on " + state_.devices[size_t(state_.device)].name;
    window_.setTitle(title);
}

void App::sendRequestIfDirty() {
    if (holdForSession(state_, log_)) return;
    if (!state_.dirty || !state_.devicesListed) return;
    if (state_.dirtySince >= 0 && now() - state_.dirtySince < 0.35) return;  // let typing finish
    state_.dirty = false;
    TraceRequest request;
    request.id = state_.requested + 1;
    request.device = state_.device;
    request.config = state_.config;
    request.compareVariant = state_.compareVariant;
    const size_t wg = std::max<size_t>(1, request.config.wg);
    request.selection.maxFullGroups = std::clamp<size_t>(65536 / wg, 1, 1024);
    if (const VariantInfo* v = findVariant(request.config.variant)) {
        try {
            const auto plan = planPasses(*v, request.config);
            if (!plan.empty() && state_.firstGroup >= plan[0].groups) state_.firstGroup = 0;
        } catch (const std::exception&) {
            state_.firstGroup = 0;
        }
    }
    request.selection.firstGroup = state_.firstGroup;
    request.selection.groupCount = 1;
    state_.requested = request.id;
    worker_->submit(request);
}

void App::handleKeys() {
    const ImGuiIO& io = ImGui::GetIO();
    if (io.WantTextInput) return;
    if (classroom_.handleKeys(state_, window_)) return;  // F5, B, clicker keys in lecture mode, Ctrl +/-/0
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

void App::splitters(float top, float left, float right, float centerTop, float centerBottomY, float gap) {
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(vp->Pos);
    ImGui::SetNextWindowSize(vp->Size);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    ImGui::Begin("##splitters", nullptr, kPanelFlags | ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoScrollbar);
    ImGui::PopStyleVar();
    const float W = vp->Size.x, H = vp->Size.y;
    auto handle = [&](const char* id, ImVec2 pos, ImVec2 size, bool vertical, float* value, float sign, float lo,
                      float hi, float unit) {
        ImGui::SetCursorScreenPos(pos);
        ImGui::InvisibleButton(id, size);
        if (ImGui::IsItemHovered() || ImGui::IsItemActive())
            ImGui::SetMouseCursor(vertical ? ImGuiMouseCursor_ResizeEW : ImGuiMouseCursor_ResizeNS);
        if (ImGui::IsItemActive()) {
            const float delta = vertical ? ImGui::GetIO().MouseDelta.x : ImGui::GetIO().MouseDelta.y;
            *value = std::clamp(*value + sign * delta / unit, lo, hi);
        }
        if (ImGui::IsItemHovered() || ImGui::IsItemActive()) {
            ImDrawList* dl = ImGui::GetWindowDrawList();
            const ImVec2 c(pos.x + size.x * 0.5f, pos.y + size.y * 0.5f);
            if (vertical)
                dl->AddLine(ImVec2(c.x, pos.y), ImVec2(c.x, pos.y + size.y), view::darkPalette().accent.packed(), 2);
            else
                dl->AddLine(ImVec2(pos.x, c.y), ImVec2(pos.x + size.x, c.y), view::darkPalette().accent.packed(), 2);
        }
    };
    auto& sp = settings_.splits;
    const float centerW = W - left - right;
    handle("##splitL", ImVec2(left - gap, top), ImVec2(gap, H - top), true, &sp.left, 1, 240, W / scale_ * 0.45f, scale_);
    handle("##splitR", ImVec2(W - right, top), ImVec2(gap, H - top), true, &sp.right, -1, 260, W / scale_ * 0.45f, scale_);
    handle("##splitB", ImVec2(left, centerBottomY - gap), ImVec2(centerW - gap, gap), false, &sp.bottom, -1, 0.12f,
           0.75f, std::max(1.0f, H - centerTop));
    ImGui::End();
}

void App::drawPanels() {
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    const float s = scale_;
    const float W = vp->Size.x, H = vp->Size.y;
    const float gap = 8 * s, toolbarH = 66 * s;
    auto& sp = settings_.splits;
    const float left = std::clamp(sp.left * s, 240 * s, W * 0.45f) + gap;   // x where the centre starts
    const float right = std::clamp(sp.right * s, 260 * s, W * 0.45f) + gap;  // width taken on the right, gap included
    const float centerTop = toolbarH + gap;
    const float centerH = H - centerTop - gap;
    const float bottomH = std::clamp(sp.bottom, 0.12f, 0.75f) * centerH;
    const float bottomY = H - gap - bottomH;
    const float centerW = W - left - right;

    UiContext ctx{classroom_.palette(), fonts_, log_, *worker_, heatmap_, geometry_, s, now()};
    ctx.stateMarks = classroom_.stateMarks();
    if (classroom_.drawLecture(state_, ctx)) return;
    // Panels as (x0, y0, x1, y1); everything else (toolbar included) is the window background.
    const std::vector<ImVec4> panels = {
        {gap, centerTop, left - gap, H - gap},
        {left, centerTop, left + centerW, bottomY - gap},
        {left, bottomY, left + centerW, H - gap},
        {W - right + gap, centerTop, W - gap, H - gap},
    };
    paintGaps(panels, vp->Size, ImGui::GetStyle().WindowRounding, ctx.palette.background.packed());

    auto place = [&](float x, float y, float w, float h) {
        ImGui::SetNextWindowPos(ImVec2(vp->Pos.x + x, vp->Pos.y + y));
        ImGui::SetNextWindowSize(ImVec2(std::max(50.0f, w), std::max(50.0f, h)));
    };

    // Toolbar.
    place(0, 0, W, toolbarH);
    ImGui::Begin("##toolbar", nullptr, kPanelFlags | ImGuiWindowFlags_NoScrollbar);
    toolbar_.Draw(state_, ctx);
    classroom_.drawToolbarButtons(state_, ctx);
    timings_.drawToolbarButton(ctx);
    ImGui::End();

    // Controls.
    place(gap, centerTop, left - 2 * gap, H - centerTop - gap);
    ImGui::Begin("##controls", nullptr, kPanelFlags);
    controls_.Draw(state_, ctx);
    ImGui::End();

    // The tree (two, side by side, when comparing).
    place(left, centerTop, centerW, bottomY - gap - centerTop);
    ImGui::Begin("##tree", nullptr, kPanelFlags | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    drawSessionBanner(state_, ctx);
    if (state_.comparing()) {
        const float half = (ImGui::GetContentRegionAvail().x - gap * 2) * 0.5f;
        ImGui::BeginChild("##sideA", ImVec2(half, 0), false, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
        treeA_.Draw(state_, 0, ctx);
        ImGui::EndChild();
        ImGui::SameLine(0, gap * 2);
        const ImVec2 a = ImGui::GetCursorScreenPos();
        ImGui::GetWindowDrawList()->AddLine(ImVec2(a.x - gap, a.y), ImVec2(a.x - gap, a.y + ImGui::GetContentRegionAvail().y),
                                            ctx.palette.border.packed(), 1);
        ImGui::BeginChild("##sideB", ImVec2(0, 0), false, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
        treeB_.Draw(state_, 1, ctx);
        ImGui::EndChild();
    } else {
        treeA_.Draw(state_, 0, ctx);
    }
    ImGui::End();

    // Bottom tabs.
    place(left, bottomY, centerW, bottomH);
    ImGui::Begin("##bottom", nullptr, kPanelFlags);
    if (ImGui::BeginTabBar("##tabs")) {
        const int unseen = log_.unseenErrors(state_.seenMessages);
        const std::string messagesLabel =
            unseen > 0 ? "Messages (" + std::to_string(unseen) + ")###messages" : std::string("Messages###messages");
        const char* labels[] = {"Warps & banks###warps", "Heat map###heatmap", "Kernel source###source",
                                messagesLabel.c_str()};
        for (int i = 0; i < 4; ++i) {
            const ImGuiTabItemFlags flags = state_.view.requestTab == i ? ImGuiTabItemFlags_SetSelected : 0;
            if (i == 3 && unseen > 0) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.35f, 0.4f, 1));
            const bool open = ImGui::BeginTabItem(labels[i], nullptr, flags);
            if (i == 3 && unseen > 0) ImGui::PopStyleColor();
            if (!open) continue;
            state_.view.bottomTab = i;
            ImGui::Spacing();
            {
                const ImVec2 at = ImGui::GetCursorScreenPos(), avail = ImGui::GetContentRegionAvail();
                const char* names[] = {"warps", "heatmap", "source", "messages"};
                geometry_.bottom = {at.x, at.y, avail.x, avail.y};
                geometry_.bottomTab = names[i];
            }
            switch (i) {
                case 0: warps_.Draw(state_, ctx); break;
                case 1: heat_.Draw(state_, ctx); break;
                case 2: source_.Draw(state_, ctx); break;
                case 3: messages_.Draw(state_, ctx); break;
            }
            ImGui::EndTabItem();
        }
        state_.view.requestTab = -1;
        ImGui::EndTabBar();
    }
    ImGui::End();

    // Result column.
    place(W - right + gap, centerTop, right - 2 * gap, H - centerTop - gap);
    ImGui::Begin("##result", nullptr, kPanelFlags);
    result_.Draw(state_, ctx);
    ImGui::End();

    // Last: ImGui puts a new window that never comes to the front behind the earlier ones, so this full-window
    // layer for the splitters (which only catches the gaps) lies under every panel.
    splitters(centerTop, left, right, centerTop, bottomY, gap);

    timings_.Draw(state_, ctx);  // over the panels when open
}

bool App::traceSettled() const {
    return state_.devicesListed && !state_.dirty && !worker_->busy() && state_.loaded == state_.requested;
}

bool App::playbackSettled() const { return !state_.playback.moving(); }

void App::pressKey(int key, bool pressed) { window_.injectKey(key, pressed); }

void App::screenshot(const std::string& path) { pendingShots_.push_back(path); }

void App::quit(int exitCode) {
    quit_ = true;
    exitCode_ = exitCode;
}

std::string App::apply(const std::string& verb, const std::string& arg) {
    if (verb == "classroom") return classroom_.apply(arg, state_, log_);
    if (verb == "timings") return timings_.scriptAction(arg, state_);
    if (verb == "retrace") {  // as the saved-session banner's "Re-trace on this device"
        if (!state_.session) return "retrace: no saved session is shown";
        retraceSession(state_, log_);
        return "";
    }
    if (verb == "variant") {
        if (!findVariant(arg)) return "unknown variant '" + arg + "'";
        state_.config.variant = arg;
    } else if (verb == "compare") {
        if (arg != "off" && !findVariant(arg)) return "unknown variant '" + arg + "'";
        state_.compareVariant = arg == "off" ? "" : arg;
    } else if (verb == "tab") {
        const char* names[] = {"warps", "heatmap", "source", "messages"};
        for (int i = 0; i < 4; ++i)
            if (arg == names[i]) {
                state_.view.requestTab = i;
                return "";
            }
        return "unknown tab '" + arg + "' (warps, heatmap, source, messages)";
    } else if (verb == "hover") {
        const size_t comma = arg.find(',');
        if (comma == std::string::npos) return "hover needs STAGE,CELL";
        const int stage = std::atoi(arg.c_str()), cell = std::atoi(arg.c_str() + comma + 1);
        for (const auto& t : geometry_.trees) {
            if (t.side != 0) continue;
            const view::TreeLayout layout(t.layout);
            const view::Vec2 c = layout.cell(stage, cell).center();
            window_.injectCursor(c.x, c.y);
            return "";
        }
        return "no tree on screen to hover";
    } else if (verb == "hover-toggle") {  // point at a variant toggle by its label (its tooltip opens)
        for (const auto& t : geometry_.toggles)
            if (t.label == arg) {
                window_.injectCursor(t.rect.center().x, t.rect.center().y);
                return "";
            }
        std::string known;
        for (const auto& t : geometry_.toggles) known += (known.empty() ? "" : ", ") + t.label;
        return "no toggle '" + arg + "' on screen (" + (known.empty() ? "none" : known) + ")";
    } else if (verb == "group") {  // as a click on a pass-0 group of the pass map
        char* end = nullptr;
        const unsigned long long g = std::strtoull(arg.c_str(), &end, 10);
        if (arg.empty() || *end != '\0') return "group needs a work-group number";
        state_.firstGroup = size_t(g);
    } else if (verb == "wheel") {  // at the pointer (after hover:), as a mouse wheel would
        const float notches = float(std::atof(arg.c_str()));
        if (notches == 0) return "wheel needs a non-zero number of notches";
        window_.injectScroll(notches);
        return "";
    } else if (verb == "set") {
        const size_t eq = arg.find('=');
        if (eq == std::string::npos) return "set needs KEY=VALUE";
        const std::string key = arg.substr(0, eq), value = arg.substr(eq + 1);
        ExplorerOptions o;
        std::string error;
        std::string flag = "--" + key;
        if (key == "simd" || key == "banks" || key == "n" || key == "wg" || key == "op" || key == "type" ||
            key == "data" || key == "seed" || key == "epi") {
            char* argv[] = {const_cast<char*>("reducelab"), flag.data(), const_cast<char*>(value.c_str())};
            if (!parseOptions(3, argv, &o, &error)) return error;
        } else {
            return "unknown setting '" + key + "'";
        }
        RunConfig& c = state_.config;
        if (o.n) c.n = *o.n;
        if (o.wg) c.wg = *o.wg;
        if (o.op) c.op = *o.op;
        if (o.type) c.type = *o.type;
        if (o.data) c.data = *o.data;
        if (o.seed) c.seed = *o.seed;
        if (o.simdWidth) c.simdWidth = *o.simdWidth;
        if (o.banks) c.banks = *o.banks;
        if (o.elemsPerItem) c.elemsPerItem = *o.elemsPerItem;
    } else {
        return "unknown action '" + verb + "'";
    }
    state_.dirty = true;
    state_.dirtySince = -1;
    return "";
}

void App::saveOnExit() {
    if (!options_.saveSettings || configDir_.empty()) return;
    settings_.window = window_.geometry();
    settings_.config = state_.config;
    settings_.compareVariant = state_.compareVariant;
    if (!state_.devices.empty()) settings_.device = state_.devices[size_t(state_.device)].name;
    settings_.speed = state_.playback.speed();
    settings_.loadAtTop = state_.view.loadAtTop;
    settings_.showValues = state_.view.showValues;
    settings_.bottomTab = state_.view.bottomTab;
    settings_.heatNormalize = state_.view.heatNormalize;
    classroom_.save(settings_);
    std::string error;
    if (!saveSettings(configDir_, settings_, &error)) std::fprintf(stderr, "reducelab: %s\n", error.c_str());
    if (ImGui::GetIO().IniFilename) ImGui::SaveIniSettingsToDisk(ImGui::GetIO().IniFilename);
}

}  // namespace rl::gui
