// Builds the tree's Scene: cells, lanes, lines, labels, values and the animated move of operands into results.
#include "app/view/tree/tree_scene.h"

#include <algorithm>
#include <cmath>

#include "app/view/value_format.h"

namespace rl::view {
namespace {

Rgba textOn(CellLook look, const Palette& p) {
    switch (look) {
        case CellLook::Written: return p.textOnWritten;
        case CellLook::WrittenPast:
        case CellLook::Live: return p.textOnLive;
        default: return p.textOnDead;
    }
}

struct Builder {
    const TreeFacts& f;
    const TreeLayout& L;
    const Palette& p;
    const TreeSceneOptions& o;
    const TextMeasure& measure;
    Scene scene;
    std::vector<uint8_t> cone;
    float rounding = 0;

    bool inCone(int k, int c) const { return !cone.empty() && cone[size_t(k) * size_t(f.cells()) + size_t(c)]; }

    float valueSize = 0;  // one size for every value in the tree, so rows read alike (0: values are not drawn)
    double largest = 0;   // countBars: the largest count of the group, the bars' full height
    int hidden = 0;       // shown cells whose exact value does not fit (an ellipsis instead)

    static constexpr float kMinSqueeze = 0.8f;  // values may be narrowed this far to fit (about DejaVu Condensed)
    static float padding(float width) { return std::clamp(width * 0.04f, 2.0f, 4.0f); }

    // The largest size <= cap at which `text` fits `width`, narrowed to kMinSqueeze at most (0: never).
    float fittingSize(const std::string& text, float width, float cap) const {
        const float room = width - padding(width);
        if (room <= 0) return 0;
        float size = cap;
        const float atCap = measure(text, size, FontRole::Bold) * kMinSqueeze;
        if (atCap > room) size = std::floor(cap * room / atCap);  // text width grows about linearly with its size
        while (size >= 1 && measure(text, size, FontRole::Bold) * kMinSqueeze > room) size -= 1;  // hinting
        return size;
    }

    // One size for every value shown (rows up to the current one), from the cell: the largest at which every exact
    // value fits, but never smaller than a floor (half the largest); values that do not fit at the floor are not
    // written at all (an ellipsis; the exact value on hover and beside the tree).
    float uniformValueSize(int lastRow) const {
        if (!o.showValues || L.pitch() < 12) return 0;
        const float width = L.cell(0, L.firstVisible()).w;
        const float cap = std::floor(std::min(o.valueSize, L.cellHeight() * 0.62f));
        const float floorSize = std::max(10.0f, std::floor(cap * 0.5f));
        if (cap < 10.0f) return 0;
        float size = cap;
        for (int k = 0; k <= lastRow; ++k)
            for (int c = L.firstVisible(); c < L.endVisible(); ++c) {
                if (size <= floorSize) return floorSize;
                size = std::min(size, fittingSize(formatCell(f.value(k, c), o.type), width, size));
            }
        return std::max(size, floorSize);
    }

    // The exact value at valueSize, narrowed if it must be; an ellipsis when even that does not fit.
    void valueText(const Rect& r, double value, Rgba color, bool count = true) {
        if (valueSize <= 0 || r.w < 12) return;
        const std::string text = formatCell(value, o.type);
        const float room = r.w - padding(r.w), width = measure(text, valueSize, FontRole::Bold);
        if (width <= room) {
            scene.text(r, text, color, valueSize, FontRole::Bold);
        } else if (width * kMinSqueeze <= room) {
            scene.text(r, text, color, valueSize, FontRole::Bold, Align::Center, room / width);
        } else {
            if (count) ++hidden;
            scene.text(r, "\xe2\x80\xa6", color.scaledAlpha(0.6f), std::min(valueSize, r.h * 0.5f), FontRole::Bold);
        }
    }

    void labels() {
        for (int k = 0; k < f.stages(); ++k) {
            const Rect box = L.label(k);
            const bool current = k == o.stage;
            const bool future = k > o.stage;
            const Rgba color = current ? p.text : (future ? p.textFaint : p.textDim);
            // As large as the cells allow, down to 11 pixels or 60% of the label size where that is more (text made
            // larger, an export scaled), within the stage's row
            float size =
                std::min({o.labelSize, std::max({11.0f, o.labelSize * 0.6f, L.cellHeight() * 0.7f}), box.h * 0.9f});
            const Stage& s = f.stage(k);
            const FontRole role = current ? FontRole::Bold : FontRole::Regular;
            // A long label ("root cleared", "down d = 16") is set smaller rather than cut at the column's edge.
            const float room = box.w - 4, width = measure(s.label, size, role);
            if (width > room && width > 0) size = std::max(8.0f, size * room / width);
            const Rect top{box.x, box.y, box.w, box.h * (L.cellHeight() >= 34 ? 0.62f : 1.0f)};
            scene.text(top, s.label, color, size, role, Align::Right);
            if (L.cellHeight() >= 34 && !future) {
                const Rect bottom{box.x, box.y + box.h * 0.55f, box.w, box.h * 0.45f};
                scene.text(bottom, std::to_string(f.activeItems(k)) + " active", current ? p.laneActive : p.textFaint,
                           size * 0.72f, FontRole::Regular, Align::Right);
            }
        }
    }

    // A stage still to come: empty slots, so the whole shape of the tree is visible from the start.
    void futureRow(int k) {
        if (!o.showFuture) return;
        if (L.cellGap() == 0) {
            scene.rect(L.cellsBand(k), p.cellFuture, 0);
            return;
        }
        for (int c = L.firstVisible(); c < L.endVisible(); ++c) scene.rect(L.cell(k, c), p.cellFuture, rounding);
    }

    void laneRow(int k, float alpha) {
        const Stage& s = f.stage(k);
        const bool current = k == o.stage;
        const Rgba on = current ? p.laneActive : mix(p.laneActive, p.panel, 0.55f);
        const Rgba off = p.laneIdle;
        // Runs of equal lanes become one rectangle when lanes touch (narrow cells), to keep wide groups cheap.
        const bool merge = L.cellGap() == 0;
        int c = L.firstVisible();
        while (c < L.endVisible()) {
            const bool active = size_t(c) < s.ops.size() && s.ops[size_t(c)].active;
            int end = c + 1;
            if (merge)
                while (end < L.endVisible() && (size_t(end) < s.ops.size() && s.ops[size_t(end)].active) == active) ++end;
            Rect r = L.lane(k, c);
            if (merge) r.w = L.lane(k, end - 1).right() - r.x;
            scene.rect(r, (active ? on : off).scaledAlpha(alpha), 0);
            c = end;
        }
    }

    void cellRow(int k, float alpha, bool drawValues) {
        const bool merge = L.cellGap() == 0;
        int c = L.firstVisible();
        while (c < L.endVisible()) {
            const CellLook look = cellLook(f, k, c, o.stage);
            int end = c + 1;
            if (merge)
                while (end < L.endVisible() && cellLook(f, k, end, o.stage) == look) ++end;
            Rect r = L.cell(k, c);
            if (merge) r.w = L.cell(k, end - 1).right() - r.x;
            Rgba fill = cellFill(look, p);
            if (look == CellLook::Written) fill = fill.scaledAlpha(alpha);
            scene.rect(r, fill, rounding);
            // The count as a bar from the cell's foot.
            if (!merge && o.countBars && c >= o.firstCounter && largest > 0 && r.h >= 8) {
                const float share = float(std::clamp(f.value(k, c) / largest, 0.0, 1.0));
                const float h = (r.h - 2) * share;
                if (h > 0.5f) scene.rect({r.x + 1, r.bottom() - 1 - h, r.w - 2, h}, p.accent.scaledAlpha(0.5f * alpha), 0);
            }
            if (!merge && drawValues && alpha > 0.5f) valueText(r, f.value(k, c), textOn(look, p).scaledAlpha(alpha));
            c = end;
        }
    }

    void operandOutlines(int k) {  // cells of row k-1 read by stage k
        if (k < 1 || f.isLoad(k)) return;
        if (L.pitch() >= 8) {
            const float width = L.pitch() >= 10 ? 2.0f : 1.0f;
            for (int c = L.firstVisible(); c < L.endVisible(); ++c)
                if (f.read(k, c)) scene.outline(L.cell(k - 1, c), p.cellOperand, width, rounding);
            return;
        }
        // Narrow cells: one bar along the edge the lines leave from, per run of read cells.
        int c = L.firstVisible();
        while (c < L.endVisible()) {
            if (!f.read(k, c)) {
                ++c;
                continue;
            }
            int end = c + 1;
            while (end < L.endVisible() && f.read(k, end)) ++end;
            const Rect a = L.cell(k - 1, c), b = L.cell(k - 1, end - 1);
            const float h = 2.0f;
            const float y = L.params().loadAtTop ? a.bottom() - h : a.y;
            scene.rect({a.x, y, b.right() - a.x, h}, p.cellOperand, 0);
            c = end;
        }
    }

    void lines(int k, float t) {
        const Stage& s = f.stage(k);
        if (f.isLoad(k)) return;
        const bool current = k == o.stage;
        const float width = current ? (L.pitch() >= 10 ? 2.0f : 1.2f) : 1.0f;
        const Rgba color = current ? p.operandLine : p.operandLinePast;
        if (L.pitch() < 4 && cone.empty()) {
            bands(k, t, color);
            return;
        }
        forEachOperation(s.ops, [&](const CellOp& op) {
            if (op.w < 0 || op.w >= f.cells()) return;
            for (int from : {op.a, op.b}) {
                if (from < 0 || from >= f.cells()) continue;
                if (!L.visible(from) && !L.visible(op.w)) continue;
                const Vec2 a = L.outAnchor(k - 1, from), b = L.inAnchor(k, op.w);
                const bool cone = inCone(k, op.w) && inCone(k - 1, from);
                scene.line(a, lerp(a, b, t), cone ? p.cone : color, cone ? width + 1 : width);
            }
        });
    }

    // Where cells are only a few pixels wide, individual lines merge into a blur (and cost a lot to fill): each run
    // of work-items whose operand and result cells advance by constant steps becomes one translucent band.
    void bands(int k, float t, Rgba color) {
        const Stage& s = f.stage(k);
        for (int slot = 0; slot < 2; ++slot) {
            int runFrom0 = -1, runTo0 = -1, runFrom1 = -1, runTo1 = -1, stepFrom = 0, stepTo = 0, length = 0;
            auto flush = [&]() {
                if (length == 0) return;
                const Vec2 a0 = L.outAnchor(k - 1, runFrom0), a1 = L.outAnchor(k - 1, runFrom1);
                const Vec2 b0 = lerp(a0, L.inAnchor(k, runTo0), t), b1 = lerp(a1, L.inAnchor(k, runTo1), t);
                const float half = 0.5f;  // at least a pixel wide
                scene.quad({a0.x - half, a0.y}, {a1.x + half, a1.y}, {b1.x + half, b1.y}, {b0.x - half, b0.y},
                           color.scaledAlpha(0.75f));
                length = 0;
            };
            forEachOperation(s.ops, [&](const CellOp& op) {
                const int from = slot == 0 ? op.a : op.b;
                if (op.w < 0 || op.w >= f.cells() || from < 0 || from >= f.cells()) return;
                if (length >= 1) {
                    const int df = from - runFrom1, dt = op.w - runTo1;
                    const bool continues = length == 1 ? (df > 0 && dt > 0) : (df == stepFrom && dt == stepTo);
                    if (continues) {
                        if (length == 1) stepFrom = df, stepTo = dt;
                        runFrom1 = from;
                        runTo1 = op.w;
                        ++length;
                        return;
                    }
                    flush();
                }
                runFrom0 = runFrom1 = from;
                runTo0 = runTo1 = op.w;
                length = 1;
            });
            flush();
        }
    }

    // During a transition into stage k: each active work-item's two operand values travel from their cells in
    // row k-1 to the cell they are combined into, then the result settles.
    void movingValues(int k, float t) {
        if (f.isLoad(k) || t >= 1) return;
        const float move = easeInOut(std::min(1.0f, t / 0.8f));
        // The two values fade as they merge into the result, which appears in their place.
        const float fade = 1.0f - easeInOut(std::clamp((t - 0.55f) / 0.3f, 0.0f, 1.0f));
        if (fade <= 0) return;
        const Stage& s = f.stage(k);
        forEachOperation(s.ops, [&](const CellOp& op) {
            if (op.w < 0 || op.w >= f.cells()) return;
            const Rect to = L.cell(k, op.w);
            for (int from : {op.a, op.b}) {
                if (from < 0 || from >= f.cells() || (!L.visible(from) && !L.visible(op.w))) continue;
                const Rect src = L.cell(k - 1, from);
                const Vec2 c = lerp(src.center(), to.center(), move);
                const Rect chip{c.x - src.w * 0.5f, c.y - src.h * 0.5f, src.w, src.h};
                const Rgba edge = L.pitch() >= 8 ? p.cellOperand.scaledAlpha(0.8f * fade) : Rgba{0, 0, 0, 0};
                scene.rect(chip, p.cellWritten.scaledAlpha(0.85f * fade), rounding, edge, 1);
                if (L.pitch() >= 14 && move < 0.6f) valueText(chip, f.value(k - 1, from), p.textOnWritten, false);
            }
        });
    }

    // countBars: the cells of the current stage that two or more work-items of one SIMD group incremented (their
    // atomics queue), outlined as hot.
    void hotCells(int k) {
        if (!o.countBars || L.pitch() < 6) return;
        const Stage& s = f.stage(k);
        const int width = std::max(1, o.simdWidth);
        std::vector<int> hits(size_t(f.cells()), 0), most(size_t(f.cells()), 0);
        for (size_t first = 0; first < s.ops.size(); first += size_t(width)) {
            std::fill(hits.begin(), hits.end(), 0);
            for (size_t i = first; i < std::min(s.ops.size(), first + size_t(width)); ++i)
                if (s.ops[i].active && s.ops[i].w >= 0 && s.ops[i].w < f.cells())
                    most[size_t(s.ops[i].w)] = std::max(most[size_t(s.ops[i].w)], ++hits[size_t(s.ops[i].w)]);
        }
        for (int c = L.firstVisible(); c < L.endVisible(); ++c)
            if (most[size_t(c)] >= 2) scene.outline(L.cell(k, c).inset(-1), p.bankConflict, 3.0f, rounding + 1);
    }

    void coneOutlines() {
        if (cone.empty()) return;
        for (int k = 0; k <= std::min(o.stage, f.stages() - 1); ++k)
            for (int c = L.firstVisible(); c < L.endVisible(); ++c)
                if (inCone(k, c)) scene.outline(L.cell(k, c), p.cone, L.pitch() >= 10 ? 2.0f : 1.0f, rounding);
        if (o.hoverStage >= 0 && L.visible(o.hoverCell))
            scene.outline(L.cell(o.hoverStage, o.hoverCell).inset(-2), p.text, 2.0f, rounding + 2);
    }

    void build() {
        rounding = L.pitch() >= 20 ? std::min(4.0f, L.cellHeight() * 0.12f) : 0.0f;
        if (o.hoverStage >= 0 && o.hoverStage <= o.stage) cone = f.cone(o.hoverStage, o.hoverCell);
        const int current = std::clamp(o.stage, 0, f.stages() - 1);
        const float t = std::clamp(o.transition, 0.0f, 1.0f);
        valueSize = uniformValueSize(current);
        if (o.countBars)
            for (int k = 0; k < f.stages(); ++k)
                for (int c = std::max(0, o.firstCounter); c < f.cells(); ++c)
                    largest = std::max(largest, f.value(k, c));
        labels();
        for (int k = current + 1; k < f.stages(); ++k) futureRow(k);
        if (o.showPastLines)
            for (int k = 1; k < current; ++k) lines(k, 1.0f);
        for (int k = 0; k < current; ++k) {
            laneRow(k, 1.0f);
            cellRow(k, 1.0f, true);
        }
        // The current row: settled (t = 1) or appearing, its results fading in as the operands arrive.
        const float appear = current == 0 ? 1.0f : easeInOut(std::clamp((t - 0.55f) / 0.45f, 0.0f, 1.0f));
        laneRow(current, current == 0 ? 1.0f : std::max(0.35f, easeInOut(std::min(1.0f, t * 2))));
        cellRow(current, current == 0 ? 1.0f : std::max(appear, 0.0f), true);
        if (current > 0) {
            lines(current, easeInOut(std::min(1.0f, t / 0.8f)));
            operandOutlines(current);
            movingValues(current, t);
        }
        if (t >= 0.55f) hotCells(current);
        coneOutlines();
    }
};

}  // namespace

CellLook cellLook(const TreeFacts& f, int row, int c, int currentStage) {
    if (row > currentStage) return CellLook::Future;
    if (row == 0 && f.isLoad(0) && f.padding(c)) return CellLook::Padding;
    if (f.written(row, c)) return row == currentStage ? CellLook::Written : CellLook::WrittenPast;
    return f.live(row, c) ? CellLook::Live : CellLook::Dead;
}

Rgba cellFill(CellLook look, const Palette& p) {
    switch (look) {
        case CellLook::Future: return {0, 0, 0, 0};
        case CellLook::Written: return p.cellWritten;
        case CellLook::WrittenPast: return p.cellWrittenPast;
        case CellLook::Live: return p.cellLive;
        case CellLook::Dead: return p.cellDead;
        case CellLook::Padding: return p.cellPadding;
    }
    return p.cellDead;
}

bool valueFits(const std::string& text, float width, float size, const TextMeasure& measure) {
    if (size <= 0 || width < 12) return false;
    return measure(text, size, FontRole::Bold) * Builder::kMinSqueeze <= width - Builder::padding(width);
}

Scene buildTreeScene(const TreeFacts& facts, const TreeLayout& layout, const Palette& palette,
                     const TreeSceneOptions& options, const TextMeasure& measure) {
    if (facts.stages() == 0 || facts.cells() == 0) return {};
    Builder b{facts, layout, palette, options, measure, {}, {}, 0};
    b.build();
    b.scene.valueSize = b.valueSize;
    b.scene.hiddenValues = b.hidden;
    return std::move(b.scene);
}

}  // namespace rl::view
