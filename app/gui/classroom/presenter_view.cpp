// The presenter view: the projector's window and its ImGui context, and the console in the main window.
#include "app/gui/classroom/presenter_view.h"
#include "app/gui/common/colour.h"

#include <glad/gl.h>
#include <imgui.h>
#include <backends/imgui_impl_opengl3.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>

#include "app/gui/common/style.h"
#include "app/gui/panels/widgets.h"
#include "app/gui/predict/predict_overlay.h"
#include "app/view/narration.h"
#include "app/view/value_format.h"
#include "core/predict/predict.h"

namespace rl::gui {
namespace {

constexpr ImGuiWindowFlags kWhole = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                                    ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings |
                                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse |
                                    ImGuiWindowFlags_NoBringToFrontOnFocus;

std::string duration(double seconds) {
    const long s = long(std::max(0.0, seconds));
    char text[32];
    if (s >= 3600) std::snprintf(text, sizeof text, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    else std::snprintf(text, sizeof text, "%02ld:%02ld", s / 60, s % 60);
    return text;
}

// A small label above an area of the console.
void label(const UiContext& ctx, float x, float y, const char* text) {
    ImFont* font = ctx.fonts.pick(view::FontRole::Bold, 15 * ctx.scale);
    ImGui::GetWindowDrawList()->AddText(font, 15 * ctx.scale, ImVec2(x, y), ctx.palette.textDim.packed(), text);
}

}  // namespace

PresenterView::PresenterView() = default;
PresenterView::~PresenterView() = default;  // the app releases it (release()) while its window still exists

std::string PresenterView::sync(Window& window, const view::Palette&) {
    if (wanted_ == on()) return "";
    if (!wanted_) {
        close(window);
        return "";
    }
    if (screen_ && screen_->monitorsWhenOpened() != window.monitorCount()) release(window);  // placed anew
    clockStart_ = -1;  // started by the first console frame
    if (screen_) {
        screen_->setVisible(true);
        shown_ = true;
        return "";
    }
    try {
        screen_ = window.openScreen("ReduceLab \xe2\x80\x94 projector", 1280, 720);
    } catch (const std::exception& e) {
        wanted_ = false;
        return e.what();
    }
    ImGuiContext* caller = ImGui::GetCurrentContext();
    screen_->makeCurrent();
    imgui_ = ImGui::CreateContext();
    ImGui::SetCurrentContext(imgui_);
    ImGui::GetIO().IniFilename = nullptr;
    ImGui_ImplOpenGL3_Init("#version 330 core");
    ImGui::SetCurrentContext(caller);
    window.makeCurrent();
    fontScale_ = 0;
    stylePalette_ = nullptr;
    shown_ = true;
    return "";
}

void PresenterView::close(Window&) {
    wanted_ = false;
    shots_.clear();
    if (!on()) return;
    screen_->setVisible(false);
    shown_ = false;
}

void PresenterView::release(Window& window) {
    shown_ = false;
    shots_.clear();
    if (!screen_) return;
    ImGuiContext* caller = ImGui::GetCurrentContext();
    screen_->makeCurrent();
    ImGui::SetCurrentContext(imgui_);
    ImGui_ImplOpenGL3_Shutdown();
    ImGui::DestroyContext(imgui_);
    imgui_ = nullptr;
    ImGui::SetCurrentContext(caller);
    screen_.reset();
    window.makeCurrent();
}

void PresenterView::toggleFullscreen() {
    if (on()) screen_->toggleFullscreen();
}

void PresenterView::restartClock() { clockStart_ = -1; }

void PresenterView::renderProjector(ExplorerState& state, LectureMode& lecture, const UiContext& ctx, Window& window,
                                    const ShotWriter& writeShot) {
    if (!on()) return;
    ImGuiContext* caller = ImGui::GetCurrentContext();
    screen_->makeCurrent();
    ImGui::SetCurrentContext(imgui_);
    int ww = 0, wh = 0, fw = 0, fh = 0;
    screen_->windowSize(&ww, &wh);
    screen_->framebufferSize(&fw, &fh);
    const float pixels = ww > 0 ? float(fw) / float(ww) : 1.0f;  // framebuffer pixels per window unit
    // The projector's text: its display's scale over its pixels per unit (as the main window's), times the text size.
    const float scale = std::max(0.25f, screen_->contentScale() / pixels) * lecture.fontScale;
    if (std::abs(scale - fontScale_) > 0.01f || stylePalette_ != &ctx.palette) {
        std::string warning;
        fonts_ = render::loadFonts(scale, &warning);
        ImGui_ImplOpenGL3_DestroyFontsTexture();
        ImGui_ImplOpenGL3_CreateFontsTexture();
        applyStyle(ctx.palette, scale);
        fontScale_ = scale;
        stylePalette_ = &ctx.palette;
    }
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(float(std::max(1, ww)), float(std::max(1, wh)));
    io.DisplayFramebufferScale = ImVec2(pixels, pixels);
    io.DeltaTime = float(std::clamp(ctx.now - lastFrame_, 1e-4, 0.1));
    io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);  // nothing to point at: the console is where the lecturer clicks
    lastFrame_ = ctx.now;
    ImGui_ImplOpenGL3_NewFrame();
    ImGui::NewFrame();
    FrameGeometry geometry;
    UiContext pctx{ctx.palette, fonts_, ctx.log, ctx.worker, ctx.heatmap, geometry, scale, ctx.now};
    pctx.stateMarks = ctx.stateMarks;
    lecture.Draw(state, pctx, false);
    geometry.presenter.on = geometry.presenter.projector = true;
    geometry.presenter.projectorWidth = fw;
    geometry.presenter.projectorHeight = fh;
    geometry.presenter.placement = screen_->placement();
    geometry.presenter.blank = lecture.blank ? "blank" : "";
    ImGui::Render();
    glViewport(0, 0, fw, fh);
    const view::Rgba bg = lecture.blank ? view::Rgba{0, 0, 0, 255} : ctx.palette.background;
    glClearColor(bg.r / 255.f, bg.g / 255.f, bg.b / 255.f, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    for (const auto& path : shots_) {
        const std::string error = writeShot(path, geometry, fw, fh, state.playback.step(), state.steps());
        if (!error.empty()) ctx.log.error("The projector's screenshot was not saved", error);
    }
    shots_.clear();
    screen_->swapBuffers();
    ImGui::SetCurrentContext(caller);
    window.makeCurrent();
    if (screen_->shouldClose()) wanted_ = false;  // its close button: leave the presenter view
}

void PresenterView::drawConsole(ExplorerState& state, const UiContext& ctx, LectureMode& lecture,
                                const ConsoleHooks& hooks) {
    if (clockStart_ < 0) clockStart_ = ctx.now;
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    const auto& p = ctx.palette;
    const float s = ctx.scale;
    const float W = vp->Size.x, H = vp->Size.y, gap = 12 * s;
    ImGui::SetNextWindowPos(vp->Pos);
    ImGui::SetNextWindowSize(vp->Size);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 0);
    ImGui::PushStyleColor(ImGuiCol_WindowBg, vec4(p.background));
    ImGui::Begin("##presenter", nullptr, kWhole);
    ImGui::PopStyleColor();
    ImGui::PopStyleVar(2);
    auto& g = ctx.geometry.presenter;
    g.on = true;
    g.placement = on() ? screen_->placement() : "";
    g.blank = lecture.blank ? "blank" : "";

    const float headerH = 64 * s;
    header(state, ctx, lecture, {vp->Pos.x, vp->Pos.y, W, headerH});
    const float top = vp->Pos.y + headerH + gap, bodyH = H - headerH - 2 * gap;
    const float controlsW = std::clamp(W * 0.24f, 260 * s, 420 * s), notesW = std::clamp(W * 0.26f, 280 * s, 480 * s);
    const float centerX = vp->Pos.x + controlsW + 2 * gap, centerW = W - controlsW - notesW - 4 * gap;

    // The controls, as in the explorer's left column.
    ImGui::SetCursorScreenPos(ImVec2(vp->Pos.x + gap, top));
    ImGui::PushStyleColor(ImGuiCol_ChildBg, vec4(p.panel));
    ImGui::BeginChild("##controls", ImVec2(controlsW, bodyH), false);
    g.controls = {vp->Pos.x + gap, top, controlsW, bodyH};
    if (hooks.controls) hooks.controls();
    ImGui::EndChild();
    ImGui::PopStyleColor();

    // Now (what the room sees) and next.
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float labelH = 22 * s;
    const float nowH = std::round((bodyH - 2 * labelH - gap) * 0.6f), nextH = bodyH - 2 * labelH - gap - nowH;
    const view::Rect nowArea{centerX, top + labelH, centerW, nowH};
    const view::Rect nextArea{centerX, top + labelH + nowH + gap + labelH, centerW, nextH};
    dl->AddRectFilled(ImVec2(centerX - 6 * s, top - 4 * s), ImVec2(centerX + centerW + 6 * s, top + labelH + nowH + 4 * s),
                      p.panel.packed(), 6 * s);
    label(ctx, centerX, top, lecture.blank ? "ON THE PROJECTOR NOW  (blanked: B shows it again)" : "ON THE PROJECTOR NOW");
    const bool comparing = state.comparing() && state.b.loaded();
    const int sides = comparing ? 2 : 1;
    const float sideW = (centerW - (sides - 1) * gap) / float(sides);
    // The lecture screen's sizes, a little smaller: the console's centre is narrower than the projector.
    UiContext now = ctx, preview = ctx;
    now.scale = ctx.scale * (comparing ? 0.7f : 0.8f);
    preview.scale = ctx.scale * (comparing ? 0.6f : 0.7f);
    for (int k = 0; k < sides; ++k)
        lecture.drawSide(state, k, now, {nowArea.x + k * (sideW + gap), nowArea.y, sideW, nowArea.h});
    g.now = nowArea;
    g.nowStep = state.a.loaded() ? state.a.stepAt(state.playback.step()) : -1;
    label(ctx, centerX, nextArea.y - labelH, "NEXT");
    const int next = state.playback.step() + 1;
    if (state.a.loaded() && next < state.steps()) {
        for (int k = 0; k < sides; ++k)
            lecture.drawSide(state, k, preview, {nextArea.x + k * (sideW + gap), nextArea.y, sideW, nextArea.h}, next);
        g.nextStep = state.a.stepAt(next);
    } else if (state.a.loaded()) {
        ImFont* font = ctx.fonts.pick(view::FontRole::Regular, 20 * s);
        dl->AddText(font, 20 * s, ImVec2(nextArea.x, nextArea.y + 8 * s), p.textDim.packed(),
                    "The last stage: the result is on the projector. Home goes back to the start.");
    }
    g.next = nextArea;

    notes(state, ctx, hooks, {vp->Pos.x + W - notesW - gap, top, notesW, bodyH});
    ImGui::End();
}

void PresenterView::header(ExplorerState& state, const UiContext& ctx, LectureMode& lecture, view::Rect area) {
    const auto& p = ctx.palette;
    const float s = ctx.scale;
    auto& g = ctx.geometry.presenter;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(ImVec2(area.x, area.y), ImVec2(area.right(), area.bottom()), p.panel.packed());
    const float pad = 14 * s;
    ImFont* heading = ctx.fonts.pick(view::FontRole::Bold, 24 * s);
    dl->AddText(heading, 24 * s, ImVec2(area.x + pad, area.y + 8 * s), p.text.packed(), "Presenter view");
    // The step, the time of day and the time since the view opened, large enough to read at a glance.
    g.clock = view::localTimeText("%H:%M");
    g.elapsed = duration(ctx.now - clockStart_);
    char step[64] = "";
    if (state.a.loaded()) std::snprintf(step, sizeof step, "step %d of %d", state.playback.step() + 1, state.steps());
    const float big = std::round(34 * s);
    ImFont* clockFont = ctx.fonts.pick(view::FontRole::Bold, big);
    const float buttonsW = 430 * s;
    float x = area.right() - buttonsW - pad;
    const std::string times = g.clock + "   " + g.elapsed;
    const float timesW = clockFont->CalcTextSizeA(big, FLT_MAX, 0, times.c_str()).x;
    x -= timesW + 2 * pad;
    dl->AddText(clockFont, big, ImVec2(x, area.y + (area.h - big) * 0.5f), p.text.packed(), times.c_str());
    const float stepW = heading->CalcTextSizeA(24 * s, FLT_MAX, 0, step).x;
    const float stepX = x - stepW - 3 * pad;
    dl->AddText(heading, 24 * s, ImVec2(stepX, area.y + (area.h - 24 * s) * 0.5f), p.accent.packed(), step);
    g.stepRect = {stepX, area.y + (area.h - 24 * s) * 0.5f, stepW, 24 * s};

    // Where the projector's window is, under the title and short of the step (a laptop's screen): cut with an
    // ellipsis where it must, the whole of it on hovering.
    ImFont* small = ctx.fonts.pick(view::FontRole::Regular, 15 * s);
    const std::string where = "Projector: " + g.placement;
    const float room = stepX - 2 * pad - area.x;
    const std::string shown = fitLine(where, room, small, 15 * s);
    const ImVec2 at(area.x + pad, area.y + 38 * s);
    dl->AddText(small, 15 * s, at, p.textDim.packed(), shown.c_str());
    g.placementShown = shown;
    g.placementRect = {at.x, at.y, small->CalcTextSizeA(15 * s, FLT_MAX, 0, shown.c_str()).x, 15 * s};
    if (shown != where && ImGui::IsMouseHoveringRect(at, ImVec2(at.x + room, at.y + 18 * s)))
        ImGui::SetTooltip("%s", where.c_str());

    const float h = ImGui::GetFrameHeight() * 1.2f;
    ImGui::SetCursorScreenPos(ImVec2(area.right() - buttonsW - pad + 8 * s, area.y + (area.h - h) * 0.5f));
    if (ImGui::Button("Restart clock", ImVec2(130 * s, h))) restartClock();
    ImGui::SameLine(0, 8 * s);
    if (ImGui::Button(lecture.blank ? "Show projector" : "Blank projector", ImVec2(150 * s, h)))
        lecture.blank = !lecture.blank;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("B or . on a clicker");
    ImGui::SameLine(0, 8 * s);
    if (ImGui::Button("Leave", ImVec2(120 * s, h))) {
        wanted_ = false;
        lecture.active = false;
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("F7, F5 or Esc: back to one window");
}

void PresenterView::notes(ExplorerState& state, const UiContext& ctx, const ConsoleHooks& hooks, view::Rect area) {
    const auto& p = ctx.palette;
    const float s = ctx.scale;
    auto& g = ctx.geometry.presenter;
    g.notes = area;
    ImGui::SetCursorScreenPos(ImVec2(area.x, area.y));
    ImGui::PushStyleColor(ImGuiCol_ChildBg, vec4(p.panel));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(12 * s, 10 * s));
    ImGui::BeginChild("##notes", ImVec2(area.w, area.h), false, ImGuiWindowFlags_AlwaysUseWindowPadding);
    ImGui::PushTextWrapPos(0);
    if (state.a.loaded()) {
        const auto& variant = state.a.bundle->variant;
        const auto& run = state.a.bundle->run;
        ImGui::PushFont(ctx.fonts.bold);
        ImGui::TextColored(vec4(p.textDim), "SPEAKER NOTES");
        ImGui::TextUnformatted(variant.title.c_str());
        ImGui::PopFont();
        g.lesson = variant.lesson;
        // The lesson is Markdown (`code`, *emphasis*): drawn as the exercises' statements are, parsed once per text.
        if (notesText_ != variant.lesson) {
            notesText_ = variant.lesson;
            notesBlocks_ = exercises::parseMarkdown(notesText_);
        }
        exercises::drawMarkdown(notesBlocks_, ctx);
        if (!variant.correctByDesign && !variant.wrongReason.empty())
            ImGui::TextColored(vec4(p.bad), "Wrong by design: %s", variant.wrongReason.c_str());
        ImGui::Spacing();
        ImGui::Separator();
        ImGui::PushFont(ctx.fonts.bold);
        ImGui::TextColored(vec4(p.textDim), "THIS STAGE");
        ImGui::PopFont();
        g.words = view::stepNarration(run, state.a.timeline, state.a.stepAt(state.playback.step()), true);
        ImGui::TextUnformatted(g.words.c_str());
        ImGui::Spacing();
        ImGui::Separator();
        // Predict mode: the question the room is asked, and its answer for the lecturer alone.
        ImGui::PushFont(ctx.fonts.bold);
        ImGui::TextColored(vec4(p.textDim), "PREDICT");
        ImGui::PopFont();
        const PredictState& ps = state.predict;
        const int waiting = ps.waitingStep(state.a, state.playback);
        if (!ps.on) {
            ImGui::TextDisabled("Off. Q puts a question to the room before each stage.");
        } else if (waiting < 0) {
            ImGui::TextDisabled("No stage waits for a prediction. %s", ps.tally.text().c_str());
        } else {
            g.question = predict::kindQuestion(ps.kind);
            g.answer = predictAnswer(state, waiting);
            ImGui::TextUnformatted(g.question.c_str());
            ImGui::TextColored(vec4(p.good), "Answer: %s", g.answer.c_str());
            ImGui::TextDisabled("1-4 change the question; the next clicker press asks, then reveals.");
        }
    } else {
        ImGui::TextDisabled(ctx.worker.busy() ? "Tracing on the device\xe2\x80\xa6" : "No trace loaded");
    }
    ImGui::PopTextWrapPos();
    ImGui::Spacing();
    if (hooks.predictPanel) hooks.predictPanel();
    ImGui::EndChild();
    ImGui::PopStyleVar();
    ImGui::PopStyleColor();
}

}  // namespace rl::gui
