// The warps and banks panel.
#include "app/gui/panels/warps_panel.h"
#include "app/gui/common/colour.h"
#include "app/gui/panels/widgets.h"

#include <imgui.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "core/model/analysis.h"
#include "core/pattern.h"

namespace rl::gui {
namespace {

// access 0-2: the work-item's reads a, b and its write; 3-5: the same of its second operation (fused stages).
int accessCell(const WorkItemOp& op, int access) {
    if (!op.active || (access >= 3 && !op.second())) return -1;
    switch (access) {
        case 0: return op.a;
        case 1: return op.b;
        case 2: return op.w;
        case 3: return op.a2;
        case 4: return op.b2;
        default: return op.w2;
    }
}

}  // namespace

void WarpsPanel::Draw(ExplorerState& state, const UiContext& ctx) {
    const Side& side = state.bottomSide();
    const auto& p = ctx.palette;
    const float s = ctx.scale;
    if (!side.loaded()) {
        ImGui::TextDisabled("No trace loaded");
        return;
    }
    const auto& run = side.bundle->run;
    const auto& r = side.timeline[size_t(side.stepAt(state.playback.step()))];
    const Stage& st = run.passes[size_t(r.pass)].traced[size_t(r.group)].stages[size_t(r.stage)];
    const HardwareModel hw = hardwareOf(run);
    const auto warps = analyzeWarps(st, hw);

    // Header: the side (when comparing), the stage's counts and the access whose banks are shown.
    sideSelector(state, ctx);
    // The counts, each whole: one that does not fit the line starts the next (a narrow panel, larger text).
    FlowRow counts(14 * s);
    bool firstCount = true;
    const auto count = [&](view::Rgba colour, const std::string& text) {
        if (!firstCount) counts.next(ImGui::CalcTextSize(text.c_str()).x);
        firstCount = false;
        ImGui::TextColored(vec4(colour), "%s", text.c_str());
    };
    count(p.warpActive, std::to_string(st.analysis.activeWarps) + " active");
    count(p.textDim, std::to_string(st.analysis.idleWarps) + " idle");
    count(p.warpDivergent, std::to_string(st.analysis.divergentWarps) + " divergent");
    count(st.analysis.bankConflictDegree > 1 ? p.bankConflict : p.textDim,
          "worst conflict " + std::to_string(st.analysis.bankConflictDegree) + "-way");
    bool headerFits = counts.fits();
    if (const PatternInfo& info = patternInfo(side.bundle->run.pattern); info.showsContention) {
        // The atomics that queue on one counter, on a line of their own (the counts above fill a narrow window).
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(vec4(st.analysis.contentionDegree > 1 ? p.bankConflict : p.textDim),
                           "worst contention: %d work-item%s of one SIMD group on one %s", st.analysis.contentionDegree,
                           st.analysis.contentionDegree == 1 ? "" : "s", info.words.cell.c_str());
        ImGui::PopTextWrapPos();
    }
    const bool load = st.param < 0;
    if (!load) {  // on its own line when the counts leave no room
        const float need = ImGui::CalcTextSize("banks of  read a  read b  write").x + 6 * ImGui::GetFrameHeight();
        if (ImGui::GetContentRegionAvail().x - ImGui::GetItemRectMax().x + ImGui::GetCursorScreenPos().x > need)
            ImGui::SameLine(0, 28 * s);
        // The three accesses of a work-item's operation, from `first` (0; 3 for its second operation).
        const auto accessButtons = [&](const char* title, int first) {
            ImGui::TextDisabled("%s", title);
            const char* names[] = {"read a", "read b", "write"};
            FlowRow row;
            for (int a = 0; a < 3; ++a) {
                const std::string label = first ? std::string(names[a]) + "##second" : names[a];
                row.next(checkboxWidth(names[a]));
                ImGui::RadioButton(label.c_str(), &state.view.warpAccess, first + a);
            }
            headerFits = headerFits && row.fits();
        };
        accessButtons("banks of", 0);
        // A fused stage (best-gpu): every active work-item does a second operation before the next barrier.
        if (isFused(st)) {
            accessButtons("second operation:", 3);
        } else if (state.view.warpAccess >= 3) {
            state.view.warpAccess -= 3;
        }
    }
    ctx.geometry.warpsHeaderFits = headerFits;
    const int access = load ? 2 : state.view.warpAccess;
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled("A model of the hardware, not counters: SIMD width %d, %d banks of %d bytes. Numbers in the lanes "
                        "are banks; a yellow frame marks a bank serving two or more words (serialised).",
                        hw.simdWidth, hw.banks, hw.bankWidthBytes);
    ImGui::PopTextWrapPos();

    ImGui::BeginChild("##warpgrid", ImVec2(0, 0), false);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->Flags &= ~ImDrawListFlags_AntiAliasedFill;  // hundreds of small lanes: a third of the triangles
    const int width = std::max(1, hw.simdWidth);
    const float labelW = ImGui::CalcTextSize("SIMD 000 divergent").x + 24 * s;
    const float degreeW = ImGui::CalcTextSize("no conflict").x + 16 * s;
    // Where the lanes would be narrower than 6 pixels with the conflict beside them (the panel of a 1280-pixel
    // screen), the conflict goes under the group's name and the lanes take its room.
    const float lineH = ImGui::GetTextLineHeight();
    const bool degreeBeside = (ImGui::GetContentRegionAvail().x - labelW - degreeW) / float(width) >= 6 * s;
    const float avail = ImGui::GetContentRegionAvail().x - labelW - (degreeBeside ? degreeW : 0.0f);
    const float lane = std::clamp(avail / float(width), 6 * s, 38 * s);
    const float rowH = std::max(lane, (degreeBeside ? lineH : 2 * lineH) + 4 * s);
    const float textY = (rowH - (degreeBeside ? lineH : 2 * lineH)) * 0.5f;  // the label's first line
    ImFont* small = ctx.fonts.pick(view::FontRole::Bold, std::min(15 * s, lane * 0.55f));
    const float smallSize = std::min(15 * s, lane * 0.55f);
    const ImVec2 mouse = ImGui::GetIO().MousePos;

    // Only the rows on screen are drawn (a 1024-wide group has 32 or more SIMD groups).
    ImGuiListClipper clipper;
    clipper.Begin(int(warps.size()), rowH + 3 * s + ImGui::GetStyle().ItemSpacing.y);
    while (clipper.Step())
    for (size_t w = size_t(clipper.DisplayStart); w < size_t(clipper.DisplayEnd); ++w) {
        const WarpDetail& d = warps[w];
        const ImVec2 o = ImGui::GetCursorScreenPos();
        const int first = int(w) * width;
        // Banks used by this access: bank -> distinct words, to mark the lanes that conflict.
        std::map<int, std::set<long long>> words;
        std::vector<int> cells;
        for (int l = 0; l < width && first + l < int(st.ops.size()); ++l) {
            const int cell = accessCell(st.ops[size_t(first + l)], access);
            cells.push_back(cell);
            if (cell >= 0)
                for (long long word : wordsOf(cell, hw)) words[int(word % hw.banks)].insert(word);
        }
        const int degree = conflictDegree(cells, hw);

        const view::Rgba stateColor =
            d.state == WarpState::Active ? p.warpActive : (d.state == WarpState::Divergent ? p.warpDivergent : p.warpIdle);
        const char* stateText = d.state == WarpState::Active ? "active" : (d.state == WarpState::Divergent ? "divergent" : "idle");
        dl->AddRectFilled(ImVec2(o.x, o.y + 3 * s), ImVec2(o.x + 5 * s, o.y + rowH - 3 * s), stateColor.packed(), 2 * s);
        char text[64];
        std::snprintf(text, sizeof text, "SIMD %zu", w);
        dl->AddText(ImVec2(o.x + 12 * s, o.y + textY), p.text.packed(), text);
        dl->AddText(ImVec2(o.x + 12 * s + ImGui::CalcTextSize("SIMD 000 ").x, o.y + textY), stateColor.packed(),
                    stateText);

        for (int l = 0; l < int(cells.size()); ++l) {
            const WorkItemOp& op = st.ops[size_t(first + l)];
            const float x = o.x + labelW + float(l) * lane;
            const ImVec2 a(x + 1, o.y + 1), b(x + lane - 1, o.y + rowH - 1);
            const int cell = cells[size_t(l)];
            const int bank = cell >= 0 ? bankOf(cell, hw) : -1;
            bool conflict = false;  // any bank this cell's words fall in (two for a 64-bit element) is shared
            if (cell >= 0)
                for (long long word : wordsOf(cell, hw)) conflict = conflict || words[int(word % hw.banks)].size() > 1;
            const float round = lane >= 14 * s ? 3 * s : 0.0f;
            dl->AddRectFilled(a, b, (op.active ? p.laneActive : p.laneIdle).packed(), round);
            if (conflict) dl->AddRect(a, b, p.bankConflict.packed(), round, 0, 2.5f * s);
            if (bank >= 0 && lane >= 16 * s) {
                const std::string t = std::to_string(bank);
                const ImVec2 ts = small->CalcTextSizeA(smallSize, FLT_MAX, 0, t.c_str());
                dl->AddText(small, smallSize, ImVec2((a.x + b.x - ts.x) * 0.5f, (a.y + b.y - ts.y) * 0.5f),
                            (conflict ? p.textOnWritten : p.textOnWritten).packed(), t.c_str());
            }
            if (mouse.x >= a.x && mouse.x < b.x && mouse.y >= a.y && mouse.y < b.y && ImGui::IsWindowHovered()) {
                ImGui::BeginTooltip();
                ImGui::Text("work-item %d (lane %d of SIMD group %zu)", first + l, l, w);
                if (!op.active)
                    ImGui::TextDisabled("idle in this stage");
                else if (load)
                    ImGui::Text("writes cell %d (bank %d)", op.w, bankOf(op.w, hw));
                else
                    ImGui::Text("reads cells %d and %d, writes cell %d", op.a, op.b, op.w);
                if (bank >= 0)
                    ImGui::Text("this access: cell %d, bank %d%s", cell, bank,
                                conflict ? "  (shared with other words: serialised)" : "");
                ImGui::EndTooltip();
            }
        }
        const std::string deg = degree > 1 ? std::to_string(degree) + "-way" : "no conflict";
        const ImVec2 degAt = degreeBeside ? ImVec2(o.x + labelW + float(width) * lane + 12 * s, o.y + textY)
                                          : ImVec2(o.x + 12 * s, o.y + textY + lineH);
        dl->AddText(degAt, (degree > 1 ? p.bankConflict : p.textFaint).packed(), deg.c_str());
        ctx.geometry.warpsRight = std::max({ctx.geometry.warpsRight, o.x + labelW + float(width) * lane,
                                            degAt.x + ImGui::CalcTextSize(deg.c_str()).x});
        ImGui::Dummy(ImVec2(labelW + float(width) * lane + (degreeBeside ? degreeW : 0.0f), rowH + 3 * s));
    }
    clipper.End();
    ImGui::EndChild();
}

}  // namespace rl::gui
