// The result column.
#include "app/gui/panels/result_panel.h"
#include "app/gui/common/colour.h"
#include "app/gui/panels/widgets.h"

#include <imgui.h>

#include <algorithm>
#include <string>
#include <vector>

#include "app/view/caption.h"
#include "app/view/value_format.h"

namespace rl::gui {
namespace {

void sectionTitle(const char* text, const UiContext& ctx) {
    ImGui::PushFont(ctx.fonts.bold);
    ImGui::TextColored(vec4(ctx.palette.textDim), "%s", text);
    ImGui::PopFont();
    const ImVec2 a = ImGui::GetCursorScreenPos();
    ImGui::GetWindowDrawList()->AddLine(ImVec2(a.x, a.y - 2 * ctx.scale),
                                        ImVec2(a.x + ImGui::GetContentRegionAvail().x, a.y - 2 * ctx.scale),
                                        ctx.palette.border.packed(), 1);
    ImGui::Spacing();
}

}  // namespace

void ResultPanel::result(ExplorerState& state, int sideIndex, const UiContext& ctx, bool recordGeometry) {
    const Side& side = sideIndex == 0 ? state.a : state.b;
    const auto& p = ctx.palette;
    const float s = ctx.scale;
    if (!side.bundle) {
        ImGui::TextDisabled(ctx.worker.busy() ? "Waiting for the device\xe2\x80\xa6" : "No result yet");
        if (!state.lastError.empty()) {
            ImGui::PushTextWrapPos(0);
            ImGui::TextColored(vec4(p.bad), "%s", state.lastError.c_str());
            ImGui::PopTextWrapPos();
        }
        return;
    }
    const auto& b = *side.bundle;
    const auto& run = b.run;
    const bool correct = run.correct;
    const ImVec2 start = ImGui::GetCursorScreenPos();

    if (state.comparing()) {
        ImGui::PushFont(ctx.fonts.bold);
        ImGui::TextWrapped("%s", b.variant.title.c_str());  // the panel is narrower than most titles
        ImGui::PopFont();
    }
    ImGui::PushFont(ctx.fonts.pick(view::FontRole::Bold, 36 * s));
    const std::string value = view::formatExact(run.result, run.type);
    ImGui::TextColored(vec4(correct ? p.good : p.bad), "%s", value.c_str());
    ImGui::PopFont();
    const char* mark = correct ? "\xe2\x9c\x93 correct" : "\xe2\x9c\x97 wrong";
    ImGui::PushFont(ctx.fonts.bold);
    if (ImGui::GetItemRectMax().x + 14 * s + ImGui::CalcTextSize(mark).x <
        ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x) {  // beside the value when it fits
        ImGui::SameLine(0, 14 * s);
        ImGui::SetCursorPosY(ImGui::GetCursorPosY() + 10 * s);
    }
    ImGui::TextColored(vec4(correct ? p.good : p.bad), "%s", mark);
    ImGui::PopFont();
    ImGui::TextColored(vec4(p.textDim), "CPU reference  %s", view::formatExact(run.reference, run.type).c_str());
    // A wrong-by-design kernel's verdict repeats its explanation, which the red box below shows: keep the comparison.
    std::string verdict = run.verdict;
    if (!b.variant.correctByDesign) {
        const size_t cut = verdict.find("; wrong by design");
        if (cut != std::string::npos) verdict = verdict.substr(0, cut);
    }
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(vec4(p.textDim), "%s", verdict.c_str());
    ImGui::PopTextWrapPos();
    const ImVec2 end = ImGui::GetCursorScreenPos();
    if (recordGeometry) {
        ctx.geometry.result = {start.x, start.y, ImGui::GetContentRegionAvail().x, end.y - start.y};
        ctx.geometry.resultText = value + (correct ? " correct" : " wrong");
    }
    ImGui::Spacing();

    const auto& d = b.departure;
    if (recordGeometry) ctx.geometry.resultNote = d.note;
    if (!b.variant.correctByDesign) {
        // The lesson of a wrong kernel, in red.
        ImGui::PushStyleColor(ImGuiCol_ChildBg, vec4(view::mix(p.panel, p.bad, 0.12f)));
        ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(12 * s, 10 * s));
        const float wrapW = ImGui::GetContentRegionAvail().x - 24 * s;
        const float textH = ImGui::CalcTextSize(b.variant.wrongReason.c_str(), nullptr, false, wrapW).y;
        const float boxH = textH + ImGui::GetTextLineHeightWithSpacing() * (d.departs ? 5.2f : 2.6f) + 20 * s;
        if (recordGeometry) {
            const ImVec2 at = ImGui::GetCursorScreenPos();
            ctx.geometry.wrongBox = {at.x, at.y, ImGui::GetContentRegionAvail().x, boxH};
        }
        ImGui::BeginChild(sideIndex == 0 ? "##wrongA" : "##wrongB", ImVec2(0, boxH), false,
                          ImGuiWindowFlags_AlwaysUseWindowPadding | ImGuiWindowFlags_NoScrollbar);
        ImGui::PushFont(ctx.fonts.bold);
        ImGui::TextColored(vec4(p.bad), "Wrong by design");
        ImGui::PopFont();
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(vec4(view::mix(p.text, p.bad, 0.25f)), "%s", b.variant.wrongReason.c_str());
        if (d.departs) {
            ImGui::Spacing();
            if (d.cellValues) {
                ImGui::TextColored(vec4(p.bad), "The trace leaves the CPU model at %s:", d.note.c_str());
                ImGui::TextColored(vec4(p.text), "device %s, model %s", view::formatExact(d.device, run.type).c_str(),
                                   view::formatExact(d.model, run.type).c_str());
            } else {
                ImGui::TextColored(vec4(p.bad), "The trace leaves the CPU model: %s", d.note.c_str());
            }
        } else {
            ImGui::TextColored(vec4(p.textDim), "%s", d.note.c_str());
        }
        ImGui::PopTextWrapPos();
        if (d.departs && ImGui::SmallButton(sideIndex == 0 ? "Show that stage##A" : "Show that stage##B")) {
            Side& mutableSide = sideIndex == 0 ? state.a : state.b;
            if (d.pass < int(mutableSide.groupOfPass.size())) {
                if (d.pass == 0)
                    mutableSide.groupOfPass = view::followPartial(b.run, d.groupIndex);
                else
                    mutableSide.groupOfPass[size_t(d.pass)] = d.groupIndex;
                state.rebuildTimelines(false);
                for (size_t i = 0; i < mutableSide.timeline.size(); ++i)
                    if (mutableSide.timeline[i].pass == d.pass && mutableSide.timeline[i].stage == d.stage)
                        state.playback.seek(int(i));
            }
        }
        ImGui::EndChild();
        ImGui::PopStyleVar();
        ImGui::PopStyleColor();
    } else if (d.departs) {
        ImGui::PushTextWrapPos(0);
        if (d.cellValues)
            ImGui::TextColored(vec4(p.bad), "The trace leaves the CPU model at %s: device %s, model %s",
                               d.note.c_str(), view::formatExact(d.device, run.type).c_str(),
                               view::formatExact(d.model, run.type).c_str());
        else  // the stages themselves differ: their counts, said in the note
            ImGui::TextColored(vec4(p.bad), "The trace leaves the CPU model: %s", d.note.c_str());
        ImGui::PopTextWrapPos();
    } else {
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(vec4(d.checked ? p.textDim : p.textFaint), "%s%s", d.checked ? "\xe2\x9c\x93 " : "",
                           d.note.c_str());
        ImGui::PopTextWrapPos();
    }
}

void ResultPanel::stage(const ExplorerState& state, int sideIndex, const UiContext& ctx) {
    const Side& side = sideIndex == 0 ? state.a : state.b;
    const auto& p = ctx.palette;
    const ImVec2 start = ImGui::GetCursorScreenPos();
    if (!side.loaded()) return;
    const auto& r = side.timeline[size_t(side.stepAt(state.playback.step()))];
    const Stage& st = side.bundle->run.passes[size_t(r.pass)].traced[size_t(r.group)].stages[size_t(r.stage)];
    const auto& a = st.analysis;
    const int items = int(st.ops.size());
    ImGui::PushFont(ctx.fonts.heading);
    ImGui::TextUnformatted(st.label.c_str());
    ImGui::PopFont();
    ImGui::SameLine();
    ImGui::TextDisabled("pass %d, stage %d", r.pass, r.stage);

    // What happens, from the recorded operations: how many work-items, and the first ones as examples.
    ImGui::PushTextWrapPos(0);
    std::vector<const WorkItemOp*> examples;
    std::vector<int> exampleItems;
    for (int i = 0; i < items && examples.size() < 3; ++i)
        if (st.ops[size_t(i)].active) {
            examples.push_back(&st.ops[size_t(i)]);
            exampleItems.push_back(i);
        }
    if (st.param < 0) {
        ImGui::Text("%d work-items each load one value from global memory into local memory.", a.activeItems);
    } else if (a.activeItems == 0) {
        ImGui::TextColored(vec4(p.textDim), "No work-item is active in this stage.");
    } else {
        const char* op = side.bundle->run.op == Op::Sum ? "+" : (side.bundle->run.op == Op::Min ? "min" : "max");
        const bool fused = examples.front()->second();  // two operations each before the next barrier
        const int lookedBack = lookBackDepth(st.param);  // decoupled look-back: where the tile's prefix came from
        if (lookedBack == 0)
            ImGui::Text("The first tile has no prefix: %d of %d work-items each take the runs before theirs in the "
                        "tile (%s):", a.activeItems, items, op);
        else if (lookedBack > 0)
            ImGui::Text("The tile's prefix, found by looking back over %d %s, is combined (%s) by %d of %d work-items "
                        "with the runs before theirs in the tile:", lookedBack, lookedBack == 1 ? "tile" : "tiles", op,
                        a.activeItems, items);
        else if (fused)
            ImGui::Text("%d of %d work-items each combine two pairs of cells (%s), with no barrier between this stage "
                        "and the next:", a.activeItems, items, op);
        else if (examples.front()->b >= 0)
            ImGui::Text("%d of %d work-items combine two cells (%s) into one:", a.activeItems, items, op);
        else  // a key of a sorted tile, or a cell in the pattern's words
            ImGui::Text("%d of %d work-items each write one %s:", a.activeItems, items,
                        examples.front()->w >= 0 && size_t(examples.front()->w) < view::wordsOf(side.bundle->run).keys
                            ? "key"
                            : patternInfo(side.bundle->run.pattern).words.cell.c_str());
        const auto line = [&](int item, int w, int x, int y, bool then) {
            // The work-item, or under it "and" for its second operation.
            const std::string who = then ? std::string(10, ' ') + "and" : "work-item " + std::to_string(item) + ":";
            ImGui::TextColored(vec4(p.cellWritten), "  %s  %s", who.c_str(),
                               view::operationText(side.bundle->run.op, x, y, w,
                                                   view::wordsOf(side.bundle->run)).c_str());
        };
        for (size_t e = 0; e < examples.size(); ++e) {
            const WorkItemOp& x = *examples[e];
            line(exampleItems[e], x.w, x.a, x.b, false);
            if (x.second()) line(exampleItems[e], x.w2, x.a2, x.b2, true);
        }
        if (a.activeItems > int(examples.size())) ImGui::TextDisabled("  \xe2\x80\xa6");
    }
    ImGui::PopTextWrapPos();
    ImGui::Spacing();

    // The hardware model's counts. The values keep their width whole; a name that does not fit beside them wraps.
    struct Count {
        std::string name, value;
        view::Rgba color;
    };
    std::vector<Count> counts = {
        {"active work-items", std::to_string(a.activeItems) + " / " + std::to_string(items), p.laneActive},
        {"SIMD groups active", std::to_string(a.activeWarps), p.warpActive},
        {"SIMD groups idle", std::to_string(a.idleWarps), p.textDim},
        {"SIMD groups divergent", std::to_string(a.divergentWarps), a.divergentWarps ? p.warpDivergent : p.text},
        {"worst bank conflict", a.bankConflictDegree > 1 ? std::to_string(a.bankConflictDegree) + "-way" : "none",
         a.bankConflictDegree > 1 ? p.bankConflict : p.text}};
    if (const PatternInfo& info = patternInfo(side.bundle->run.pattern); info.showsContention)
        counts.push_back({"worst contention on one " + info.words.cell,
                          a.contentionDegree > 1 ? std::to_string(a.contentionDegree) + " work-items" : "none",
                          a.contentionDegree > 1 ? p.bankConflict : p.text});
    bool countsFit = true;
    float valueW = 0;
    for (const Count& c : counts) valueW = std::max(valueW, ImGui::CalcTextSize(c.value.c_str()).x);
    if (ImGui::BeginTable(sideIndex == 0 ? "##countsA" : "##countsB", 2, ImGuiTableFlags_SizingFixedFit)) {
        ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthStretch);
        ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthFixed,
                                std::max(valueW, ImGui::CalcTextSize("10 work-items").x));
        for (const Count& c : counts) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::PushTextWrapPos(0);
            ImGui::TextColored(vec4(p.textDim), "%s", c.name.c_str());
            ImGui::PopTextWrapPos();
            ImGui::TableNextColumn();
            ImGui::TextColored(vec4(c.color), "%s", c.value.c_str());
            countsFit = countsFit && lastItemFits();
        }
        ImGui::EndTable();
    }
    const auto& run = side.bundle->run;
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled("Counts from a model of the hardware: SIMD width %d, %d banks \xc3\x97 %d bytes.",
                        run.simdWidth, run.banks, run.bankWidthBytes);
    if (run.subGroupSize > 0)  // the device's own grouping, which the kernel's agreement followed
        ImGui::TextDisabled("The device ran this kernel in sub-groups of %d work-items.", run.subGroupSize);
    ImGui::PopTextWrapPos();
    const ImVec2 end = ImGui::GetCursorScreenPos();
    FrameGeometry::StageFacts f;
    f.side = sideIndex;
    f.variant = side.bundle->variant.id;
    f.label = st.label;
    f.activeItems = a.activeItems;
    f.items = items;
    f.activeWarps = a.activeWarps;
    f.idleWarps = a.idleWarps;
    f.divergentWarps = a.divergentWarps;
    f.bankConflict = a.bankConflictDegree;
    f.countsFit = countsFit;
    f.rect = {start.x, start.y, ImGui::GetContentRegionAvail().x, end.y - start.y};
    ctx.geometry.stageFacts.push_back(f);
}

const Stage* ResultPanel::currentStage(const ExplorerState& state, int sideIndex) {
    const Side& side = sideIndex == 0 ? state.a : state.b;
    if (!side.loaded()) return nullptr;
    const auto& r = side.timeline[size_t(side.stepAt(state.playback.step()))];
    return &side.bundle->run.passes[size_t(r.pass)].traced[size_t(r.group)].stages[size_t(r.stage)];
}

void ResultPanel::compareStages(const ExplorerState& state, const UiContext& ctx) {
    const auto& p = ctx.palette;
    const Stage* stages[2] = {currentStage(state, 0), currentStage(state, 1)};
    const Side* sides[2] = {&state.a, &state.b};
    FrameGeometry::StageFacts facts[2];
    float columnX[2] = {0, 0}, columnW[2] = {0, 0};
    const ImVec2 start = ImGui::GetCursorScreenPos();
    if (!ImGui::BeginTable("##compareCounts", 3, ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_BordersInnerV))
        return;
    ImGui::TableSetupColumn("##what", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("SIMD divergent").x);
    ImGui::TableSetupColumn("##left", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableSetupColumn("##right", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    // Titles: which side, and its variant.
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    for (int i = 0; i < 2; ++i) {
        ImGui::TableNextColumn();
        columnX[i] = ImGui::GetCursorScreenPos().x;
        columnW[i] = ImGui::GetContentRegionAvail().x;
        const std::string title = sides[i]->bundle ? sides[i]->bundle->variant.title
                                                   : (i == 0 ? state.config.variant : state.compareVariant);
        facts[i].side = i;
        facts[i].title = std::string(i == 0 ? "Left" : "Right") + ": " + title;
        ImGui::PushFont(ctx.fonts.bold);
        ImGui::TextColored(vec4(p.accent), "%s", i == 0 ? "Left" : "Right");
        ImGui::PopFont();
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(vec4(p.text), "%s", title.c_str());
        ImGui::PopTextWrapPos();
    }
    auto row = [&](const char* name, auto value) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextColored(vec4(p.textDim), "%s", name);
        for (int i = 0; i < 2; ++i) {
            ImGui::TableNextColumn();
            if (!stages[i]) {
                ImGui::TextDisabled("\xe2\x80\x94");
                continue;
            }
            value(*stages[i]);
        }
    };
    row("stage", [&](const Stage& st) {
        ImGui::PushFont(ctx.fonts.bold);
        ImGui::TextUnformatted(st.label.c_str());
        ImGui::PopFont();
    });
    row("active items", [&](const Stage& st) {
        ImGui::TextColored(vec4(p.laneActive), "%d / %d", st.analysis.activeItems, int(st.ops.size()));
    });
    row("SIMD active", [&](const Stage& st) { ImGui::TextColored(vec4(p.warpActive), "%d", st.analysis.activeWarps); });
    row("SIMD idle", [&](const Stage& st) { ImGui::TextColored(vec4(p.textDim), "%d", st.analysis.idleWarps); });
    row("SIMD divergent", [&](const Stage& st) {
        const int n = st.analysis.divergentWarps;
        ImGui::TextColored(vec4(n ? p.warpDivergent : p.text), "%d", n);
    });
    row("worst conflict", [&](const Stage& st) {
        const int k = st.analysis.bankConflictDegree;
        if (k > 1) ImGui::TextColored(vec4(p.bankConflict), "%d-way", k);
        else ImGui::TextColored(vec4(p.text), "none");
    });
    bool contention = false;  // where either side's pattern counts it (a histogram's bins)
    for (const Side* side : sides)
        contention = contention || (side->bundle && patternInfo(side->bundle->run.pattern).showsContention);
    if (contention)
        row("on one bin", [&](const Stage& st) {
            const int k = st.analysis.contentionDegree;
            if (k > 1) ImGui::TextColored(vec4(p.bankConflict), "%d work-items", k);
            else ImGui::TextColored(vec4(p.text), "none");
        });
    ImGui::EndTable();
    const float endY = ImGui::GetCursorScreenPos().y;
    for (int i = 0; i < 2; ++i) {
        FrameGeometry::StageFacts& f = facts[i];
        if (stages[i]) {
            const Stage& st = *stages[i];
            f.variant = sides[i]->bundle->variant.id;
            f.label = st.label;
            f.activeItems = st.analysis.activeItems;
            f.items = int(st.ops.size());
            f.activeWarps = st.analysis.activeWarps;
            f.idleWarps = st.analysis.idleWarps;
            f.divergentWarps = st.analysis.divergentWarps;
            f.bankConflict = st.analysis.bankConflictDegree;
        }
        f.rect = {columnX[i], start.y, columnW[i], endY - start.y};
        ctx.geometry.stageFacts.push_back(f);
    }
    // The hardware model behind the counts (once when both sides share it).
    ImGui::PushTextWrapPos(0);
    for (int i = 0; i < 2; ++i) {
        if (!sides[i]->bundle) continue;
        const auto& run = sides[i]->bundle->run;
        if (i == 1 && state.a.bundle && state.a.bundle->run.simdWidth == run.simdWidth &&
            state.a.bundle->run.banks == run.banks && state.a.bundle->run.bankWidthBytes == run.bankWidthBytes)
            continue;
        ImGui::TextDisabled("Counts from a model of the hardware%s: SIMD width %d, %d banks \xc3\x97 %d bytes.",
                            i == 1 ? " (right)" : "", run.simdWidth, run.banks, run.bankWidthBytes);
    }
    ImGui::PopTextWrapPos();
}

void ResultPanel::Draw(ExplorerState& state, const UiContext& ctx) {
    sectionTitle("RESULT", ctx);
    result(state, 0, ctx, true);
    if (state.comparing()) {
        ImGui::Spacing();
        result(state, 1, ctx, false);
    }
    ImGui::Spacing();
    ImGui::Spacing();
    sectionTitle("THIS STAGE", ctx);
    if (state.comparing())
        compareStages(state, ctx);
    else
        stage(state, 0, ctx);
    ImGui::Spacing();
    ImGui::Spacing();
    if (state.a.bundle) {
        sectionTitle("DEVICE", ctx);
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(vec4(ctx.palette.textDim), "%s", state.a.bundle->deviceName.c_str());
        ImGui::PopTextWrapPos();
        ImGui::TextDisabled("traced in %.0f ms", state.a.bundle->traceMs);
    }
}

}  // namespace rl::gui
