// The tree panel.
#include "app/gui/panels/tree_panel.h"
#include "app/gui/common/colour.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/gui/panels/widgets.h"
#include "app/render/scene_draw.h"
#include "app/view/caption.h"
#include "app/view/state_marks.h"
#include "app/view/tree/tree_scene.h"
#include "app/view/value_format.h"
#include "core/model/analysis.h"
#include "core/catalogue/pass_plan.h"
#include "core/pattern.h"

namespace rl::gui {
namespace {

const char* opSymbol(Op op) {
    switch (op) {
        case Op::Sum: return "+";
        case Op::Min: return "min";
        case Op::Max: return "max";
    }
    return "?";
}

}  // namespace

void TreePanel::Draw(ExplorerState& state, int sideIndex, const UiContext& ctx, float height) {
    Side& side = sideIndex == 0 ? state.a : state.b;
    const float s = ctx.scale;
    const auto& p = ctx.palette;
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float totalH = height > 0 ? height : avail.y;
    const float width = avail.x;
    const ImVec2 top = ImGui::GetCursorScreenPos();
    progress(ctx, ImVec2(top.x + width, top.y));

    if (!side.loaded()) {
        // A trace with no stage: a kernel that keeps nothing in local memory between barriers (global atomics).
        const bool noStages = side.bundle != nullptr && !ctx.worker.busy() && state.lastError.empty();
        const char* text = ctx.worker.busy()             ? "Tracing on the device\xe2\x80\xa6"
                           : !state.lastError.empty() ? "This did not run"
                           : noStages                 ? "No stage recorded"
                                                      : "No trace loaded";
        ImGui::PushFont(ctx.fonts.heading);
        const ImVec2 ts = ImGui::CalcTextSize(text);
        ImGui::GetWindowDrawList()->AddText(ImVec2(top.x + (width - ts.x) * 0.5f, top.y + totalH * 0.4f),
                                            p.textDim.packed(), text);
        ImGui::PopFont();
        // Under the heading, centred and wrapped: why there is nothing to draw.
        const char* why = noStages ? "This kernel ran, and its result is beside; it kept nothing in local memory "
                                     "between barriers, so there is no stage to draw."
                        : !state.lastError.empty() && !ctx.worker.busy() ? state.lastError.c_str()
                                                                         : nullptr;
        if (why) {
            const float wrap = std::min(width - 40 * s, (noStages ? 700 : 900) * s);
            ImGui::SetCursorScreenPos(ImVec2(top.x + (width - wrap) * 0.5f, top.y + totalH * 0.4f + 44 * s));
            ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + wrap);
            ImGui::TextColored(vec4(noStages ? p.textDim : p.bad), "%s", why);
            ImGui::PopTextWrapPos();
        }
        ImGui::SetCursorScreenPos(top);
        ImGui::Dummy(ImVec2(width, totalH));
        return;
    }

    const int step = side.stepAt(state.playback.step());
    const view::StepRef ref = side.timeline[size_t(step)];
    const view::TreeFacts& facts = *side.factsAt(state.playback.step());
    const auto& run = side.bundle->run;
    const auto& variant = side.bundle->variant;
    const bool clamped = side.stepAt(state.playback.step()) != state.playback.step();
    const float transition = clamped ? 1.0f : state.playback.transition();

    // Header: the variant, and where this group sits (on the same line when there is room).
    std::string shownTitle;
    float shownTitleWidth = 0;
    {
        const PassTrace& pass = run.passes[size_t(ref.pass)];
        char where[200];
        const bool inLaunch = variant.kind == VariantKind::LastGroup && ref.pass > 0;
        // best-gpu's finishing trees: no launch of their own. With a two-level finish, pass 2 has a tree per block.
        const bool perBlock = inLaunch && pass.groups > 1;
        char block[48] = "";
        if (perBlock)
            std::snprintf(block, sizeof block, "block %d of %zu: ", pass.traced[size_t(ref.group)].group + 1,
                          pass.groups);
        if (inLaunch)
            std::snprintf(where, sizeof where, "pass %d of %zu, inside pass 1's launch  \xc2\xb7  %s%s  \xc2\xb7  %zu work-items",
                          ref.pass + 1, run.passes.size(), block,
                          finishingRole(size_t(ref.pass), run.passes.size(), pass.local).c_str(), pass.local);
        else
            std::snprintf(where, sizeof where,
                          "pass %d of %zu  \xc2\xb7  work-group %d of %zu  \xc2\xb7  %zu work-items", ref.pass + 1,
                          run.passes.size(), pass.traced[size_t(ref.group)].group, pass.groups, pass.local);
        ImGui::PushFont(ctx.fonts.heading);
        const float titleW = ImGui::CalcTextSize(variant.title.c_str()).x;
        // Side by side a long title ends with an ellipsis at the column's edge; the whole of it on hovering.
        shownTitle = fitLine(variant.title, width);
        shownTitleWidth = ImGui::CalcTextSize(shownTitle.c_str()).x;
        ImGui::TextUnformatted(shownTitle.c_str());
        ImGui::PopFont();
        if (shownTitle != variant.title && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", variant.title.c_str());
        const float idW = ImGui::CalcTextSize(variant.id.c_str()).x, whereW = ImGui::CalcTextSize(where).x;
        const float spacing = ImGui::GetStyle().ItemSpacing.x;
        if (titleW + idW + whereW + 4 * spacing < width) {
            ImGui::SameLine();
            ImGui::TextDisabled("%s", variant.id.c_str());
            ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - whereW);
            ImGui::TextColored(vec4(p.textDim), "%s", where);
        } else {  // narrow (side by side): a shorter line under the title
            if (inLaunch)
                std::snprintf(where, sizeof where, "pass %d/%zu (same launch)  \xc2\xb7  %s  \xc2\xb7  %zu items",
                              ref.pass + 1, run.passes.size(),
                              perBlock ? "a block's last group"
                              : run.passes.size() > 2 ? "last of the blocks' finishers"
                                                      : "last group",
                              pass.local);
            else
                std::snprintf(where, sizeof where, "pass %d/%zu  \xc2\xb7  group %d/%zu  \xc2\xb7  %zu items",
                              ref.pass + 1, run.passes.size(), pass.traced[size_t(ref.group)].group, pass.groups,
                              pass.local);
            ImGui::TextDisabled("%s", variant.id.c_str());
            sameLineIfFits(ImGui::CalcTextSize(where).x, 2 * spacing);  // else under the id, whole
            ImGui::TextColored(vec4(p.textDim), "%s", where);
        }
    }
    ImGui::Spacing();
    passMap.Draw(state, side, ctx, width);
    ImGui::Spacing();

    // Canvas.
    // Under the canvas: the value readout (one line), then the comparison's counts.
    const float readoutH = ImGui::GetTextLineHeightWithSpacing();
    const float footer = readoutH + (state.comparing() ? ImGui::GetTextLineHeightWithSpacing() * 2.4f : 0.0f);
    const ImVec2 canvasPos = ImGui::GetCursorScreenPos();
    const float canvasH = std::max(60 * s, top.y + totalH - canvasPos.y - footer - 6 * s);
    const ImVec2 canvasSize(width, canvasH);
    ImGui::InvisibleButton("##tree", canvasSize, ImGuiButtonFlags_MouseButtonLeft);
    const bool hovered = ImGui::IsItemHovered();
    ImGuiIO& io = ImGui::GetIO();

    view::TreeLayoutParams lp;
    lp.canvas = {canvasPos.x, canvasPos.y + 4 * s, canvasSize.x - 8 * s, canvasSize.y - 8 * s};
    lp.stages = facts.stages();
    lp.cells = facts.cells();
    lp.labelWidth = (state.comparing() ? 92 : 118) * s;
    lp.laneHeight = 7 * s;
    lp.maxCellHeight = 62 * s;
    lp.minCellHeight = 6 * s;
    lp.loadAtTop = state.view.loadAtTop;
    int& first = state.view.firstCell;
    int& visible = state.view.visibleCells;
    if (visible <= 0 || visible > lp.cells) visible = lp.cells;
    first = std::clamp(first, 0, std::max(0, lp.cells - visible));
    lp.firstCell = first;
    lp.visibleCells = visible;

    // Zoom (Ctrl + wheel, or wheel over a wide group) around the pointer; drag to pan; double-click: whole group.
    if (hovered) {
        view::TreeLayout before(lp);
        if (io.MouseWheel != 0 && lp.cells > 8) {
            const float anchor = float(first) + (io.MousePos.x - (lp.canvas.x + lp.labelWidth)) / before.pitch();
            const int next = std::clamp(int(std::round(float(visible) * std::pow(0.8f, io.MouseWheel))), 8, lp.cells);
            first = std::clamp(int(std::round(anchor - (anchor - float(first)) * float(next) / float(visible))), 0,
                               lp.cells - next);
            visible = next;
        }
        if (ImGui::IsMouseDragging(ImGuiMouseButton_Left) && visible < lp.cells) {
            const int shift = int(std::round(-io.MouseDelta.x / before.pitch()));
            first = std::clamp(first + shift, 0, lp.cells - visible);
        }
        if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) first = 0, visible = lp.cells;
        lp.firstCell = first;
        lp.visibleCells = visible;
    }
    const view::TreeLayout layout(lp);

    // Hover (the pointer, or a scripted hover already in the state).
    int hs = -1, hc = -1;
    if (hovered && layout.hit({io.MousePos.x, io.MousePos.y}, &hs, &hc) && hs <= ref.stage)
        state.hover = {sideIndex, hs, hc};
    else if (state.hover.side == sideIndex)
        state.hover = {};
    const bool hoverHere = state.hover.side == sideIndex && state.hover.stage >= 0 &&
                           state.hover.stage < facts.stages() && state.hover.cell < facts.cells();

    view::TreeSceneOptions so;
    so.stage = ref.stage;
    so.transition = transition;
    so.type = run.type;
    so.countBars = patternInfo(run.pattern).showsContention;  // a histogram's bins
    so.firstCounter = int(view::wordsOf(run).keys);  // a sorted tile's keys come first
    so.simdWidth = run.simdWidth;
    so.showValues = state.view.showValues;
    so.valueSize = layout.cellHeight() * 0.62f;  // as large as the cell allows (and its width, in the scene)
    so.labelSize = 18 * s;
    if (hoverHere) {
        so.hoverStage = state.hover.stage;
        so.hoverCell = state.hover.cell;
    }
    view::Scene scene = view::buildTreeScene(facts, layout, p, so, render::measureWith(ctx.fonts));
    if (ctx.stateMarks) view::addStateMarks(scene, facts, layout, p, ref.stage);  // shapes, not hue alone
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->PushClipRect(canvasPos, ImVec2(canvasPos.x + canvasSize.x, canvasPos.y + canvasSize.y), true);
    render::drawScene(dl, scene, ctx.fonts, false);  // no anti-aliased fills: a third of the triangles, corners still round
    if (visible < lp.cells) {  // where the zoomed window sits in the whole group
        const float barW = lp.canvas.w - lp.labelWidth;
        const float x0 = lp.canvas.x + lp.labelWidth + barW * float(first) / float(lp.cells);
        const float x1 = x0 + barW * float(visible) / float(lp.cells);
        const float y = canvasPos.y + canvasSize.y - 3 * s;
        dl->AddRectFilled(ImVec2(lp.canvas.x + lp.labelWidth, y), ImVec2(lp.canvas.x + lp.canvas.w, y + 3 * s),
                          p.border.packed(), 2 * s);
        dl->AddRectFilled(ImVec2(x0, y), ImVec2(x1, y + 3 * s), p.accent.packed(), 2 * s);
    }
    dl->PopClipRect();

    FrameGeometry::Tree g;
    g.side = sideIndex;
    g.title = shownTitle;
    g.titleWidth = shownTitleWidth;
    g.columnWidth = width;
    g.layout = lp;
    g.stage = ref.stage;
    g.transition = transition;
    g.pass = ref.pass;
    g.group = ref.group;
    g.groupId = run.passes[size_t(ref.pass)].traced[size_t(ref.group)].group;
    g.valueSize = scene.valueSize;
    g.hiddenValues = scene.hiddenValues;

    // Where the cells are too narrow for values, a hint says where to look: on the readout's line, at its right end,
    // where the line is wide enough for both (the readout then keeps to the rest); else under the last row where the
    // tree leaves room there; else not at all (never over the cells, never cut at the panel's edge).
    const char* hint = "wheel: zoom into the cells  \xc2\xb7  Heat map tab: every value";
    const ImVec2 hintSize = ImGui::CalcTextSize(hint);
    const bool hintWanted = layout.pitch() < 6 && lp.cells > 64;
    const bool hintInFooter = hintWanted && hintSize.x + 24 * s <= 0.6f * width;
    const float readoutRoom = hintInFooter ? width - hintSize.x - 24 * s : width;

    // The readout: the cell under the pointer exactly; else, when some values do not fit their cells, the current
    // stage's results written out.
    const bool hoveredHidden =
        hoverHere && so.showValues &&
        !view::valueFits(view::formatCell(facts.value(state.hover.stage, state.hover.cell), run.type),
                         layout.cell(state.hover.stage, state.hover.cell).w, scene.valueSize,
                         render::measureWith(ctx.fonts));
    if (hoveredHidden)
        g.readout = view::cellName(state.hover.cell, view::wordsOf(run)) + " after " +
                    facts.stage(state.hover.stage).label + ": " +
                    view::formatExact(facts.value(state.hover.stage, state.hover.cell), run.type);
    else if (scene.hiddenValues > 0 || (so.showValues && scene.valueSize <= 0))  // some values, or all, not written
        g.readout = view::stageReadout(facts, ref.stage, run.type, view::wordsOf(run), readoutRoom,
                                       [](const std::string& t) { return ImGui::CalcTextSize(t.c_str()).x; });
    ImGui::SetCursorScreenPos(ImVec2(canvasPos.x, canvasPos.y + canvasSize.y + 2 * s));
    ImGui::PushClipRect(ImVec2(canvasPos.x, canvasPos.y + canvasSize.y),
                        ImVec2(canvasPos.x + width, canvasPos.y + canvasSize.y + readoutH + 2 * s), true);
    g.readoutWidth = g.readout.empty() ? 0 : ImGui::CalcTextSize(g.readout.c_str()).x;
    if (!g.readout.empty()) ImGui::TextColored(vec4(p.textDim), "%s", g.readout.c_str());
    else ImGui::Dummy(ImVec2(width, ImGui::GetTextLineHeight()));
    ImGui::PopClipRect();
    ctx.geometry.trees.push_back(g);

    if (hintWanted) {
        const view::Rect last = layout.row(facts.stages() - 1);
        ImVec2 at(-1, -1);
        if (hintInFooter && g.readoutWidth <= readoutRoom)  // a hovered cell's readout may be longer
            at = ImVec2(canvasPos.x + width - hintSize.x, canvasPos.y + canvasSize.y + 2 * s);
        else if (hintSize.x + 16 * s <= canvasSize.x &&
                 last.bottom() + hintSize.y + 8 * s <= canvasPos.y + canvasSize.y)
            at = ImVec2(canvasPos.x + canvasSize.x - hintSize.x - 8 * s,
                        canvasPos.y + canvasSize.y - hintSize.y - 6 * s);
        if (at.x >= 0) dl->AddText(at, p.textFaint.packed(), hint);
        auto& drawn = ctx.geometry.trees.back();
        drawn.lastRow = last;
        if (at.x >= 0) drawn.zoomHint = {at.x, at.y, hintSize.x, hintSize.y};
    }
    if (hoverHere && hovered) tooltip(state, facts, state.hover.stage, state.hover.cell, ctx);
    if (state.comparing()) counts(side, state.playback.step(), ctx);
}

// A spinner and what the engine is doing, once a job has run for a moment, at the panel's top-right corner.
void TreePanel::progress(const UiContext& ctx, ImVec2 topRight) {
    if (!ctx.worker.busy() || ctx.worker.busySeconds() < 0.15) return;
    const float s = ctx.scale;
    const auto& p = ctx.palette;
    char text[200];
    std::snprintf(text, sizeof text, "%s\xe2\x80\xa6 %.1f s", ctx.worker.activity().c_str(), ctx.worker.busySeconds());
    const ImVec2 ts = ImGui::CalcTextSize(text);
    const float h = ts.y + 12 * s, w = ts.x + 48 * s;
    const ImVec2 a(topRight.x - w, topRight.y), b(topRight.x, topRight.y + h);
    ImDrawList* dl = ImGui::GetForegroundDrawList();
    dl->AddRectFilled(a, b, p.panelRaised.packed(), 6 * s);
    dl->AddRect(a, b, p.border.packed(), 6 * s);
    const ImVec2 c(a.x + 18 * s, (a.y + b.y) * 0.5f);
    const float a0 = float(ctx.now * 6.0);
    dl->PathArcTo(c, 7 * s, a0, a0 + 4.2f, 20);
    dl->PathStroke(p.accent.packed(), 0, 2.5f * s);
    dl->AddText(ImVec2(a.x + 36 * s, a.y + 6 * s), p.textDim.packed(), text);
}

void TreePanel::tooltip(const ExplorerState& state, const view::TreeFacts& f, int k, int c, const UiContext& ctx) {
    const Side& side = state.hover.side == 1 ? state.b : state.a;
    const auto& run = side.bundle->run;
    const auto& p = ctx.palette;
    const Stage& st = f.stage(k);
    ImGui::BeginTooltip();
    ImGui::PushFont(ctx.fonts.bold);
    ImGui::Text("Cell %d after stage %d (%s)", c, k, st.label.c_str());
    ImGui::PopFont();
    ImGui::Text("value  %s", view::formatExact(f.value(k, c), run.type).c_str());
    const int w = f.writer(k, c);
    if (w >= 0 && f.isLoad(k)) {
        ImGui::TextColored(vec4(p.cellWritten), "loaded by work-item %d", w);
    } else if (w >= 0) {
        const WorkItemOp& item = st.ops[size_t(w)];
        const CellOp wrote = operationWriting(item, w, c);  // a fused stage: maybe the work-item's second operation
        const int opA = wrote.a, opB = wrote.b;
        if (item.second() && item.w2 == c)
            ImGui::TextColored(vec4(p.cellWritten), "written by work-item %d in this stage (its second operation)", w);
        else
            ImGui::TextColored(vec4(p.cellWritten), "written by work-item %d in this stage", w);
        if (opA >= 0 && opB >= 0 && k > 0) {
            const std::string va = view::formatExact(f.value(k - 1, opA), run.type);
            const std::string vb = view::formatExact(f.value(k - 1, opB), run.type);
            if (run.op == Op::Sum)
                ImGui::Text("= cell %d + cell %d  =  %s + %s", opA, opB, va.c_str(), vb.c_str());
            else
                ImGui::Text("= %s(cell %d, cell %d)  =  %s(%s, %s)", opSymbol(run.op), opA, opB, opSymbol(run.op),
                            va.c_str(), vb.c_str());
        }
    } else if (k == 0 && f.padding(c)) {
        ImGui::TextDisabled("identity padding: no input element maps here");
    } else {
        const int last = f.lastWriteStage(k, c);
        if (last >= 0)
            ImGui::TextDisabled("unchanged since stage %d (%s), written by work-item %d", last,
                                f.stage(last).label.c_str(), f.writer(last, c));
        else
            ImGui::TextDisabled("not written by any stage so far");
    }
    if (k + 1 < f.stages() && f.read(k + 1, c)) ImGui::Text("read by the next stage");
    ImGui::TextColored(vec4(f.live(k, c) ? p.text : p.textFaint), "%s",
                       f.live(k, c) ? "still needed by a later stage" : "no longer needed");
    HardwareModel hw = hardwareOf(run);
    ImGui::TextDisabled("bank %d of %d  \xc2\xb7  outlined: every cell that flows into it", bankOf(c, hw), run.banks);
    ImGui::EndTooltip();
}

void TreePanel::counts(const Side& side, int step, const UiContext& ctx) {
    if (!side.loaded()) return;
    // Totals over the side's whole timeline next to the current stage's figures, as four labelled columns.
    int stages = 0, active = 0, divergent = 0, worst = 1;
    for (const auto& r : side.timeline) {
        const Stage& st = side.bundle->run.passes[size_t(r.pass)].traced[size_t(r.group)].stages[size_t(r.stage)];
        if (st.param < 0) continue;
        ++stages;
        active += st.analysis.activeItems;
        divergent += st.analysis.divergentWarps;
        worst = std::max(worst, st.analysis.bankConflictDegree);
    }
    const view::StepRef r = side.timeline[size_t(side.stepAt(step))];
    const Stage& cur = side.bundle->run.passes[size_t(r.pass)].traced[size_t(r.group)].stages[size_t(r.stage)];
    const auto& p = ctx.palette;
    if (!ImGui::BeginTable("##counts", 4, ImGuiTableFlags_SizingStretchSame)) return;
    const char* heads[] = {"stages", "active now (all)", "divergent (all)", "worst conflict"};
    for (const char* h : heads) {  // wrapped in a narrow column (side by side), not cut
        ImGui::TableNextColumn();
        ImGui::PushStyleColor(ImGuiCol_Text, vec4(p.textFaint));
        ImGui::TextWrapped("%s", h);
        ImGui::PopStyleColor();
    }
    auto value = [&](view::Rgba color, const std::string& big, const std::string& small) {
        ImGui::TableNextColumn();
        ImGui::PushFont(ctx.fonts.bold);
        ImGui::TextColored(vec4(color), "%s", big.c_str());
        ImGui::PopFont();
        if (!small.empty()) {
            ImGui::SameLine(0, 4 * ctx.scale);
            ImGui::TextColored(vec4(p.textDim), "%s", small.c_str());
        }
    };
    value(p.text, std::to_string(stages), "");
    value(p.laneActive, std::to_string(cur.analysis.activeItems), "(" + std::to_string(active) + ")");
    value(cur.analysis.divergentWarps ? p.warpDivergent : p.text, std::to_string(cur.analysis.divergentWarps),
          "(" + std::to_string(divergent) + ")");
    value(worst > 1 ? p.bankConflict : p.text,
          cur.analysis.bankConflictDegree > 1 ? std::to_string(cur.analysis.bankConflictDegree) + "-way" : "none",
          worst > 1 ? "(" + std::to_string(worst) + "-way)" : "");
    ImGui::EndTable();
}

}  // namespace rl::gui
