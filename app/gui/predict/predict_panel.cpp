// The Predict panel.
#include "app/gui/predict/predict_panel.h"
#include "app/gui/common/colour.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "app/gui/panels/widgets.h"
#include "app/gui/predict/predict_overlay.h"

namespace rl::gui {
namespace {

using predict::Kind;

constexpr int kEnter = 257, kPadEnter = 335;

const char* kindLabel(Kind k) {
    switch (k) {
        case Kind::Active: return "Active work-items";
        case Kind::Value: return "Value of a cell";
        case Kind::Divergent: return "Divergent SIMD groups";
        case Kind::Conflict: return "Bank-conflict degree";
        case Kind::Contention: return "Work-items on one bin";
    }
    return "";
}

const Stage& stageOf(const Side& side, int step) {
    const view::StepRef& r = side.timeline[size_t(step)];
    return side.bundle->run.passes[size_t(r.pass)].traced[size_t(r.group)].stages[size_t(r.stage)];
}

}  // namespace

void PredictPanel::Draw(ExplorerState& state, const UiContext& ctx) {
    PredictState& ps = state.predict;
    const auto& p = ctx.palette;
    const ImVec2 top = ImGui::GetCursorScreenPos();
    const float width = ImGui::GetContentRegionAvail().x;
    const bool wasOn = ps.on;  // the click below turns it on or off: pop what was pushed, not what is now
    if (wasOn) ImGui::PushStyleColor(ImGuiCol_Button, vec4(view::mix(p.panelRaised, p.accent, 0.45f)));
    if (ImGui::Button(wasOn ? "Predict mode: on###predict" : "Predict each stage###predict", ImVec2(width, 0))) {
        ps.setOn(!ps.on, state.a, state.playback);
        error_.clear();
    }
    if (wasOn) ImGui::PopStyleColor();
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Each stage stays hidden until you predict it: which work-items work, a cell's value,\n"
                          "how many SIMD groups diverge or the bank-conflict degree. Then it is revealed and the\n"
                          "differences are drawn on the tree. In lecture mode: Q, and Page Down reveals.");
    if (ps.on && state.a.loaded()) {
        const int waiting = ps.waitingStep(state.a, state.playback);
        ImGui::PushFont(ctx.fonts.bold);
        ImGui::TextColored(vec4(p.text), "%s", ps.tally.text().c_str());
        ImGui::PopFont();
        outcome(state, ctx);
        if (waiting >= 0) {
            entry(state, ctx, waiting);
        } else {
            const int shown = state.a.stepAt(state.playback.step());
            ImGui::PushTextWrapPos(0);
            if (shown + 1 >= int(state.a.timeline.size()))
                ImGui::TextColored(vec4(p.textDim), "Every stage is revealed.");
            else
                ImGui::TextColored(vec4(p.textDim), "Step forward (\xe2\x86\x92) to the stage that is hidden.");
            ImGui::PopTextWrapPos();
        }
        if (ImGui::SmallButton("Start over")) {
            ps.startOver(state.a, state.playback);
            error_.clear();
        }
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Back to the load with every stage hidden again (the score stays)");
    } else if (ps.on) {
        ImGui::TextDisabled("No trace to predict yet");
    }
    const ImVec2 end = ImGui::GetCursorScreenPos();
    ctx.geometry.predict.panel = {top.x, top.y, width, end.y - top.y};
    ImGui::Separator();
    ImGui::Spacing();
}

void PredictPanel::entry(ExplorerState& state, const UiContext& ctx, int waiting) {
    PredictState& ps = state.predict;
    const auto& p = ctx.palette;
    const float s = ctx.scale;
    const Stage& hidden = stageOf(state.a, waiting);
    const TraceRun& run = state.a.bundle->run;
    ImGui::Spacing();
    ImGui::PushFont(ctx.fonts.bold);
    ImGui::PushTextWrapPos(0);
    // Quoted: a label such as "step 0" or "s = 64" read as part of the sentence.
    ImGui::TextColored(vec4(p.accent), "Stage \xe2\x80\x9c%s\xe2\x80\x9d is hidden: predict it", hidden.label.c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopFont();
    for (int k = 0; k < predict::kKinds; ++k) {
        if (!kindOffered(state, Kind(k))) continue;
        if (ImGui::RadioButton(kindLabel(Kind(k)), ps.kind == Kind(k))) {
            ps.kind = Kind(k);
            error_.clear();
        }
    }
    ImGui::Spacing();
    ImGui::PushTextWrapPos(0);
    const ImGuiIO& io = ImGui::GetIO();
    bool submit = !io.WantTextInput && (ImGui::IsKeyPressed(kEnter, false) || ImGui::IsKeyPressed(kPadEnter, false));
    const int cells = int(hidden.values.size());
    switch (ps.kind) {
        case Kind::Active: {
            ImGui::TextColored(vec4(p.textDim), "Click the work-items that will work on the tree's row marked ?");
            ImGui::Text("%zu of %zu picked", ps.picked.size(), hidden.ops.size());
            if (ImGui::SmallButton("None")) ps.picked.clear();
            sameLineIfFits(buttonWidth("Same as this stage"));  // a narrow column wraps it
            if (ImGui::SmallButton("Same as this stage")) {
                ps.picked.clear();
                const Stage& now = stageOf(state.a, waiting - 1);
                for (size_t i = 0; i < now.ops.size(); ++i)
                    if (now.ops[i].active) ps.picked.push_back(int(i));
            }
            break;
        }
        case Kind::Value: {
            ImGui::TextColored(vec4(p.textDim), "Click a cell on the row marked ?, type its value after the stage");
            ImGui::SetNextItemWidth(std::min(ImGui::GetContentRegionAvail().x * 0.5f, 140 * s));
            ImGui::InputInt("cell", &ps.cell);
            ps.cell = std::clamp(ps.cell, 0, std::max(0, cells - 1));
            std::snprintf(valueBuffer_, sizeof valueBuffer_, "%s", ps.valueText.c_str());
            ImGui::SetNextItemWidth(std::min(ImGui::GetContentRegionAvail().x * 0.5f, 140 * s));
            if (ImGui::InputText("value", valueBuffer_, sizeof valueBuffer_, ImGuiInputTextFlags_EnterReturnsTrue))
                submit = true;
            ps.valueText = valueBuffer_;
            if (!ps.valueText.empty() && !predict::parseNumber(ps.valueText))
                ImGui::TextColored(vec4(p.bad), "'%s' is not a number", ps.valueText.c_str());
            break;
        }
        case Kind::Divergent:
            ImGui::TextColored(vec4(p.textDim), "SIMD groups of %d lanes with some lanes active and some idle",
                               run.simdWidth);
            ImGui::SetNextItemWidth(std::min(ImGui::GetContentRegionAvail().x * 0.5f, 140 * s));
            ImGui::InputInt("groups", &ps.divergent);
            ps.divergent = std::max(0, ps.divergent);
            break;
        case Kind::Conflict:
            ImGui::TextColored(vec4(p.textDim), "The worst number of words one of the %d banks serves in one access"
                               " (1: no conflict)", run.banks);
            ImGui::SetNextItemWidth(std::min(ImGui::GetContentRegionAvail().x * 0.5f, 140 * s));
            ImGui::InputInt("-way", &ps.conflict);
            ps.conflict = std::max(1, ps.conflict);
            break;
        case Kind::Contention:
            ImGui::TextColored(vec4(p.textDim), "The most work-items of one SIMD group of %d lanes that increment the "
                               "same bin in the stage (1: no two): their atomics wait for each other", run.simdWidth);
            ImGui::SetNextItemWidth(std::min(ImGui::GetContentRegionAvail().x * 0.5f, 140 * s));
            ImGui::InputInt("work-items", &ps.contention);
            ps.contention = std::max(1, ps.contention);
            break;
    }
    ImGui::PopTextWrapPos();
    ImGui::Spacing();
    ImGui::PushStyleColor(ImGuiCol_Button, vec4(view::mix(p.panelRaised, p.accent, 0.55f)));
    if (ImGui::Button("Submit (Enter)")) submit = true;
    ImGui::PopStyleColor();
    sameLineIfFits(buttonWidth("Skip"));
    if (ImGui::Button("Skip")) error_ = ps.reveal(state.a, state.playback);
    if (submit) error_ = ps.submit(state.a, state.playback);
    if (!error_.empty()) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(vec4(p.bad), "%s", error_.c_str());
        ImGui::PopTextWrapPos();
    }
}

void PredictPanel::outcome(const ExplorerState& state, const UiContext& ctx) {
    const PredictState& ps = state.predict;
    const auto& p = ctx.palette;
    const int shown = state.a.stepAt(state.playback.step());
    const predict::PredictionScore* sc = ps.scoreAt(shown);
    if (!sc) return;
    ImGui::PushFont(ctx.fonts.bold);
    if (sc->correct)
        ImGui::TextColored(vec4(p.good), "\xe2\x9c\x93 %s: right", sc->stageLabel.c_str());
    else
        ImGui::TextColored(vec4(p.bad), "\xe2\x9c\x97 %s: not quite", sc->stageLabel.c_str());
    // (short lines: they fit the narrowest column)
    ImGui::PopFont();
    ImGui::PushTextWrapPos(0);
    for (const auto& line : predict::describe(*sc, state.a.bundle->run.type))
        ImGui::TextColored(vec4(p.text), "%s", line.c_str());
    if (sc->activeAsked && !sc->activeRight)
        ImGui::TextColored(vec4(p.textDim), "On the tree: a ring round each one left out, a cross on each one idle");
    ImGui::PopTextWrapPos();
}

}  // namespace rl::gui
