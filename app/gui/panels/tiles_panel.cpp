// The Tiles tab.
#include "app/gui/panels/tiles_panel.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "core/pattern.h"
#include "app/gui/common/colour.h"
#include "app/gui/panels/widgets.h"
#include "app/render/scene_draw.h"
#include "app/view/value_format.h"

namespace rl::gui {
namespace {

const char* statusWords(TileStatus s) {
    switch (s) {
        case TileStatus::None: return "X: nothing published yet";
        case TileStatus::Aggregate: return "A: its aggregate (its own total) published";
        case TileStatus::Prefix: return "P: its inclusive prefix published";
    }
    return "";
}

// The width a legend swatch and its words take.
float swatchWidth(const UiContext& ctx, const char* words) {
    return ImGui::GetTextLineHeight() * 1.3f + 4 * ctx.scale + ImGui::CalcTextSize(words).x;
}

// A legend swatch and its words, where the cursor is.
void swatch(const UiContext& ctx, view::Rgba colour, const char* letter, const char* words) {
    const float s = ctx.scale, h = ImGui::GetTextLineHeight();
    const ImVec2 a = ImGui::GetCursorScreenPos();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(a, ImVec2(a.x + h * 1.3f, a.y + h), colour.packed(), 3 * s);
    const ImVec2 ts = ImGui::CalcTextSize(letter);
    dl->AddText(ImVec2(a.x + (h * 1.3f - ts.x) * 0.5f, a.y), ctx.palette.background.packed(), letter);
    ImGui::Dummy(ImVec2(h * 1.3f, h));
    ImGui::SameLine(0, 4 * s);
    ImGui::TextDisabled("%s", words);
}

}  // namespace

void TilesPanel::Draw(ExplorerState& state, const UiContext& ctx) {
    const Side& side = state.bottomSide();
    auto& g = ctx.geometry.tiles;
    g.shown = true;
    if (!side.loaded()) {
        ImGui::TextDisabled("No trace loaded");
        return;
    }
    const auto& bundle = *side.bundle;
    const auto& run = bundle.run;
    sideSelector(state, ctx);
    if (!view::hasTilesView(bundle.variant)) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextDisabled("%s", patternInfo(bundle.variant.pattern).noTilesNote.c_str());
        ImGui::PopTextWrapPos();
        return;
    }
    const float s = ctx.scale;
    const auto& p = ctx.palette;
    const ElemType type = run.type;
    if (bundle.serial != serial_) {
        serial_ = bundle.serial;
        facts_ = view::tilesFacts(bundle);
        if (state.view.tilesPick >= int(facts_.tiles.size())) state.view.tilesPick = -1;
    }
    const bool log = facts_.hasLog();
    const int length = facts_.timeline.length;
    int& time = state.view.tilesTime;
    time = facts_.cursor(time);

    // Header: what is shown, the cursor over the log and the entry at it, the legend.
    ImGui::SameLine(0, 0);
    const float lineW = ImGui::GetContentRegionAvail().x;
    char heading[96];
    std::snprintf(heading, sizeof heading, "%zu tiles of %zu elements", facts_.tiles.size(),
                  facts_.tiles.empty() ? size_t(0) : facts_.tiles.front().count);
    ImGui::TextUnformatted(heading);
    if (log) {
        // The cursor shows its entry's number whole; where it and its arrows and the verdict do not fit beside the
        // heading (a 1280-pixel screen), they take the next line.
        const std::string most = "entry " + std::to_string(std::max(0, length - 1));
        const float mostW = ImGui::CalcTextSize(most.c_str()).x + ImGui::GetStyle().GrabMinSize +
                            ImGui::GetStyle().FramePadding.x * 2;  // the widest number beside the grab
        const float cursorW = std::max(mostW + ImGui::GetStyle().FramePadding.x * 2, std::min(420 * s, lineW * 0.3f));
        const char* verdict = facts_.problems.empty() ? "protocol kept" : facts_.problems.front().c_str();
        const float rowW = cursorW + 2 * ImGui::GetFrameHeight() + 24 * s + ImGui::CalcTextSize(verdict).x;
        if (ImGui::CalcTextSize(heading).x + 16 * s + rowW <= lineW) ImGui::SameLine(0, 16 * s);
        if (ImGui::ArrowButton("##tprev", ImGuiDir_Left)) time = std::max(0, time - 1);
        ImGui::SameLine(0, 4 * s);
        ImGui::SetNextItemWidth(cursorW);
        ImGui::SliderInt("##ttime", &time, 0, std::max(0, length - 1), "entry %d");
        g.cursorFits = ImGui::GetItemRectSize().x + 0.5f >= mostW;
        ImGui::SameLine(0, 4 * s);
        if (ImGui::ArrowButton("##tnext", ImGuiDir_Right)) time = std::min(length - 1, time + 1);
        ImGui::SameLine(0, 16 * s);
        if (facts_.problems.empty())
            ImGui::TextColored(vec4(p.good), "protocol kept");
        else
            ImGui::TextColored(vec4(p.bad), "%s", facts_.problems.front().c_str());
        const std::string entry = time >= 0 ? describeLookBackEntry(run.lookBack[size_t(time)]) : "";
        if (ctx.fonts.bold) ImGui::PushFont(ctx.fonts.bold);
        ImGui::PushTextWrapPos(0);  // a narrow tab wraps the entry rather than cutting it
        ImGui::TextUnformatted(entry.c_str());
        ImGui::PopTextWrapPos();
        if (ctx.fonts.bold) ImGui::PopFont();
        g.entry = entry;
        // The legend on one line where it fits, else on as many as it needs
        FlowRow legend(16 * s);
        swatch(ctx, view::tileStatusColour(TileStatus::None, p), "X", "nothing yet");
        legend.next(swatchWidth(ctx, "aggregate"));
        swatch(ctx, p.warn, "A", "aggregate");
        legend.next(swatchWidth(ctx, "prefix"));
        swatch(ctx, p.good, "P", "prefix");
        legend.next(ImGui::CalcTextSize("dots: reads").x);
        ImGui::TextDisabled("dots: reads");
        legend.next(ImGui::CalcTextSize("(?)").x);
        ImGui::TextDisabled("(?)");
        g.legendFits = legend.fits();
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Each row is a tile, in the order of the tickets its work-group drew. Its bar is its "
                              "status word over the launch, left to right in the order of the log: X, then A once it "
                              "has summed its elements, then P once it knows everything before it.\nDots are its "
                              "reads of its predecessors' words; hollow ones were read in the same window past the "
                              "first P and not combined.\nHover a row (or click it, to keep it) to draw its reads to "
                              "the rows it read; click the bar to move the cursor there.");
    }

    // The rows (app/view/tiles/tiles_scene.h): tile, status at the cursor, the timeline, total, offset, depth, reads.
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    ImGui::BeginChild("##tiles", ImVec2(0, 0), false);
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const view::TilesLayout layout({origin.x, origin.y, avail.x - 8 * s, avail.y}, facts_, s, 18 * s, 40 * s);
    const int n = layout.tiles;
    ImGui::InvisibleButton("##tilerows", ImVec2(std::max(1.0f, avail.x - 8 * s), std::max(1.0f, layout.height())));
    const bool hovered = ImGui::IsItemHovered();
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    const int hoverRow = hovered ? layout.tileAt({mouse.x, mouse.y}) : -1;
    if (hovered && ImGui::IsItemClicked() && hoverRow >= 0) {
        state.view.tilesPick = state.view.tilesPick == hoverRow ? -1 : hoverRow;
        const int at = layout.entryAt({mouse.x, mouse.y});
        if (at >= 0) time = at;
    }
    const int picked = state.view.tilesPick >= 0 ? state.view.tilesPick : hoverRow;
    view::TilesSceneOptions options;
    options.time = log ? time : -1;
    options.picked = picked;
    render::drawScene(ImGui::GetWindowDrawList(), view::buildTilesScene(facts_, layout, p, options), ctx.fonts);
    g.statuses = facts_.statuses(options.time);
    g.pickedReads.clear();
    if (log && picked >= 0 && size_t(picked) < facts_.timeline.tiles.size())
        for (const TileRead& r : facts_.timeline.tiles[size_t(picked)].reads) g.pickedReads.push_back(r.predecessor);
    if (hoverRow >= 0 && hoverRow < n) {
        const TileSummary& tile = facts_.tiles[size_t(hoverRow)];
        ImGui::BeginTooltip();
        ImGui::Text("Tile %d: elements %zu to %zu", hoverRow, tile.first, tile.first + tile.count - 1);
        if (tile.hasTotal) ImGui::Text("Its total: %s", view::formatExact(tile.total, type).c_str());
        ImGui::Text("The offset its elements were given: %s", view::formatExact(tile.offset, type).c_str());
        if (log && size_t(hoverRow) < facts_.timeline.tiles.size()) {
            const TileLookBack& lb = facts_.timeline.tiles[size_t(hoverRow)];
            ImGui::Text("Drawn by work-group %d; at the cursor: %s", lb.group, statusWords(lb.statusAt(time)));
            ImGui::Text("Looked back over %d tile%s, reading X %ld time%s while it waited", lb.depth,
                        lb.depth == 1 ? "" : "s", lb.polls, lb.polls == 1 ? "" : "s");
        }
        ImGui::EndTooltip();
    }
    ImGui::EndChild();
    g.tiles = n;
    g.logLength = length;
    g.time = log ? time : -1;
    g.picked = picked;
    g.protocol = facts_.problems.empty() ? (log ? "kept" : "") : facts_.problems.front();
    g.rect = {origin.x, origin.y, avail.x, layout.height()};
}

}  // namespace rl::gui
