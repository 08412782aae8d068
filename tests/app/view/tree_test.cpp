// The tree's facts, layout and scene for sequential addressing, checked against what the kernel does by hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "app/view/tree/tree_facts.h"
#include "app/view/tree/tree_layout.h"
#include "app/view/theme.h"
#include "app/view/tree/tree_scene.h"
#include "tests/support/view_helpers.h"

namespace rl::view {
namespace {

using testing::modelGroupOf;

TEST(TreeFacts, SequentialWritersReadsAndLiveness) {
    const GroupTrace g = modelGroupOf("sequential", 8, 8);
    const TreeFacts f(g);
    ASSERT_EQ(f.stages(), 4);  // load, s = 4, 2, 1
    ASSERT_EQ(f.cells(), 8);
    // Stage 1 (s = 4): work-item i < 4 writes cell i from cells i and i + 4.
    for (int c = 0; c < 8; ++c) {
        EXPECT_EQ(f.writer(1, c), c < 4 ? c : -1) << c;
        EXPECT_TRUE(f.read(1, c)) << c;                  // every cell is an operand at s = 4
        EXPECT_EQ(f.live(0, c), true) << c;              // every loaded value is needed
        EXPECT_EQ(f.live(1, c), c < 4) << c;             // after s = 4 only the first half matters
        EXPECT_EQ(f.read(2, c), c < 4) << c;             // s = 2 reads cells 0..3
    }
    EXPECT_EQ(f.activeItems(0), 8);
    EXPECT_EQ(f.activeItems(1), 4);
    EXPECT_EQ(f.activeItems(3), 1);
    EXPECT_TRUE(f.live(3, 0));
    EXPECT_FALSE(f.live(3, 1));
    // Values: iota 0..7; after s = 4 cell 0 holds 0 + 4; the result is 28.
    EXPECT_EQ(f.value(1, 0), 4);
    EXPECT_EQ(f.value(1, 3), 3 + 7);
    EXPECT_EQ(f.value(3, 0), 28);
    // Cell 5 is left alone after the load: its last write is the load, by work-item 5.
    EXPECT_EQ(f.lastWriteStage(3, 5), 0);
    EXPECT_EQ(f.writer(0, 5), 5);
}

TEST(TreeFacts, PaddingPastN) {
    const GroupTrace g = modelGroupOf("sequential", 5, 8);
    const TreeFacts f(g);
    for (int c = 0; c < 8; ++c) EXPECT_EQ(f.padding(c), c >= 5) << c;
    EXPECT_EQ(f.activeItems(0), 5);
}

TEST(TreeFacts, ConeOfTheResultIsEveryInputAndOfAPartialIsItsPair) {
    const GroupTrace g = modelGroupOf("sequential", 8, 8);
    const TreeFacts f(g);
    const auto all = f.cone(3, 0);
    for (int c = 0; c < 8; ++c) EXPECT_TRUE(all[size_t(c)]) << c;  // stage 0 row: every loaded cell
    const auto pair = f.cone(1, 2);                                  // cell 2 after s = 4 = cell 2 + cell 6
    std::set<int> loads;
    for (int c = 0; c < 8; ++c)
        if (pair[size_t(c)]) loads.insert(c);
    EXPECT_EQ(loads, (std::set<int>{2, 6}));
}

// best-gpu's fused stage s = 8 (wg 16): work-item i < 4 writes cells i and i + 4; the cone of cell 5 goes through
// the second operation to cells 5 and 13 of the load.
TEST(TreeFacts, FusedStagesNameTheWriterOfBothCells) {
    const GroupTrace g = modelGroupOf("best-gpu", 64, 16);
    const TreeFacts f(g);
    for (int c = 0; c < 16; ++c) {
        EXPECT_EQ(f.writer(1, c), c < 8 ? c % 4 : -1) << c;
        EXPECT_TRUE(f.read(1, c)) << c;
    }
    EXPECT_EQ(f.activeItems(1), 4);
    const auto cone = f.cone(1, 5);
    std::set<int> loads;
    for (int c = 0; c < 16; ++c)
        if (cone[size_t(c)]) loads.insert(c);
    EXPECT_EQ(loads, (std::set<int>{5, 13}));
}

TEST(TreeLayout, CellsAreOrderedInsideTheCanvasAndHitTestInverts) {
    TreeLayoutParams p;
    p.canvas = {100, 50, 900, 500};
    p.stages = 6;
    p.cells = 32;
    p.labelWidth = 100;
    const TreeLayout L(p);
    EXPECT_LE(L.contentHeight(), p.canvas.h + 0.5f);
    for (int s = 0; s < p.stages; ++s)
        for (int c = 0; c < p.cells; ++c) {
            const Rect r = L.cell(s, c);
            EXPECT_GE(r.x, p.canvas.x + p.labelWidth - 0.01f);
            EXPECT_LE(r.right(), p.canvas.right() + 0.01f);
            EXPECT_GE(r.y, p.canvas.y - 0.01f);
            EXPECT_LE(r.bottom(), p.canvas.bottom() + 0.01f);
            if (c > 0) EXPECT_GE(r.x, L.cell(s, c - 1).right());  // no overlap, left to right
            if (s > 0) EXPECT_GT(r.y, L.cell(s - 1, c).bottom());  // load on top, rows downwards
            int hs = -1, hc = -1;
            ASSERT_TRUE(L.hit(r.center(), &hs, &hc));
            EXPECT_EQ(hs, s);
            EXPECT_EQ(hc, c);
        }
    int hs, hc;
    EXPECT_FALSE(L.hit({p.canvas.x + 10, p.canvas.y + 10}, &hs, &hc));  // the label column
}

TEST(TreeLayout, MirroredPutsTheLoadAtTheBottomAndAZoomWindowShowsItsCells) {
    TreeLayoutParams p;
    p.canvas = {0, 0, 800, 400};
    p.stages = 4;
    p.cells = 64;
    p.loadAtTop = false;
    p.firstCell = 16;
    p.visibleCells = 16;
    const TreeLayout L(p);
    EXPECT_GT(L.cell(0, 16).y, L.cell(3, 16).y);
    EXPECT_TRUE(L.visible(16));
    EXPECT_TRUE(L.visible(31));
    EXPECT_FALSE(L.visible(15));
    EXPECT_FALSE(L.visible(32));
    EXPECT_NEAR(L.pitch(), (800 - p.labelWidth) / 16, 0.01);
    // Lines arrive at the side of the strip facing the previous row: below the cells when mirrored.
    EXPECT_GT(L.inAnchor(1, 20).y, L.cell(1, 20).bottom() - 0.01f);
}

Scene sceneAt(const TreeFacts& f, const TreeLayout& L, int stage, float t) {
    TreeSceneOptions o;
    o.stage = stage;
    o.transition = t;
    o.type = ElemType::Int;
    return buildTreeScene(f, L, darkPalette(), o, estimateTextWidth);
}

// Cell-sized rectangles of a fill colour (the work-item strips share the colour of written cells, not their size).
std::vector<Rect> rectsFilled(const Scene& s, Rgba fill, float cellHeight) {
    std::vector<Rect> out;
    for (const auto& p : s.prims)
        if (p.kind == Prim::Kind::Rect && p.fill == fill && std::abs(p.rect.h - cellHeight) < 0.01f)
            out.push_back(p.rect);
    return out;
}

bool sameRect(const Rect& a, const Rect& b) {
    return std::abs(a.x - b.x) < 0.01f && std::abs(a.y - b.y) < 0.01f && std::abs(a.w - b.w) < 0.01f &&
           std::abs(a.h - b.h) < 0.01f;
}

// The tree of `f` laid out on a 1000 x 500 canvas.
TreeLayout layoutOf(const TreeFacts& f) {
    TreeLayoutParams p;
    p.canvas = {0, 0, 1000, 500};
    p.stages = f.stages();
    p.cells = f.cells();
    return TreeLayout(p);
}

int operandLines(const Scene& s, const Palette& pal) {
    int lines = 0;
    for (const auto& pr : s.prims) lines += pr.kind == Prim::Kind::Line && pr.stroke == pal.operandLine;
    return lines;
}

TEST(TreeScene, TheCurrentStagesWrittenCellsAreTheActiveWorkItemsResults) {
    const GroupTrace g = modelGroupOf("sequential", 16, 16);
    const TreeFacts f(g);
    const TreeLayout L = layoutOf(f);
    const Palette& pal = darkPalette();
    for (int stage = 1; stage < f.stages(); ++stage) {
        const Scene s = sceneAt(f, L, stage, 1.0f);
        const auto written = rectsFilled(s, pal.cellWritten, L.cellHeight());
        const int active = 16 >> stage;  // s = 8, 4, 2, 1
        ASSERT_EQ(int(written.size()), active) << stage;
        for (int c = 0; c < active; ++c) EXPECT_TRUE(sameRect(written[size_t(c)], L.cell(stage, c))) << stage << " " << c;
        // Every active work-item draws two operand lines into its result.
        EXPECT_EQ(operandLines(s, pal), 2 * active) << stage;
    }
    // Settled on s = 8: the value in cell 0 is 0 + 8.
    const Scene s1 = sceneAt(f, L, 1, 1.0f);
    bool found = false;
    const Rect c0 = L.cell(1, 0);
    for (const auto& pr : s1.prims)
        found = found || (pr.kind == Prim::Kind::Text && pr.text == "8" && sameRect(pr.rect, c0));
    EXPECT_TRUE(found);
    // Stages not reached yet are empty slots: no value text below the current row.
    for (const auto& pr : s1.prims)
        if (pr.kind == Prim::Kind::Text && pr.align == Align::Center) EXPECT_LT(pr.rect.y, L.cell(2, 0).y);
}

// A fused stage draws every operation: four work-items, eight results, sixteen operand lines.
TEST(TreeScene, AFusedStageDrawsBothOperationsOfEachWorkItem) {
    const GroupTrace g = modelGroupOf("best-gpu", 64, 16);
    const TreeFacts f(g);
    const TreeLayout L = layoutOf(f);
    const Palette& pal = darkPalette();
    const Scene s = sceneAt(f, L, 1, 1.0f);
    EXPECT_EQ(rectsFilled(s, pal.cellWritten, L.cellHeight()).size(), 8u);
    EXPECT_EQ(operandLines(s, pal), 16);
}

TEST(TreeScene, ATransitionMovesTheOperandValuesTowardsTheirResult) {
    const GroupTrace g = modelGroupOf("sequential", 16, 16);
    const TreeFacts f(g);
    TreeLayoutParams p;
    p.canvas = {0, 0, 1000, 500};
    p.stages = f.stages();
    p.cells = f.cells();
    const TreeLayout L(p);
    const Rgba chip = darkPalette().cellWritten.scaledAlpha(0.85f);
    const auto early = rectsFilled(sceneAt(f, L, 1, 0.1f), chip, L.cellHeight());
    const auto late = rectsFilled(sceneAt(f, L, 1, 0.5f), chip, L.cellHeight());
    ASSERT_EQ(early.size(), 16u);  // 8 work-items x 2 operands
    ASSERT_EQ(late.size(), 16u);
    // The chip of work-item 0's second operand (cell 8) moves from row 0 towards cell 0 of row 1.
    const Rect from = L.cell(0, 8), to = L.cell(1, 0);
    const Rect e = early[1], l = late[1];
    EXPECT_LT(std::abs(l.center().x - to.center().x), std::abs(e.center().x - to.center().x));
    EXPECT_GT(l.center().y, e.center().y);
    EXPECT_GE(e.center().y, from.center().y - 0.01f);
    EXPECT_TRUE(rectsFilled(sceneAt(f, L, 1, 1.0f), chip, L.cellHeight()).empty());  // settled: no moving values
    // Near the end the values have merged into the result: the chips have faded out.
    int chips = 0;
    for (const auto& pr : sceneAt(f, L, 1, 0.9f).prims)
        chips += pr.kind == Prim::Kind::Rect && pr.fill.r == chip.r && pr.fill.g == chip.g && pr.fill.a > 0 &&
                 std::abs(pr.rect.h - L.cellHeight()) < 0.01f && pr.fill.a < chip.a;
    EXPECT_EQ(chips, 0);
}

TEST(TreeScene, WideGroupsDrawBandsInsteadOfThousandsOfLines) {
    const GroupTrace g = modelGroupOf("sequential", 1024, 1024);
    const TreeFacts f(g);
    TreeLayoutParams p;
    p.canvas = {0, 0, 900, 500};
    p.stages = f.stages();
    p.cells = f.cells();
    const TreeLayout L(p);
    const Scene s = sceneAt(f, L, f.stages() - 1, 1.0f);
    int lines = 0, quads = 0, texts = 0;
    for (const auto& pr : s.prims) {
        lines += pr.kind == Prim::Kind::Line;
        quads += pr.kind == Prim::Kind::Quad;
        texts += pr.kind == Prim::Kind::Text && pr.align == Align::Center;
    }
    EXPECT_EQ(lines, 0);
    EXPECT_EQ(quads, 2 * 10);  // per tree stage: the straight band (a) and the folding band (b)
    EXPECT_EQ(texts, 0);       // cells under a pixel wide carry no values
    EXPECT_LT(s.prims.size(), 400u);
}

// The stage labels of a short tree (small cells) follow the label size the UI asks for: at the screen's own size
// 11 pixels at the least, as before; with text made larger (or an export scaled), larger in proportion, never more
// than their row holds.
TEST(TreeScene, StageLabelsOfSmallCellsFollowTheTextSize) {
    const GroupTrace g = modelGroupOf("sequential", 16, 16);
    const TreeFacts f(g);
    TreeLayoutParams p;
    p.canvas = {0, 0, 1000, 130};  // five rows in 130 pixels: the cells at their least
    p.stages = f.stages();
    p.cells = f.cells();
    const TreeLayout L(p);
    ASSERT_LT(L.cellHeight() * 0.7f, 11.0f) << "the test needs cells too short to set the labels' size";
    auto labelSizes = [&](float labelSize) {
        TreeSceneOptions o;
        o.stage = f.stages() - 1;
        o.type = ElemType::Int;
        o.labelSize = labelSize;
        std::vector<float> sizes;
        for (const auto& pr : buildTreeScene(f, L, darkPalette(), o, estimateTextWidth).prims)
            if (pr.kind == Prim::Kind::Text && pr.align == Align::Right) sizes.push_back(pr.size);
        return sizes;
    };
    const auto normal = labelSizes(18), larger = labelSizes(27);
    ASSERT_EQ(normal.size(), size_t(f.stages()));
    ASSERT_EQ(larger.size(), normal.size());
    for (size_t k = 0; k < normal.size(); ++k) {
        EXPECT_NEAR(normal[k], 11.0f, 0.01f) << k;
        EXPECT_NEAR(larger[k], std::min(27 * 0.6f, L.label(int(k)).h * 0.9f), 0.01f) << k;
        EXPECT_GT(larger[k], normal[k] * 1.3f) << k;
    }
}

TEST(TreeScene, CellLooksFollowTheStageAndLiveness) {
    const GroupTrace g = modelGroupOf("sequential", 6, 8);
    const TreeFacts f(g);
    EXPECT_EQ(cellLook(f, 0, 0, 0), CellLook::Written);
    EXPECT_EQ(cellLook(f, 0, 7, 0), CellLook::Padding);
    EXPECT_EQ(cellLook(f, 0, 0, 1), CellLook::WrittenPast);
    EXPECT_EQ(cellLook(f, 1, 0, 1), CellLook::Written);
    EXPECT_EQ(cellLook(f, 1, 5, 1), CellLook::Dead);
    EXPECT_EQ(cellLook(f, 2, 0, 1), CellLook::Future);
}

// A histogram's cells are drawn with a bar of their count; a sorted tile's keys (sort-then-count's first wg cells)
// are not counts and get none, and the bars' full height is the largest count, not the largest key.
TEST(TreeScene, CountBarsStartAtTheFirstCounterCell) {
    GroupTrace g;
    for (int param : {-1, 1}) {
        Stage st;
        st.param = param;
        st.values = {5, 5, 7, 9, 0, 2, 1, 1};  // four keys, then four bins' counts
        st.ops.assign(8, WorkItemOp{});
        g.stages.push_back(st);
    }
    const TreeFacts f(g);
    const TreeLayout L = layoutOf(f);
    const Palette& pal = darkPalette();
    // The bars: accent-coloured rectangles inside a cell of the current row, shorter than the cell.
    auto bars = [&](int firstCounter) {
        TreeSceneOptions o;
        o.stage = 1;
        o.transition = 1.0f;
        o.type = ElemType::Int;
        o.countBars = true;
        o.firstCounter = firstCounter;
        const Scene s = buildTreeScene(f, L, pal, o, estimateTextWidth);
        std::map<int, float> height;  // cell -> bar height
        for (const auto& pr : s.prims)
            if (pr.kind == Prim::Kind::Rect && pr.fill.r == pal.accent.r && pr.fill.g == pal.accent.g &&
                pr.fill.b == pal.accent.b && pr.rect.h < L.cellHeight() - 0.5f)
                for (int c = 0; c < 8; ++c) {
                    const Rect cell = L.cell(1, c);
                    if (pr.rect.x >= cell.x && pr.rect.right() <= cell.right() + 0.01f && pr.rect.y >= cell.y &&
                        pr.rect.bottom() <= cell.bottom() + 0.01f)
                        height[c] = pr.rect.h;
                }
        return height;
    };
    const auto keysToo = bars(0);
    EXPECT_EQ(keysToo.count(0), 1u) << "without a first counter every cell is a count";
    const auto countsOnly = bars(4);
    for (int c = 0; c < 4; ++c) EXPECT_EQ(countsOnly.count(c), 0u) << "key cell " << c;
    EXPECT_EQ(countsOnly.count(4), 0u) << "a count of 0 draws no bar";
    ASSERT_EQ(countsOnly.count(5), 1u);
    ASSERT_EQ(countsOnly.count(6), 1u);
    ASSERT_EQ(countsOnly.count(7), 1u);
    EXPECT_NEAR(countsOnly.at(5), L.cellHeight() - 2, 0.01f) << "the largest count (2) fills the cell";
    EXPECT_NEAR(countsOnly.at(6), (L.cellHeight() - 2) / 2, 0.01f);
}

}  // namespace
}  // namespace rl::view
