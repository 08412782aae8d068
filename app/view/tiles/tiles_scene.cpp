// The Tiles view's scene.
#include "app/view/tiles/tiles_scene.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "app/view/value_format.h"

namespace rl::view {

bool hasTilesView(const VariantInfo& v) {
    return v.kind == VariantKind::ScanTiles || v.kind == VariantKind::ScanLookBack;
}

TilesFacts tilesFacts(const TraceRun& run, size_t tileElements, int elementsPerItem) {
    TilesFacts f;
    f.type = run.type;
    f.tiles = tileSummaries(run, tileElements, std::max(1, elementsPerItem), run.op, run.type);
    if (!run.lookBack.empty() && !run.passes.empty()) {
        f.log = run.lookBack;
        f.timeline = lookBackTimeline(run.lookBack, run.passes.front().groups, run.lookBackDropped, run.op, run.type);
        f.problems = lookBackProblems(f.timeline, run.op, run.type);
    }
    return f;
}

TilesFacts tilesFacts(const TraceBundle& bundle) {
    const PassPlan& first = bundle.plan.front();
    const int epi = std::max(1, first.elemsPerItem);
    return tilesFacts(bundle.run, first.local * size_t(epi), epi);
}

int TilesFacts::cursor(int time) const {
    const int length = timeline.length;
    return time < 0 || time >= length ? length - 1 : time;
}

std::string tilesTitle(const std::string& variantTitle, const TilesFacts& facts, int at) {
    const size_t count = facts.tiles.empty() ? 0 : facts.tiles.front().count;
    std::string t = variantTitle + " · " + std::to_string(facts.tiles.size()) + " tiles of " + std::to_string(count) +
                    (count == 1 ? " element" : " elements");
    if (facts.hasLog())
        t += " · entry " + std::to_string(std::clamp(at, 0, facts.timeline.length - 1)) + " of 0–" +
             std::to_string(facts.timeline.length - 1);
    return t;
}

std::string tilesCaption(const TilesFacts& facts, int at) {
    if (!facts.hasLog()) return "Each tile's total and the offset its elements were given";
    std::string words = describeLookBackEntry(facts.log[size_t(std::clamp(at, 0, int(facts.log.size()) - 1))]);
    if (!words.empty()) words[0] = char(std::toupper(static_cast<unsigned char>(words[0])));
    return words;
}

std::string TilesFacts::statuses(int at) const {
    std::string s;
    if (!hasLog()) return s;
    for (const TileLookBack& t : timeline.tiles) s += statusLetter(at >= 0 ? t.statusAt(at) : TileStatus::None);
    return s;
}

Rgba tileStatusColour(TileStatus s, const Palette& p) {
    switch (s) {
        case TileStatus::None: return mix(p.cellDead, p.textDim, 0.45f);
        case TileStatus::Aggregate: return p.warn;
        case TileStatus::Prefix: return p.good;
    }
    return p.textDim;
}

TilesLayout::TilesLayout(Rect c, const TilesFacts& facts, float s, float minRow, float maxRow)
    : canvas(c), tiles(int(facts.tiles.size())), length(facts.timeline.length), log(facts.hasLog()), scale(s) {
    columns = log ? 4 : 2;
    rowH = std::clamp(c.h / float(std::max(1, tiles + 1)), minRow, maxRow);
    // Text as large as the row allows, up to half the tallest row (24 px at 1x in a pane, more on a lecture screen).
    fontSize = std::clamp(rowH * 0.62f, 13 * s, std::max(24 * s, maxRow * 0.5f));
    labelW = fontSize * 4.2f;
    statusW = log ? rowH * 1.3f : 0;
    numW = fontSize * 6.0f;
    // In a narrow pane the timeline keeps at least 30% of the width: depth and reads of X go first (the tooltip
    // and the words still give them).
    if (log && c.w - labelW - statusW - numW * float(columns) - 30 * s < c.w * 0.3f) columns = 2;
    timelineW = log ? std::max(40 * s, c.w - labelW - statusW - numW * float(columns) - 30 * s) : 0;
    timelineX = c.x + labelW + statusW + 10 * s;
    numbersX = timelineX + timelineW + (log ? 10 * s : 0);
}

float TilesLayout::entryX(int at) const {
    return timelineX + timelineW * (float(at) + 0.5f) / float(std::max(1, length));
}

int TilesLayout::tileAt(Vec2 p) const {
    const int row = int(std::floor((p.y - canvas.y) / rowH)) - 1;
    return p.x >= canvas.x && p.x < canvas.x + width() && row >= 0 && row < tiles ? row : -1;
}

int TilesLayout::entryAt(Vec2 p) const {
    if (!log || length <= 0 || p.x < timelineX || p.x >= timelineX + timelineW) return -1;
    return std::clamp(int((p.x - timelineX) / timelineW * float(length)), 0, length - 1);
}

Scene buildTilesScene(const TilesFacts& facts, const TilesLayout& l, const Palette& p, const TilesSceneOptions& o) {
    Scene scene;
    const float s = l.scale, fs = l.fontSize, rowH = l.rowH;
    const int n = l.tiles, time = l.log ? std::clamp(o.time, 0, std::max(0, l.length - 1)) : -1;
    const float half = l.timelineW * 0.5f / float(std::max(1, l.length));  // half an entry's width
    auto cell = [&](float x, float y, float w) { return Rect{x, y, w, rowH}; };
    auto number = [&](int column, float y, Rgba c, std::string t, FontRole font = FontRole::Regular) {
        scene.text(cell(l.numbersX + l.numW * float(column), y, l.numW - 8 * s), std::move(t), c, fs, font,
                   Align::Right);
    };

    const char* heads[] = {"total", "offset", "depth", "X reads"};
    for (int c = 0; c < l.columns; ++c) number(c, l.canvas.y, p.textDim, heads[c]);
    if (l.log) {  // the timeline's heading, as long as it fits
        for (const char* head : {"time: the log's entries, left to right", "time: the log's entries", "time"})
            if (estimateTextWidth(head, fs, FontRole::Regular) <= l.timelineW) {
                scene.text(cell(l.timelineX, l.canvas.y, l.timelineW), head, p.textDim, fs, FontRole::Regular,
                           Align::Left);
                break;
            }
    }

    for (int t = 0; t < n; ++t) {
        const float y = l.rowY(t);
        const TileSummary& tile = facts.tiles[size_t(t)];
        if (t == o.picked) scene.rect({l.canvas.x, y, l.width(), rowH}, p.panelRaised, 3 * s);
        scene.text(cell(l.canvas.x, y, l.labelW - 8 * s), "tile " + std::to_string(t), p.text, fs,
                   t == o.picked ? FontRole::Bold : FontRole::Regular, Align::Right);
        const bool hasLine = l.log && size_t(t) < facts.timeline.tiles.size();
        if (hasLine) {
            const TileLookBack& lb = facts.timeline.tiles[size_t(t)];
            const TileStatus now = lb.statusAt(time);
            const float x0 = l.canvas.x + l.labelW, pad = 2 * s;
            const Rect box{x0, y + pad, l.statusW - pad, rowH - 2 * pad};
            scene.rect(box, tileStatusColour(now, p), 4 * s);
            scene.text(box, std::string(1, statusLetter(now)), p.background, fs, FontRole::Bold);
            // The status over time: not started (before its ticket), X, A, P; faded past the cursor.
            const float barY = y + rowH * 0.3f, barH = rowH * 0.4f;
            const int marks[] = {lb.ticketAt, lb.aggregateAt >= 0 ? lb.aggregateAt : lb.prefixAt, lb.prefixAt,
                                 l.length};
            const TileStatus states[] = {TileStatus::None, TileStatus::Aggregate, TileStatus::Prefix};
            for (int k = 0; k < 3; ++k) {
                if (marks[k] < 0 || (k == 1 && lb.aggregateAt < 0)) continue;
                const int end = marks[k + 1] < 0 ? l.length : marks[k + 1];
                const float xa = l.entryX(marks[k]) - half, xb = l.entryX(end) - half;
                if (xb <= xa) continue;
                const float cut = std::clamp(l.entryX(time) + half, xa, xb);
                const Rgba c = tileStatusColour(states[k], p);
                if (cut > xa) scene.rect({xa, barY, cut - xa, barH}, c);
                if (xb > cut) scene.rect({cut, barY, xb - cut, barH}, c.scaledAlpha(0.3f));
            }
            // Its reads, as dots: filled where the read was combined into its prefix, hollow where it was not.
            const float r = std::max(2.5f * s, rowH * 0.14f);
            for (const TileRead& read : lb.reads) {
                const Rect dot{l.entryX(read.at) - r, y + rowH * 0.5f - r, 2 * r, 2 * r};
                const Rgba c = tileStatusColour(read.seen, p).scaledAlpha(read.at <= time ? 1.0f : 0.35f);
                if (read.combined)
                    scene.rect(dot, c, r);
                else
                    scene.outline(dot, c, 1.5f * s, r);
            }
        }
        const std::string columns[] = {tile.hasTotal ? formatCompact(tile.total, facts.type, 10) : "-",
                                       formatCompact(tile.offset, facts.type, 10),
                                       hasLine ? std::to_string(facts.timeline.tiles[size_t(t)].depth) : "",
                                       hasLine ? std::to_string(facts.timeline.tiles[size_t(t)].polls) : ""};
        for (int c = 0; c < l.columns; ++c) number(c, y, p.text, columns[c]);
    }
    if (!l.log) return scene;
    // The cursor, and the picked tile's reads: a line from its row to each predecessor's, at the moment it read.
    const float cx = l.entryX(time);
    scene.line({cx, l.rowY(0)}, {cx, l.rowY(n)}, p.accent, 1.5f * s);
    if (o.picked >= 0 && size_t(o.picked) < facts.timeline.tiles.size())
        for (const TileRead& read : facts.timeline.tiles[size_t(o.picked)].reads) {
            if (read.predecessor < 0 || read.predecessor >= n) continue;
            const float x = l.entryX(read.at), yp = l.rowY(read.predecessor) + rowH * 0.5f;
            const Rgba c = tileStatusColour(read.seen, p).scaledAlpha(read.combined ? 1.0f : 0.5f);
            scene.line({x, l.rowY(o.picked) + rowH * 0.5f}, {x, yp}, c, (read.combined ? 2.0f : 1.0f) * s);
            const float ring = rowH * 0.25f;
            scene.outline({x - ring, yp - ring, 2 * ring, 2 * ring}, c, 2 * s, ring);
        }
    return scene;
}

void addTilesLegend(Scene& scene, const Rect& box, const Palette& p, float size) {
    const float h = box.h, gap = size * 0.4f;
    float x = box.x;
    const struct {
        TileStatus status;
        const char* words;
    } items[] = {{TileStatus::None, "nothing yet"}, {TileStatus::Aggregate, "aggregate"},
                 {TileStatus::Prefix, "inclusive prefix"}};
    for (const auto& item : items) {
        const Rect sw{x, box.y, h * 1.3f, h};
        scene.rect(sw, tileStatusColour(item.status, p), 3);
        scene.text(sw, std::string(1, statusLetter(item.status)), p.background, size, FontRole::Bold);
        x += sw.w + gap;
        const float w = estimateTextWidth(item.words, size, FontRole::Regular);
        scene.text({x, box.y, w, h}, item.words, p.textDim, size, FontRole::Regular, Align::Left);
        x += w + 2.5f * gap;
    }
    scene.text({x, box.y, box.right() - x, h}, "dots: reads (filled: combined into its prefix)", p.textDim, size,
               FontRole::Regular, Align::Left);
}

}  // namespace rl::view
