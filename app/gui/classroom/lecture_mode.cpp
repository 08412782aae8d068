// The lecture screen and its keys.
#include "app/gui/classroom/lecture_mode.h"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "app/gui/panels/widgets.h"
#include "app/gui/predict/predict_overlay.h"
#include "app/gui/common/keys.h"
#include "app/render/scene_draw.h"
#include "app/view/caption.h"
#include "app/view/state_marks.h"
#include "app/view/tree/tree_scene.h"
#include "app/view/value_format.h"
#include "core/pattern.h"

namespace rl::gui {

// Rows of the tree lecture mode shows at once; a longer timeline scrolls through them with the stage.
constexpr int kLectureRows = 6;
namespace {

// GLFW key codes beyond app/gui/common/keys.h.
constexpr int kKeyB = 66, kKeyP = 80, kKeyS = 83, kKeyT = 84, kPeriod = 46, kEqual = 61, kMinus = 45, kZero = 48,
              kEscape = 256, kEnter = 257, kBackspace = 259, kF5 = 294, kPadZero = 320, kPadSubtract = 333,
              kPadAdd = 334;

bool pressed(int key, bool repeat = true) { return ImGui::IsKeyPressed(key, repeat); }

constexpr ImGuiWindowFlags kFullScreen = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize |
                                         ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
                                         ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoScrollbar |
                                         ImGuiWindowFlags_NoScrollWithMouse | ImGuiWindowFlags_NoBringToFrontOnFocus;

}  // namespace

void LectureMode::toggle() {
    active = !active;
    blank = false;
}

void LectureMode::setFontScale(float scale) { fontScale = std::clamp(scale, 0.5f, 4.0f); }

void LectureMode::handleTextSizeKeys() {
    if (!ImGui::GetIO().KeyCtrl) return;  // a text field ignores characters typed with Ctrl: no conflict with typing
    if (pressed(kEqual) || pressed(kPadAdd)) setFontScale(std::round(fontScale * 1.125f * 64) / 64);
    if (pressed(kMinus) || pressed(kPadSubtract)) setFontScale(std::round(fontScale / 1.125f * 64) / 64);
    if (pressed(kZero, false) || pressed(kPadZero, false)) setFontScale(1);
}

bool LectureMode::handleKeys(ExplorerState& state, Window& window) {
    if (pressed(kF5, false)) {
        toggle();
        return true;
    }
    if (!active) return false;
    if (predictLectureKeys(state)) return true;  // Q, 1-4, and the reveal of a hidden stage
    auto& pb = state.playback;
    if (pressed(kEscape, false)) {
        if (blank) blank = false;
        else toggle();
    }
    if (pressed(kKeyB, false) || pressed(kPeriod, false)) blank = !blank;
    if (pressed(kKeyS, false) && !ImGui::GetIO().KeyCtrl) showSource = !showSource;
    if (pressed(kKeyT, false) && !ImGui::GetIO().KeyCtrl) showTiles = !showTiles;
    if (tilesShown(state)) {  // the clicker steps through the look-back's log (-1 in tilesTime: its end)
        const int length = std::max(1, tiles_.timeline.length);
        int& time = state.view.tilesTime;
        time = std::max(0, tiles_.cursor(time));
        if (pressed(keys::kSpace) || pressed(keys::kPageDown) || pressed(keys::kRight) || pressed(keys::kDown) ||
            pressed(kEnter))
            time = std::min(length - 1, time + 1);
        if (pressed(keys::kPageUp) || pressed(keys::kLeft) || pressed(keys::kUp) || pressed(kBackspace))
            time = std::max(0, time - 1);
        if (pressed(keys::kHome, false)) time = 0;
        if (pressed(keys::kEnd, false)) time = length - 1;
        if (pressed(keys::kF11, false)) window.toggleFullscreen();
        return true;
    }
    if (pressed(keys::kSpace) || pressed(keys::kPageDown) || pressed(keys::kRight) || pressed(keys::kDown) ||
        pressed(kEnter))
        pb.stepBy(1);
    if (pressed(keys::kPageUp) || pressed(keys::kLeft) || pressed(keys::kUp) || pressed(kBackspace)) pb.stepBy(-1);
    if (pressed(keys::kHome, false)) pb.home();
    if (pressed(keys::kEnd, false)) pb.end();
    if (pressed(kKeyP, false)) pb.togglePlay();
    if (pressed(keys::kF11, false)) window.toggleFullscreen();
    return true;
}

void LectureMode::Draw(ExplorerState& state, const UiContext& ctx, bool hints) {
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    const auto& p = ctx.palette;
    const float s = ctx.scale;
    ImGui::SetNextWindowPos(vp->Pos);
    ImGui::SetNextWindowSize(vp->Size);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 0);
    const view::Rgba bg = blank ? view::Rgba{0, 0, 0, 255} : p.background;
    ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(bg.r / 255.f, bg.g / 255.f, bg.b / 255.f, 1));
    ImGui::Begin("##lecture", nullptr, kFullScreen);
    ImGui::PopStyleColor();
    ImGui::PopStyleVar(2);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float W = vp->Size.x, H = vp->Size.y, margin = 24 * s;
    if (blank) {
        dl->AddRectFilled(vp->Pos, ImVec2(vp->Pos.x + W, vp->Pos.y + H), IM_COL32(0, 0, 0, 255));
        ImGui::End();
        return;
    }
    dl->AddRectFilled(vp->Pos, ImVec2(vp->Pos.x + W, vp->Pos.y + H), p.background.packed());
    const view::Rect all{vp->Pos.x + margin, vp->Pos.y + margin, W - 2 * margin, H - 2 * margin};
    const float hintH = hints ? 26 * s : 0.0f;
    const view::Rect area{all.x, all.y, all.w, all.h - hintH};
    view::Rect treeArea = area;
    // The keys' line, in the bottom corner: measured first, for a tree's readout on its left keeps clear of it.
    const char* keys = "F5 leave  \xc2\xb7  \xe2\x86\x90 \xe2\x86\x92 / PgUp PgDn / space step  \xc2\xb7  B blank  \xc2\xb7  "
                       "Q predict  \xc2\xb7  S source  \xc2\xb7  Ctrl +/\xe2\x88\x92 text size  \xc2\xb7  F11 full screen";
    // A multi-tile scan: T switches between the tree and the tiles, whose log the clicker then steps through.
    static const char* const kTreeKeys =
        "F5 leave  \xc2\xb7  \xe2\x86\x90 \xe2\x86\x92 / PgUp PgDn / space step  \xc2\xb7  T tiles  \xc2\xb7  "
        "B blank  \xc2\xb7  Q predict  \xc2\xb7  S source  \xc2\xb7  Ctrl +/\xe2\x88\x92 text size";
    static const char* const kTilesKeys =
        "F5 leave  \xc2\xb7  \xe2\x86\x90 \xe2\x86\x92 / PgUp PgDn / space: the log's entries  \xc2\xb7  "
        "T the tree  \xc2\xb7  B blank  \xc2\xb7  Ctrl +/\xe2\x88\x92 text size";
    if (state.a.loaded() && view::hasTilesView(state.a.bundle->variant))
        keys = tilesShown(state) ? kTilesKeys : kTreeKeys;
    ImFont* small = ctx.fonts.pick(view::FontRole::Regular, 15 * s);
    const ImVec2 keysSize = small->CalcTextSizeA(15 * s, FLT_MAX, 0, keys);
    keysLeft_ = hints ? all.right() - keysSize.x : FLT_MAX;
    if (showSource && state.a.loaded()) {  // the source at the right, full height, following the stages
        const float sourceW = std::round(area.w * 0.4f);
        treeArea.w = area.w - sourceW - margin;
        ImGui::SetCursorScreenPos(ImVec2(area.right() - sourceW, area.y));
        ImGui::BeginChild("##lecturesource", ImVec2(sourceW, area.h), false, ImGuiWindowFlags_NoScrollbar);
        source_.Draw(state, ctx, true);
        ctx.geometry.source.beside = true;
        ImGui::EndChild();
    }
    if (tilesShown(state)) {
        drawTiles(state, ctx, treeArea);
    } else if (state.comparing() && state.b.loaded()) {
        const float half = (treeArea.w - margin) * 0.5f;
        drawSide(state, 0, ctx, {treeArea.x, treeArea.y, half, treeArea.h});
        drawSide(state, 1, ctx, {treeArea.x + half + margin, treeArea.y, half, treeArea.h});
    } else {
        drawSide(state, 0, ctx, treeArea);
    }
    keysLeft_ = FLT_MAX;  // the presenter's previews, drawn by drawSide alone, have no keys' line
    // What the keys do, faint in the corner.
    if (!hints) {
        ImGui::End();
        return;
    }
    dl->AddText(small, 15 * s, ImVec2(all.right() - keysSize.x, all.bottom() - keysSize.y), p.textFaint.packed(),
                keys);
    ctx.geometry.lectureKeys = {all.right() - keysSize.x, all.bottom() - keysSize.y, keysSize.x, keysSize.y};
    ImGui::End();
}

void LectureMode::drawSide(ExplorerState& state, int sideIndex, const UiContext& ctx, view::Rect area, int previewStep) {
    Side& side = sideIndex == 0 ? state.a : state.b;
    const auto& p = ctx.palette;
    const float s = ctx.scale;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    if (!side.loaded()) {
        const char* text = ctx.worker.busy() ? "Tracing on the device\xe2\x80\xa6" : "No trace loaded";
        dl->AddText(ctx.fonts.heading, ctx.fonts.heading->FontSize, ImVec2(area.x, area.y + area.h * 0.4f),
                    p.textDim.packed(), text);
        return;
    }
    const bool preview = previewStep >= 0;
    const int at = preview ? previewStep : state.playback.step();
    const int step = side.stepAt(at);
    const view::StepRef ref = side.timeline[size_t(step)];
    const view::TreeFacts& facts = *side.factsAt(at);
    const auto& run = side.bundle->run;
    const bool clamped = step != at;
    const float transition = clamped || preview ? 1.0f : state.playback.transition();

    // The caption line: where we are, then what this stage does (and the result once reached).
    const float lineSize = std::round(22 * s);
    const std::string title = view::stageTitle(run, side.bundle->variant, ref);
    // A title wider than the screen (the presenter's small previews, a long variant name) is set smaller to fit, down
    // to two thirds of its size.
    const float titleSize = view::fittedTextSize(title, std::round(28 * s), area.w, view::FontRole::Bold,
                                                 render::measureWith(ctx.fonts), 1);
    ImFont* titleFont = ctx.fonts.pick(view::FontRole::Bold, titleSize);
    ImFont* lineFont = ctx.fonts.pick(view::FontRole::Regular, lineSize);
    std::string line = view::stageDescription(run, ref);
    if (step + 1 == int(side.timeline.size()))
        line += "  \xc2\xb7  result " + view::formatExact(run.result, run.type) + (run.correct ? " (correct)" : " (wrong)");
    // Still wider at two thirds (the presenter's column on a laptop): cut at a word with an ellipsis, not at the edge.
    const std::string shownTitle = fitLine(title, area.w, titleFont, titleSize);
    dl->PushClipRect(ImVec2(area.x, area.y), ImVec2(area.right(), area.bottom()), true);
    dl->AddText(titleFont, titleSize, ImVec2(area.x, area.y), p.text.packed(), shownTitle.c_str());
    // Wrapped at the screen's width: a histogram's stage says its contention too, longer than a projector's line.
    dl->AddText(lineFont, lineSize, ImVec2(area.x, area.y + titleSize * 1.25f),
                (step + 1 == int(side.timeline.size()) ? (run.correct ? p.good : p.bad) : p.textDim).packed(),
                line.c_str(), nullptr, area.w);
    dl->PopClipRect();
    const float lineH = lineFont->CalcTextSizeA(lineSize, FLT_MAX, area.w, line.c_str()).y;
    float top = area.y + titleSize * 1.25f + std::max(lineH, lineSize) + lineSize * 0.6f;
    if (sideIndex == 0 && !preview) top += drawLecturePredictLine(state, ctx, area.x, top, area.w);  // predict mode's question

    view::TreeLayoutParams lp;
    lp.canvas = {area.x, top, area.w, area.bottom() - top};
    lp.stages = facts.stages();
    lp.cells = facts.cells();
    lp.labelWidth = 108 * s;
    lp.laneHeight = 8 * s;
    lp.maxCellHeight = 110 * s;
    lp.minCellHeight = 6 * s;
    lp.loadAtTop = state.view.loadAtTop;
    // A tall timeline (a scan's up-sweep and down-sweep: eleven rows at 16 elements) shares the screen in a window of
    // rows that follows the stage, so its digits stay as large as a reduction's: the current row, up to four before
    // it, and the next one.
    if (lp.stages > kLectureRows) {
        lp.visibleStages = kLectureRows;
        lp.firstStage = std::clamp(ref.stage - (kLectureRows - 2), 0, lp.stages - kLectureRows);
    }
    const view::TreeLayout layout(lp);
    view::TreeSceneOptions so;
    so.stage = ref.stage;
    so.transition = transition;
    so.type = run.type;
    so.countBars = patternInfo(run.pattern).showsContention;  // a histogram's bins
    so.firstCounter = int(view::wordsOf(run).keys);  // a sorted tile's keys come first
    so.simdWidth = run.simdWidth;
    so.showValues = state.view.showValues;
    so.valueSize = layout.cellHeight() * 0.62f;  // values as large as the cell allows (and its width, in the scene)
    so.labelSize = 22 * s;
    view::Scene scene = view::buildTreeScene(facts, layout, p, so, render::measureWith(ctx.fonts));
    if (ctx.stateMarks) view::addStateMarks(scene, facts, layout, p, ref.stage);
    dl->PushClipRect(ImVec2(lp.canvas.x, lp.canvas.y), ImVec2(lp.canvas.right(), lp.canvas.bottom()), true);
    render::drawScene(dl, scene, ctx.fonts);
    dl->PopClipRect();
    if (layout.firstStageShown() > 0 || layout.endStageShown() < lp.stages) {  // where the rows out of view are
        const int above = layout.firstStageShown(), below = lp.stages - layout.endStageShown();
        const std::string more = (above > 0 ? std::to_string(above) + " earlier stage" + (above == 1 ? "" : "s") +
                                                  (lp.loadAtTop ? " above" : " below")
                                            : std::string()) +
                                 (above > 0 && below > 0 ? "  \xc2\xb7  " : "") +
                                 (below > 0 ? std::to_string(below) + " more to come" : std::string());
        // At the right of the caption's second line, or of its first, wherever it leaves room.
        const float size = std::round(18 * s);
        ImFont* font = ctx.fonts.pick(view::FontRole::Regular, size);
        const float w = font->CalcTextSizeA(size, FLT_MAX, 0, more.c_str()).x;
        const float lineW = lineFont->CalcTextSizeA(lineSize, FLT_MAX, 0, line.c_str()).x;
        const float titleW = titleFont->CalcTextSizeA(titleSize, FLT_MAX, 0, title.c_str()).x;
        const float room = area.w - w - 30 * s;
        if (lineW <= room || titleW <= room)
            dl->AddText(font, size,
                        ImVec2(area.right() - w, lineW <= room ? area.y + titleSize * 1.25f + lineSize * 0.2f
                                                               : area.y + (titleSize - size) * 0.6f),
                        p.textDim.packed(), more.c_str());
    }
    std::string readout;
    float readoutWidth = 0;
    if (scene.hiddenValues > 0 || (so.showValues && scene.valueSize <= 0)) {  // values too long for their cells: this stage's results written out beside
        // On the keys' line, left of the keys (a compared side B may have no room there: then no readout).
        const float room = std::min(area.w * 0.6f, keysLeft_ - area.x - 24 * s);
        if (room >= area.w * 0.2f) {
            ImFont* font = ctx.fonts.pick(view::FontRole::Regular, lineSize);
            const auto measure = [&](const std::string& t) {
                return font->CalcTextSizeA(lineSize, FLT_MAX, 0, t.c_str()).x;
            };
            readout = view::stageReadout(facts, ref.stage, run.type, view::wordsOf(run), room, measure);
            readoutWidth = measure(readout);
            dl->PushClipRect(ImVec2(area.x, area.y), ImVec2(area.x + room, area.bottom() + 26 * s), true);
            dl->AddText(font, lineSize, ImVec2(area.x, area.bottom() + 2 * s), p.textDim.packed(), readout.c_str());
            dl->PopClipRect();
        }
    }

    if (preview) return;
    FrameGeometry::Tree g;
    g.side = sideIndex;
    g.layout = lp;
    g.stage = ref.stage;
    g.transition = transition;
    g.pass = ref.pass;
    g.group = ref.group;
    g.valueSize = scene.valueSize;
    g.hiddenValues = scene.hiddenValues;
    g.readout = readout;
    g.readoutWidth = readoutWidth;
    g.columnWidth = area.w;
    ctx.geometry.trees.push_back(g);
    if (sideIndex == 0) drawPredictOverlay(state, ctx, true);
}

bool LectureMode::tilesShown(const ExplorerState& state) const {
    return showTiles && state.a.loaded() && view::hasTilesView(state.a.bundle->variant);
}

// The Tiles tab's picture at the lecture's size: the caption (the entry at the cursor in words), the legend, a row
// per tile as tall as the screen allows.
void LectureMode::drawTiles(ExplorerState& state, const UiContext& ctx, view::Rect area) {
    const auto& bundle = *state.a.bundle;
    const auto& p = ctx.palette;
    const float s = ctx.scale;
    if (bundle.serial != tilesSerial_) {
        tilesSerial_ = bundle.serial;
        tiles_ = view::tilesFacts(bundle);
    }
    const bool log = tiles_.hasLog();
    const int length = tiles_.timeline.length;
    int& time = state.view.tilesTime;
    time = tiles_.cursor(time);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float titleSize = std::round(28 * s), lineSize = std::round(22 * s);
    const std::string title = view::tilesTitle(bundle.variant.title, tiles_, time);
    const std::string line = view::tilesCaption(tiles_, time);
    dl->PushClipRect(ImVec2(area.x, area.y), ImVec2(area.right(), area.bottom()), true);
    dl->AddText(ctx.fonts.pick(view::FontRole::Bold, titleSize), titleSize, ImVec2(area.x, area.y), p.text.packed(),
                title.c_str());
    dl->AddText(ctx.fonts.pick(view::FontRole::Regular, lineSize), lineSize, ImVec2(area.x, area.y + titleSize * 1.25f),
                p.textDim.packed(), line.c_str());
    dl->PopClipRect();
    float top = area.y + titleSize * 1.25f + lineSize * 1.6f;
    view::Scene scene;
    if (log) {
        view::addTilesLegend(scene, {area.x, top, area.w, lineSize * 1.2f}, p, lineSize * 0.9f);
        top += lineSize * 2;
    }
    const view::TilesLayout layout({area.x, top, area.w, area.bottom() - top}, tiles_, s, 20 * s, 110 * s);
    view::TilesSceneOptions options;
    options.time = log ? time : -1;
    options.picked = log ? tiles_.log[size_t(time)].tile : -1;  // the tile that acted, with its reads
    view::Scene rows = view::buildTilesScene(tiles_, layout, p, options);
    scene.prims.insert(scene.prims.end(), rows.prims.begin(), rows.prims.end());
    dl->PushClipRect(ImVec2(area.x, area.y), ImVec2(area.right(), area.bottom()), true);
    render::drawScene(dl, scene, ctx.fonts);
    dl->PopClipRect();
    auto& g = ctx.geometry.tiles;  // as the Tiles tab records it, for the screenshot's sidecar
    g.shown = true;
    g.tiles = layout.tiles;
    g.logLength = length;
    g.time = options.time;
    g.picked = options.picked;
    g.entry = log ? describeLookBackEntry(tiles_.log[size_t(time)]) : "";
    g.statuses = tiles_.statuses(options.time);
    g.protocol = tiles_.problems.empty() ? (log ? "kept" : "") : tiles_.problems.front();
    g.pickedReads.clear();
    if (options.picked >= 0 && size_t(options.picked) < tiles_.timeline.tiles.size())
        for (const TileRead& r : tiles_.timeline.tiles[size_t(options.picked)].reads)
            g.pickedReads.push_back(r.predecessor);
    g.rect = {area.x, top, area.w, layout.height()};
}

}  // namespace rl::gui
