// Predict mode's marks on the tree, and the lecture screen's question line and keys.
#include "app/gui/predict/predict_overlay.h"
#include "app/view/narration.h"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "app/gui/common/keys.h"
#include "app/view/tree/tree_layout.h"
#include "app/view/value_format.h"
#include "core/pattern.h"

namespace rl::gui {
namespace {

using predict::Kind;

constexpr int kKeyQ = 81, kKey1 = 49, kEnter = 257, kPadEnter = 335;

const FrameGeometry::Tree* sideATree(const UiContext& ctx) {
    for (const auto& t : ctx.geometry.trees)
        if (t.side == 0) return &t;
    return nullptr;
}

ImVec2 at(float x, float y) { return ImVec2(x, y); }

void centredText(ImDrawList* dl, ImFont* font, float size, const view::Rect& box, ImU32 color, const std::string& text) {
    const ImVec2 ts = font->CalcTextSizeA(size, FLT_MAX, 0, text.c_str());
    dl->AddText(font, size, at(box.x + (box.w - ts.x) * 0.5f, box.y + (box.h - ts.y) * 0.5f), color, text.c_str());
}

// A label with a background under a cell: the value the student typed.
void tag(ImDrawList* dl, ImFont* font, float size, float cx, float y, ImU32 bg, ImU32 color, const std::string& text,
         float pad) {
    const ImVec2 ts = font->CalcTextSizeA(size, FLT_MAX, 0, text.c_str());
    const ImVec2 a(cx - ts.x * 0.5f - pad, y), b(cx + ts.x * 0.5f + pad, y + ts.y + pad * 0.6f);
    dl->AddRectFilled(a, b, bg, pad);
    dl->AddText(font, size, at(a.x + pad, a.y + pad * 0.3f), color, text.c_str());
}

std::string answerOf(const Side& side, int step, const PredictState& ps) {
    if (step < 0 || !side.loaded() || step >= int(side.timeline.size())) return "";
    const view::StepRef& r = side.timeline[size_t(step)];
    const TraceRun& run = side.bundle->run;
    predict::Prediction p;
    switch (ps.kind) {
        case Kind::Active: p.active = std::vector<int>{}; break;
        case Kind::Value: p.cell = ps.cell, p.value = 0; break;
        case Kind::Divergent: p.divergentWarps = 0; break;
        case Kind::Conflict: p.conflictDegree = 1; break;
        case Kind::Contention: p.contentionDegree = 1; break;
    }
    const predict::PredictionScore s = predict::score(p, run, r.pass, r.group, r.stage);
    if (!s.valid) return s.error;
    switch (ps.kind) {
        case Kind::Active: {
            const size_t k = s.expectedActive.size();
            if (k == 0) return "no work-item is active";
            const std::string which = view::describeNumbers(s.expectedActive);
            return k == 1 ? "work-item " + which + " is active"
                          : "work-items " + which + " are active (" + std::to_string(k) + ")";
        }
        case Kind::Value: {
            predict::PredictionScore shown = s;  // "cell 3 holds 14 (you said 0)": the first part
            shown.valueRight = false;
            const std::string d = predict::describe(shown, run.type).at(0);
            return d.substr(0, d.find(" (you said"));
        }
        case Kind::Divergent:
            return std::to_string(s.expectedDivergent) +
                   (s.expectedDivergent == 1 ? " SIMD group diverges" : " SIMD groups diverge");
        case Kind::Conflict:
            return s.expectedConflict > 1 ? "worst bank conflict: " + std::to_string(s.expectedConflict) + "-way"
                                          : "no bank conflict (degree 1)";
        case Kind::Contention:
            return s.expectedContention > 1 ? std::to_string(s.expectedContention) +
                                                  " work-items of one SIMD group hit one bin"
                                            : "no two work-items of one SIMD group hit one bin";
    }
    return "";
}

}  // namespace

std::string predictAnswer(const ExplorerState& state, int step) { return answerOf(state.a, step, state.predict); }

void drawPredictOverlay(ExplorerState& state, const UiContext& ctx, bool lecture) {
    PredictState& ps = state.predict;
    auto& g = ctx.geometry.predict;
    g.on = ps.on;
    if (!ps.on) return;
    g.kind = predict::kindName(ps.kind);
    g.tally = ps.tally.text();
    g.right = ps.tally.right;
    g.scored = ps.tally.scored;
    g.skipped = ps.tally.skipped;
    g.picked = ps.picked;
    const Side& side = state.a;
    const FrameGeometry::Tree* tree = sideATree(ctx);
    if (!tree || !side.loaded()) return;
    const view::TreeLayout layout(tree->layout);
    const auto& p = ctx.palette;
    const float s = ctx.scale, stroke = (lecture ? 4.0f : 3.0f) * s;
    const view::Rect& canvas = tree->layout.canvas;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->PushClipRect(at(canvas.x, canvas.y), at(canvas.right(), canvas.bottom()), true);
    const float cellH = layout.cellHeight();
    const bool roomForText = layout.pitch() >= 12 * s && cellH >= 12 * s;

    // The hidden stage: "?" in its cells, the work-items picked, the cell chosen; clicks on its row pick.
    const int waiting = ps.waitingStep(side, state.playback);
    g.waitingStep = waiting;
    // On the lecture screen the question comes after the room has seen the last answer (predictLectureKeys).
    if (waiting >= 0 && (!lecture || ps.lectureAsking(side, state.playback))) {
        const int row = side.timeline[size_t(waiting)].stage;
        g.hiddenRow = row;
        if (ImGui::IsMouseClicked(ImGuiMouseButton_Left) &&
            ImGui::IsWindowHovered(ImGuiHoveredFlags_ChildWindows | ImGuiHoveredFlags_AllowWhenBlockedByActiveItem)) {
            const ImVec2 m = ImGui::GetIO().MousePos;
            int hs = -1, hc = -1;
            if (layout.hit({m.x, m.y}, &hs, &hc) && hs == row) {
                if (ps.kind == Kind::Active) ps.togglePick(hc);
                else if (ps.kind == Kind::Value) ps.cell = hc;
            }
        }
        const float qSize = std::round(std::min(cellH * 0.6f, (lecture ? 44.0f : 28.0f) * s));
        ImFont* font = ctx.fonts.pick(view::FontRole::Bold, qSize);
        const view::Rect band = layout.cellsBand(row);
        const view::Rect strip = layout.lanes(row);
        // The whole row tinted, so the hidden stage stands out from the later ones.
        dl->AddRectFilled(at(std::min(band.x, strip.x) - 3 * s, std::min(band.y, strip.y) - 3 * s),
                          at(band.right() + 3 * s, std::max(band.bottom(), strip.bottom()) + 3 * s),
                          p.accent.withAlpha(28).packed(), 6 * s);
        g.marks.push_back({"question", row, -1, band});
        for (int c = layout.firstVisible(); c < layout.endVisible(); ++c) {
            const view::Rect r = layout.cell(row, c);
            const bool picked = ps.kind == Kind::Active && std::binary_search(ps.picked.begin(), ps.picked.end(), c);
            const bool chosen = ps.kind == Kind::Value && ps.cell == c;
            std::string text = "?";
            ImU32 color = p.textDim.packed();
            if (picked) {
                const view::Rect lane = layout.lane(row, c);
                dl->AddRectFilled(at(lane.x, lane.y), at(lane.right(), lane.bottom()), p.accent.packed(), 2 * s);
                dl->AddRectFilled(at(r.x, r.y), at(r.right(), r.bottom()), view::mix(p.panel, p.accent, 0.4f).packed(),
                                  4 * s);
                dl->AddRect(at(r.x, r.y), at(r.right(), r.bottom()), p.accent.packed(), 4 * s, 0, stroke * 0.8f);
                color = p.text.packed();
                g.marks.push_back({"picked", row, c, r});
            }
            if (chosen) {
                dl->AddRect(at(r.x - 2 * s, r.y - 2 * s), at(r.right() + 2 * s, r.bottom() + 2 * s), p.accent.packed(),
                            4 * s, 0, stroke);
                if (!ps.valueText.empty()) text = ps.valueText;
                color = p.accent.packed();
                g.marks.push_back({"chosen", row, c, r});
            }
            if (roomForText) {
                float size = qSize;
                const float w = font->CalcTextSizeA(size, FLT_MAX, 0, text.c_str()).x;
                if (w > r.w * 0.92f) size = std::max(8.0f, size * r.w * 0.92f / w);  // a long typed value
                centredText(dl, ctx.fonts.pick(view::FontRole::Bold, size), size, r, color, text);
            }
        }
    }

    // The step on screen, once revealed: where the prediction was wrong.
    const int shown = side.stepAt(state.playback.step());
    if (const predict::PredictionScore* sc = ps.scoreAt(shown)) {
        const int row = side.timeline[size_t(shown)].stage;
        g.shownStep = shown;
        g.shownCorrect = sc->correct;
        g.differences = predict::describe(*sc, side.bundle->run.type);
        const float fade = std::clamp(tree->transition * 2 - 0.6f, 0.0f, 1.0f);  // once the stage has arrived
        auto col = [&](view::Rgba c) { return c.scaledAlpha(fade).packed(); };
        for (int i : sc->wronglyActive) {
            if (!layout.visible(i)) continue;
            const view::Rect r = layout.cell(row, i);
            const float d = std::min(r.w, r.h) * 0.18f;
            dl->AddLine(at(r.x + d, r.y + d), at(r.right() - d, r.bottom() - d), col(p.bad), stroke);
            dl->AddLine(at(r.right() - d, r.y + d), at(r.x + d, r.bottom() - d), col(p.bad), stroke);
            const view::Rect lane = layout.lane(row, i);
            dl->AddLine(at(lane.x, lane.y), at(lane.right(), lane.bottom()), col(p.bad), stroke * 0.6f);
            g.marks.push_back({"wrong", row, i, r});
        }
        for (int i : sc->missed) {
            if (!layout.visible(i)) continue;
            // Just outside the cell, so its value stays readable; the lane lit in the same colour.
            const view::Rect r = layout.cell(row, i), lane = layout.lane(row, i);
            const float out = stroke * 0.5f + 2 * s;
            const float x0 = r.x - out, x1 = r.right() + out, y0 = r.y - out, y1 = r.bottom() + out;
            dl->AddRect(at(x0, y0), at(x1, y1), col(p.accent), std::min(x1 - x0, y1 - y0) * 0.3f, 0, stroke);
            dl->AddRectFilled(at(lane.x, lane.y), at(lane.right(), lane.bottom()), col(p.accent), 2 * s);
            g.marks.push_back({"missed", row, i, {x0, y0, x1 - x0, y1 - y0}});
        }
        if (sc->valueAsked && layout.visible(sc->cell)) {
            const view::Rect r = layout.cell(row, sc->cell);
            const view::Rgba c = sc->valueRight ? p.good : p.bad;
            dl->AddRect(at(r.x - 3 * s, r.y - 3 * s), at(r.right() + 3 * s, r.bottom() + 3 * s), col(c), 4 * s, 0, stroke);
            const float size = std::round((lecture ? 24.0f : 17.0f) * s);
            const std::string said = (sc->valueRight ? "\xe2\x9c\x93 you said " : "\xe2\x9c\x97 you said ") +
                                     view::formatExact(sc->typedValue, side.bundle->run.type);
            tag(dl, ctx.fonts.pick(view::FontRole::Bold, size), size, r.center().x, r.bottom() + 5 * s,
                col(view::mix(p.panel, c, 0.45f)), col(p.text), said, 5 * s);
            g.marks.push_back({"typed", row, sc->cell, r});
        }
    }
    dl->PopClipRect();
}

float drawLecturePredictLine(ExplorerState& state, const UiContext& ctx, float x, float y, float width) {
    PredictState& ps = state.predict;
    auto& g = ctx.geometry.predict;
    if (!ps.on || !state.a.loaded()) return 0;
    const auto& p = ctx.palette;
    const float s = ctx.scale;
    const float size = std::round(28 * s), small = std::round(22 * s);
    ImFont* bold = ctx.fonts.pick(view::FontRole::Bold, size);
    ImFont* regular = ctx.fonts.pick(view::FontRole::Regular, small);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const Side& side = state.a;
    const int waiting = ps.waitingStep(side, state.playback);
    const int shown = side.stepAt(state.playback.step());
    std::string text, hint;
    view::Rgba color = p.accent;
    if (waiting >= 0 && ps.lectureAsking(side, state.playback)) {
        const Stage& st = side.bundle->run.passes[size_t(side.timeline[size_t(waiting)].pass)]
                              .traced[size_t(side.timeline[size_t(waiting)].group)]
                              .stages[size_t(side.timeline[size_t(waiting)].stage)];
        std::string question = predict::kindQuestion(ps.kind);
        if (ps.kind == Kind::Value) question = "What will cell " + std::to_string(ps.cell) + " hold?";
        text = "Predict " + st.label + ":  " + question;
        hint = ps.kind == Kind::Active ? "click the work-items the room names  \xc2\xb7  Page Down reveals"
                                       : "Page Down reveals  \xc2\xb7  1-4 another question";
    } else if (const predict::PredictionScore* sc = ps.scoreAt(shown)) {
        const auto lines = predict::describe(*sc, side.bundle->run.type);
        if (sc->correct) {
            text = "\xe2\x9c\x93 Right: " + answerOf(side, shown, ps);
            color = p.good;
        } else {
            text = "\xe2\x9c\x97 " + (lines.empty() ? std::string("not quite") : lines[0]);
            for (size_t i = 1; i < lines.size(); ++i) text += "  \xc2\xb7  " + lines[i];
            color = p.bad;
        }
        hint = ps.tally.text();
    } else if (ps.revealedBy.count(shown)) {
        text = "Answer: " + answerOf(side, shown, ps);
        color = p.text;
        hint = ps.tally.scored > 0 ? ps.tally.text() : "";
    } else {
        text = shown + 1 >= int(side.timeline.size()) ? "Every stage revealed  \xc2\xb7  Home hides them again"
                                                     : "Predict mode: each stage stays hidden until revealed";
        color = p.textDim;
        hint = "Q leaves predict mode";
    }
    g.prompt = text;
    g.promptSize = size;
    const ImVec2 ts = bold->CalcTextSizeA(size, FLT_MAX, 0, text.c_str());
    dl->PushClipRect(at(x, y), at(x + width, y + size * 1.5f), true);
    dl->AddText(bold, size, at(x, y), color.packed(), text.c_str());
    if (!hint.empty()) {
        const ImVec2 hs = regular->CalcTextSizeA(small, FLT_MAX, 0, hint.c_str());
        if (ts.x + hs.x + 40 * s < width)
            dl->AddText(regular, small, at(x + width - hs.x, y + (size - small) * 0.6f), p.textDim.packed(), hint.c_str());
    }
    dl->PopClipRect();
    g.promptRect = {x, y, std::min(ts.x, width), ts.y};
    return size * 1.5f;
}

bool kindOffered(const ExplorerState& state, predict::Kind kind) {
    if (kind != predict::Kind::Contention) return true;
    return state.a.loaded() && patternInfo(state.a.bundle->run.pattern).showsContention;
}

bool predictLectureKeys(ExplorerState& state) {
    const ImGuiIO& io = ImGui::GetIO();
    if (io.KeyCtrl || io.WantTextInput) return false;
    PredictState& ps = state.predict;
    if (ImGui::IsKeyPressed(kKeyQ, false)) {
        ps.setOn(!ps.on, state.a, state.playback);
        return true;
    }
    if (!ps.on) return false;
    for (int k = 0; k < predict::kKinds; ++k)
        if (ImGui::IsKeyPressed(kKey1 + k, false) && kindOffered(state, Kind(k))) {
            ps.kind = Kind(k);
            return true;
        }
    if (ImGui::IsKeyPressed(keys::kHome, false)) {
        ps.startOver(state.a, state.playback);
        return true;
    }
    if (ps.waitingStep(state.a, state.playback) < 0) return false;
    const bool next = ImGui::IsKeyPressed(keys::kSpace, false) || ImGui::IsKeyPressed(keys::kPageDown, false) ||
                      ImGui::IsKeyPressed(keys::kRight, false) || ImGui::IsKeyPressed(keys::kDown, false) ||
                      ImGui::IsKeyPressed(kEnter, false) || ImGui::IsKeyPressed(kPadEnter, false);
    if (!next) return false;
    if (!ps.lectureAsking(state.a, state.playback)) {  // the last answer was on screen: now the question
        ps.asking = true;
        return true;
    }
    // The room's answer is scored when the lecturer marked one (work-items clicked); otherwise the stage is shown
    // with its answer.
    if (ps.kind == Kind::Active && !ps.picked.empty()) ps.submit(state.a, state.playback);
    else ps.reveal(state.a, state.playback, false);
    return true;
}

}  // namespace rl::gui
