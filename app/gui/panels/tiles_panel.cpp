// The Tiles tab.
#include "app/gui/panels/tiles_panel.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "app/gui/common/colour.h"
#include "app/gui/panels/widgets.h"
#include "app/view/value_format.h"

namespace rl::gui {
namespace {

view::Rgba statusColour(TileStatus s, const view::Palette& p) {
    switch (s) {
        case TileStatus::None: return view::mix(p.cellDead, p.textDim, 0.45f);
        case TileStatus::Aggregate: return p.warn;
        case TileStatus::Prefix: return p.good;
    }
    return p.textDim;
}

const char* statusWords(TileStatus s) {
    switch (s) {
        case TileStatus::None: return "X: nothing published yet";
        case TileStatus::Aggregate: return "A: its aggregate (its own total) published";
        case TileStatus::Prefix: return "P: its inclusive prefix published";
    }
    return "";
}

// A legend swatch and its words, on the current line.
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
    ImGui::SameLine(0, 16 * s);
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
    const VariantKind kind = bundle.variant.kind;
    sideSelector(state, ctx);
    if (bundle.variant.pattern != Pattern::Scan || (kind != VariantKind::ScanTiles && kind != VariantKind::ScanLookBack)) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextDisabled(bundle.variant.pattern == Pattern::Scan
                                ? "This scan carries each chunk's prefix in its own stages (\"carried\"). The tiled "
                                  "scans (Hillis-Steele, Blelloch, raking, your own kernel) show every tile's total and "
                                  "offset here, and decoupled-look-back also how its tiles wait for each other."
                                : "Tiles are a scan's: choose Scan, then decoupled-look-back, to see how the tiles of a "
                                  "single-pass scan wait for each other. A reduction's work-groups are in the pass "
                                  "map above the tree.");
        ImGui::PopTextWrapPos();
        return;
    }
    const float s = ctx.scale;
    const auto& p = ctx.palette;
    const ElemType type = run.type;
    if (bundle.serial != serial_) {
        serial_ = bundle.serial;
        const PassPlan& first = bundle.plan.front();
        const int epi = std::max(1, first.elemsPerItem);
        tiles_ = tileSummaries(run, first.local * size_t(epi), epi, run.op, type);
        timeline_ = lookBackTimeline(run.lookBack, run.passes.front().groups, run.lookBackDropped, run.op, type);
        problems_ = run.lookBack.empty() ? std::vector<std::string>{} : lookBackProblems(timeline_, run.op, type);
        if (state.view.tilesPick >= int(tiles_.size())) state.view.tilesPick = -1;
    }
    const bool log = !run.lookBack.empty();
    const int length = timeline_.length;
    int& time = state.view.tilesTime;
    if (time < 0 || time >= length) time = length - 1;

    // Header: what is shown, the cursor over the log and the entry at it, the legend.
    ImGui::SameLine(0, 0);
    ImGui::Text("%zu tiles of %zu elements", tiles_.size(), tiles_.empty() ? size_t(0) : tiles_.front().count);
    if (log) {
        ImGui::SameLine(0, 16 * s);
        if (ImGui::ArrowButton("##tprev", ImGuiDir_Left)) time = std::max(0, time - 1);
        ImGui::SameLine(0, 4 * s);
        ImGui::SetNextItemWidth(std::min(420 * s, ImGui::GetContentRegionAvail().x * 0.4f));
        ImGui::SliderInt("##ttime", &time, 0, std::max(0, length - 1), "entry %d of the log");
        ImGui::SameLine(0, 4 * s);
        if (ImGui::ArrowButton("##tnext", ImGuiDir_Right)) time = std::min(length - 1, time + 1);
        ImGui::SameLine(0, 16 * s);
        if (problems_.empty())
            ImGui::TextColored(vec4(p.good), "protocol kept");
        else
            ImGui::TextColored(vec4(p.bad), "%s", problems_.front().c_str());
        const std::string entry = time >= 0 ? describeLookBackEntry(run.lookBack[size_t(time)]) : "";
        if (ctx.fonts.bold) ImGui::PushFont(ctx.fonts.bold);
        ImGui::TextUnformatted(entry.c_str());
        if (ctx.fonts.bold) ImGui::PopFont();
        g.entry = entry;
        swatch(ctx, statusColour(TileStatus::None, p), "X", "nothing yet");
        swatch(ctx, p.warn, "A", "aggregate");
        swatch(ctx, p.good, "P", "inclusive prefix");
        ImGui::TextDisabled("dots: reads");
        ImGui::SameLine(0, 16 * s);
        ImGui::TextDisabled("(?)");
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Each row is a tile, in the order of the tickets its work-group drew. Its bar is its "
                              "status word over the launch, left to right in the order of the log: X, then A once it "
                              "has summed its elements, then P once it knows everything before it.\nDots are its "
                              "reads of its predecessors' words; hollow ones were read in the same window past the "
                              "first P and not combined.\nHover a row (or click it, to keep it) to draw its reads to "
                              "the rows it read; click the bar to move the cursor there.");
    }

    // The rows: tile, status at the cursor, the timeline, total, offset, depth, waits.
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const int n = int(tiles_.size());
    const float rowH = std::clamp(avail.y / float(std::max(1, n + 1)), 18 * s, 40 * s);
    const float fontSize = std::clamp(rowH * 0.62f, 13 * s, 24 * s);
    ImFont* font = ctx.fonts.pick(view::FontRole::Regular, fontSize);
    ImFont* bold = ctx.fonts.pick(view::FontRole::Bold, fontSize);
    const float labelW = fontSize * 4.2f, statusW = log ? rowH * 1.3f : 0, numW = fontSize * 6.0f;
    const int numCols = log ? 4 : 2;
    const float tlW = log ? std::max(40 * s, avail.x - labelW - statusW - numW * float(numCols) - 30 * s) : 0;
    ImGui::BeginChild("##tiles", ImVec2(0, 0), false);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float tlX = origin.x + labelW + statusW + 10 * s, numX = tlX + tlW + 10 * s;
    auto text = [&](ImFont* f, float x, float y, view::Rgba c, const std::string& t, bool right = false) {
        const ImVec2 ts = f->CalcTextSizeA(fontSize, FLT_MAX, 0, t.c_str());
        dl->AddText(f, fontSize, ImVec2(right ? x - ts.x : x, y + (rowH - ts.y) * 0.5f), c.packed(), t.c_str());
    };
    const char* heads[] = {"total", "offset", "depth", "X reads"};
    for (int c = 0; c < numCols; ++c) text(font, numX + numW * float(c + 1) - 8 * s, origin.y, p.textDim, heads[c], true);
    if (log) text(font, tlX, origin.y, p.textDim, "time: the log's entries, left to right");
    auto xAt = [&](int at) { return tlX + tlW * (float(at) + 0.5f) / float(std::max(1, length)); };
    auto rowY = [&](int t) { return origin.y + rowH * float(t + 1); };

    ImGui::InvisibleButton("##tilerows", ImVec2(std::max(1.0f, avail.x - 8 * s), rowH * float(n + 1)));
    const bool hovered = ImGui::IsItemHovered();
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    const int hoverRow = hovered ? int(std::floor((mouse.y - origin.y) / rowH)) - 1 : -1;
    if (hovered && ImGui::IsItemClicked() && hoverRow >= 0 && hoverRow < n) {
        state.view.tilesPick = state.view.tilesPick == hoverRow ? -1 : hoverRow;
        if (log && mouse.x >= tlX && mouse.x < tlX + tlW)
            time = std::clamp(int((mouse.x - tlX) / tlW * float(length)), 0, length - 1);
    }
    const int picked = state.view.tilesPick >= 0 ? state.view.tilesPick : (hoverRow >= 0 && hoverRow < n ? hoverRow : -1);

    g.statuses.clear();
    for (int t = 0; t < n; ++t) {
        const float y = rowY(t);
        const TileSummary& tile = tiles_[size_t(t)];
        if (t == picked) dl->AddRectFilled(ImVec2(origin.x, y), ImVec2(numX + numW * float(numCols), y + rowH),
                                           p.panelRaised.packed(), 3 * s);
        text(t == picked ? bold : font, origin.x + labelW - 8 * s, y, p.text, "tile " + std::to_string(t), true);
        if (log && size_t(t) < timeline_.tiles.size()) {
            const TileLookBack& lb = timeline_.tiles[size_t(t)];
            const TileStatus now = time >= 0 ? lb.statusAt(time) : TileStatus::None;
            g.statuses += statusLetter(now);
            const float x0 = origin.x + labelW, pad = 2 * s;
            dl->AddRectFilled(ImVec2(x0, y + pad), ImVec2(x0 + statusW - pad, y + rowH - pad),
                              statusColour(now, p).packed(), 4 * s);
            const std::string letter(1, statusLetter(now));
            const ImVec2 ls = bold->CalcTextSizeA(fontSize, FLT_MAX, 0, letter.c_str());
            dl->AddText(bold, fontSize, ImVec2(x0 + (statusW - pad - ls.x) * 0.5f, y + (rowH - ls.y) * 0.5f),
                        p.background.packed(), letter.c_str());
            // The status over time: not started (before its ticket), X, A, P; faded past the cursor.
            const float barY0 = y + rowH * 0.3f, barY1 = y + rowH * 0.7f;
            const int marks[] = {lb.ticketAt, lb.aggregateAt >= 0 ? lb.aggregateAt : lb.prefixAt, lb.prefixAt, length};
            const TileStatus states[] = {TileStatus::None, TileStatus::Aggregate, TileStatus::Prefix};
            for (int k = 0; k < 3; ++k) {
                if (marks[k] < 0 || (k == 1 && lb.aggregateAt < 0)) continue;
                const int end = marks[k + 1] < 0 ? length : marks[k + 1];
                const float xa = xAt(marks[k]) - tlW * 0.5f / float(std::max(1, length)), xb = xAt(end) - tlW * 0.5f /
                                                                                                  float(std::max(1, length));
                if (xb <= xa) continue;
                const float cut = std::clamp(xAt(time) + tlW * 0.5f / float(std::max(1, length)), xa, xb);
                dl->AddRectFilled(ImVec2(xa, barY0), ImVec2(cut, barY1), statusColour(states[k], p).packed());
                dl->AddRectFilled(ImVec2(cut, barY0), ImVec2(xb, barY1), statusColour(states[k], p).scaledAlpha(0.3f).packed());
            }
            for (const TileRead& r : lb.reads) {
                const ImVec2 c(xAt(r.at), y + rowH * 0.5f);
                const float rad = std::max(2.5f * s, rowH * 0.14f);
                const view::Rgba col = r.at <= time ? statusColour(r.seen, p) : statusColour(r.seen, p).scaledAlpha(0.35f);
                if (r.combined)
                    dl->AddCircleFilled(c, rad, col.packed());
                else
                    dl->AddCircle(c, rad, col.packed(), 0, 1.5f * s);
            }
        }
        const std::string cols[] = {tile.hasTotal ? view::formatCompact(tile.total, type, 10) : "-",
                                    view::formatCompact(tile.offset, type, 10),
                                    log ? std::to_string(timeline_.tiles[size_t(t)].depth) : "",
                                    log ? std::to_string(timeline_.tiles[size_t(t)].polls) : ""};
        for (int c = 0; c < numCols; ++c) text(font, numX + numW * float(c + 1) - 8 * s, y, p.text, cols[c], true);
    }
    // The cursor, and the picked tile's reads: a line from its row down... up to each predecessor's, when it read.
    g.pickedReads.clear();
    if (log) {
        const float cx = xAt(std::max(0, time));
        dl->AddLine(ImVec2(cx, rowY(0)), ImVec2(cx, rowY(n)), p.accent.packed(), 1.5f * s);
        if (picked >= 0 && size_t(picked) < timeline_.tiles.size())
            for (const TileRead& r : timeline_.tiles[size_t(picked)].reads) {
                g.pickedReads.push_back(r.predecessor);
                if (r.predecessor < 0 || r.predecessor >= n) continue;
                const float x = xAt(r.at);
                const view::Rgba col = statusColour(r.seen, p).scaledAlpha(r.combined ? 1.0f : 0.5f);
                dl->AddLine(ImVec2(x, rowY(picked) + rowH * 0.5f), ImVec2(x, rowY(r.predecessor) + rowH * 0.5f),
                            col.packed(), (r.combined ? 2.0f : 1.0f) * s);
                dl->AddCircle(ImVec2(x, rowY(r.predecessor) + rowH * 0.5f), rowH * 0.25f, col.packed(), 0, 2 * s);
            }
    }
    if (hoverRow >= 0 && hoverRow < n) {
        const TileSummary& tile = tiles_[size_t(hoverRow)];
        ImGui::BeginTooltip();
        ImGui::Text("Tile %d: elements %zu to %zu", hoverRow, tile.first, tile.first + tile.count - 1);
        if (tile.hasTotal) ImGui::Text("Its total: %s", view::formatExact(tile.total, type).c_str());
        ImGui::Text("The offset its elements were given: %s", view::formatExact(tile.offset, type).c_str());
        if (log && size_t(hoverRow) < timeline_.tiles.size()) {
            const TileLookBack& lb = timeline_.tiles[size_t(hoverRow)];
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
    g.protocol = problems_.empty() ? (log ? "kept" : "") : problems_.front();
    g.rect = {origin.x, origin.y, avail.x, rowH * float(n + 1)};
}

}  // namespace rl::gui
