// The stages in words (app/view/narration.h), checked against what the kernels do by hand on iota input 0, 1, 2, ...:
// the work-items that combine cells and those idle, the divergent SIMD groups, the bank conflicts and the result.
#include <gtest/gtest.h>

#include "app/view/caption.h"
#include "app/view/narration.h"
#include "core/model/model_scan.h"
#include "app/view/tree/playback.h"
#include "tests/support/view_helpers.h"

namespace rl::view {
namespace {

using testing::modelGroupOf;

// A one-pass run of one traced group, as the device would record it, with the hardware model's sizes.
TraceRun runOf(const char* variant, size_t n, size_t wg, int simdWidth = 32) {
    TraceRun run;
    run.variant = variant;
    run.n = n;
    run.wg = wg;
    run.op = Op::Sum;
    run.type = ElemType::Int;
    run.simdWidth = simdWidth;
    PassTrace pass;
    pass.n = n;
    pass.groups = 1;
    pass.global = pass.local = wg;
    pass.traced.push_back(modelGroupOf(variant, n, wg));
    run.passes.push_back(pass);
    run.result = run.passes[0].traced[0].stages.back().values[0];
    run.reference = double(n) * double(n - 1) / 2;
    run.correct = run.result == run.reference;
    return run;
}

std::string at(const TraceRun& run, int stage) { return stageNarration(run, StepRef{0, 0, stage}); }

TEST(Narration, NumbersReadAsRangesProgressionsAndCounts) {
    EXPECT_EQ(describeNumbers({3}), "3");
    EXPECT_EQ(describeNumbers({0, 1, 2, 3}), "0 to 3");
    EXPECT_EQ(describeNumbers({0, 1}), "0 and 1");
    EXPECT_EQ(describeNumbers({0, 2, 5}), "0, 2 and 5");
    EXPECT_EQ(describeNumbers({0, 1, 2, 7, 9, 10, 11}), "0 to 2, 7 and 9 to 11");
    EXPECT_EQ(describeNumbers({1, 3, 5, 7, 9, 11, 13, 15}), "1, 3, 5 and so on up to 15 (every 2nd)");
    EXPECT_EQ(describeNumbers({0, 3, 4, 8, 12, 20, 21, 30}), "0, 3, 4, 8, 12 and 3 more");
}

TEST(Narration, SequentialStagesNameTheActiveAndIdleWorkItemsAndTheValues) {
    const TraceRun run = runOf("sequential", 16, 16);
    ASSERT_EQ(run.passes[0].traced[0].stages.size(), 5u);  // load, s = 8, 4, 2, 1
    EXPECT_EQ(at(run, 0),
              "Stage 0, the load: work-items 0 to 15 each load their input into their own cell (cell 0 = 0, cell 1 = 1, "
              "cell 2 = 2, cell 3 = 3 and 12 more). Its one SIMD group does not diverge. No bank conflicts.");
    // After s = 8, cell i (i < 8) holds i + (i + 8) = 2i + 8: 8, 10, ..., 22. At s = 4, cell 0 = 8 + 16 = 24.
    EXPECT_EQ(at(run, 1),
              "Stage 1 (s = 8): work-items 0 to 7 each add the cell 8 places to their right into their own (cell 0 = "
              "0 + 8 = 8, cell 1 = 1 + 9 = 10, cell 2 = 2 + 10 = 12, cell 3 = 3 + 11 = 14 and 4 more); work-items 8 to "
              "15 are idle. SIMD group 0 diverges (8 active, 8 idle). No bank conflicts.");
    EXPECT_EQ(at(run, 2),
              "Stage 2 (s = 4): work-items 0 to 3 each add the cell 4 places to their right into their own (cell 0 = "
              "8 + 16 = 24, cell 1 = 10 + 18 = 28, cell 2 = 12 + 20 = 32 and cell 3 = 14 + 22 = 36); work-items 4 to "
              "15 are idle. SIMD group 0 diverges (4 active, 12 idle). No bank conflicts.");
    EXPECT_EQ(at(run, 3),
              "Stage 3 (s = 2): work-items 0 and 1 each add the cell 2 places to their right into their own (cell 0 = "
              "24 + 32 = 56 and cell 1 = 28 + 36 = 64); work-items 2 to 15 are idle. SIMD group 0 diverges (2 active, 14 "
              "idle). No bank conflicts.");
    EXPECT_EQ(at(run, 4),
              "Stage 4 (s = 1): work-item 0 adds cell 1 into cell 0 (cell 0 = 56 + 64 = 120); work-items 1 to 15 are "
              "idle. SIMD group 0 diverges (1 active, 15 idle). No bank conflicts. Cell 0 now holds this work-group's "
              "value, 120.");
}

TEST(Narration, SmallSimdGroupsAreIdleWholeBeforeTheyDiverge) {
    const TraceRun run = runOf("sequential", 16, 16, 4);  // four SIMD groups of 4 lanes
    EXPECT_NE(at(run, 1).find("No SIMD group diverges. SIMD groups 2 and 3 are idle."), std::string::npos) << at(run, 1);
    EXPECT_NE(at(run, 2).find("No SIMD group diverges. SIMD groups 1 to 3 are idle."), std::string::npos) << at(run, 2);
    EXPECT_NE(at(run, 3).find("SIMD group 0 diverges (2 active, 2 idle). SIMD groups 1 to 3 are idle."),
              std::string::npos)
        << at(run, 3);
}

TEST(Narration, InterleavedDivergentNamesEveryOtherWorkItem) {
    const TraceRun run = runOf("interleaved-divergent", 16, 16);
    EXPECT_EQ(at(run, 1),
              "Stage 1 (s = 1): the 8 work-items 0, 2, 4 and so on up to 14 (every 2nd) each add the cell 1 place to "
              "their right into their own (cell 0 = 0 + 1 = 1, cell 2 = 2 + 3 = 5, cell 4 = 4 + 5 = 9, cell 6 = 6 + 7 "
              "= 13 and 4 more); the 8 work-items 1, 3, 5 and so on up to 15 (every 2nd) are idle. SIMD group 0 "
              "diverges (8 active, 8 idle). No bank conflicts.");
    // s = 2: work-items 0, 4, 8, 12 write cells 0, 4, 8, 12 from cells i and i + 2.
    EXPECT_NE(at(run, 2).find("work-items 0, 4, 8 and 12 each add the cell 2 places to their right into their own (cell "
                              "0 = 1 + 5 = 6, cell 4 = 9 + 13 = 22, "),
              std::string::npos)
        << at(run, 2);
    EXPECT_NE(at(run, 2).find("SIMD group 0 diverges (4 active, 12 idle)."), std::string::npos);
}

// interleaved-strided, 64 work-items: at s = 1 work-item i < 32 writes cell 2i from 2i and 2i + 1; SIMD group 0 reads
// cells 0, 2, ..., 62, and 32 four-byte banks serve cells 0 and 32 from bank 0: a 2-way conflict.
TEST(Narration, StridedAddressingNamesTheConflictingBankAndItsCells) {
    const TraceRun run = runOf("interleaved-strided", 64, 64);
    const std::string s1 = at(run, 1);
    EXPECT_NE(s1.find("work-items 0 to 31 each add into a cell the cell 1 place to its right (cell 0 = 0 + 1 = 1, "
                      "cell 2 = 2 + 3 = 5, "),
              std::string::npos)
        << s1;
    EXPECT_NE(s1.find("; work-items 32 to 63 are idle. No SIMD group diverges. SIMD group 1 is idle."), std::string::npos)
        << s1;
    EXPECT_NE(s1.find("SIMD group 0 has a 2-way bank conflict reading its first operands (bank 0 serves cells 0 and "
                      "32)."),
              std::string::npos)
        << s1;
    EXPECT_EQ(s1.find("No bank conflicts"), std::string::npos);
    // s = 2: work-items 0 to 15 read cells 0, 4, ..., 60: still two cells per bank (0 and 32 in bank 0).
    const std::string s2 = at(run, 2);
    EXPECT_NE(s2.find("SIMD group 0 diverges (16 active, 16 idle). SIMD group 1 is idle."), std::string::npos) << s2;
    EXPECT_NE(s2.find("2-way bank conflict reading its first operands (bank 0 serves cells 0 and 32)"),
              std::string::npos)
        << s2;
}

TEST(Narration, TheLastStepEndsWithTheResultAndTheReference) {
    TraceRun run = runOf("sequential", 16, 16);
    const std::vector<StepRef> timeline = buildTimeline(run, {0});
    ASSERT_EQ(timeline.size(), 5u);
    const std::string last = stepNarration(run, timeline, 4);
    EXPECT_NE(last.find("value, 120. The result is 120, which equals the CPU reference."), std::string::npos) << last;
    EXPECT_EQ(stepNarration(run, timeline, 3).find("The result"), std::string::npos);
    run.result = 119;
    run.correct = false;
    EXPECT_NE(resultNarration(run).find("The result is 119, but the CPU reference is 120: the reduction is wrong."),
              std::string::npos);
}

TEST(Narration, CellsSayWhoWroteThemFromWhichCells) {
    const GroupTrace g = modelGroupOf("sequential", 16, 16);
    const TreeFacts f(g);
    EXPECT_EQ(cellNarration(f, 2, 3, ElemType::Int), "cell 3: 36, written in this stage by work-item 3 from cells 3 and 7");
    EXPECT_EQ(cellNarration(f, 0, 5, ElemType::Int), "cell 5: 5, loaded in this stage by work-item 5");
    // Cell 12 after s = 4: loaded, read at s = 8, never written again and no longer needed.
    EXPECT_EQ(cellNarration(f, 2, 12, ElemType::Int),
              "cell 12: 12, unchanged since work-item 12 loaded it; no later stage reads it");
    // Cell 5 after s = 2: written at s = 8 (5 + 13 = 18) and left alone since; s = 4 was the last to read it.
    EXPECT_EQ(cellNarration(f, 3, 5, ElemType::Int),
              "cell 5: 18, unchanged since stage 1 (s = 8), where work-item 5 wrote it; no later stage reads it");
}

TEST(Narration, MarkdownHasAHeadingAndAParagraphPerStep) {
    const TraceRun run = runOf("sequential", 16, 16);
    VariantInfo v;
    v.title = "Sequential addressing";
    const std::string md = narrationMarkdown(run, v, buildTimeline(run, {0}));
    EXPECT_EQ(md.rfind("# Sequential addressing, stage by stage\n\n16 int elements, sum, in work-groups of 16", 0), 0u)
        << md;
    for (const char* h : {"\n## Stage 0, the load\n\nWork-items 0 to 15 each load", "\n## Stage 1 (s = 8)\n\nWork-items 0 to 7",
                          "\n## Stage 4 (s = 1)\n\nWork-item 0 adds cell 1 into cell 0"})
        EXPECT_NE(md.find(h), std::string::npos) << h << "\n" << md;
    EXPECT_NE(md.find("The result is 120, which equals the CPU reference.\n"), std::string::npos);
}

// The look-back stage says where its tile's prefix came from: nowhere for the first tile, the tiles it looked back
// over for the others (the label is kept short for the tree's label column: "look-back 1").
TEST(Caption, TheLookBackStageSaysWhereItsTilesPrefixCameFrom) {
    const VariantInfo& v = *findVariant("decoupled-look-back");
    RunConfig c;
    c.variant = v.id;
    c.n = 64;
    c.wg = 16;
    c.elemsPerItem = 2;
    c.type = ElemType::Int;
    std::vector<double> input(c.n);
    for (size_t i = 0; i < c.n; ++i) input[i] = double(i % 10);
    TraceRun run;
    run.variant = v.id;
    run.n = c.n;
    run.wg = c.wg;
    run.op = Op::Sum;
    run.type = ElemType::Int;
    run.passes = modelScanRun(v, c, input, nullptr);
    ASSERT_EQ(run.passes.size(), 1u);
    ASSERT_EQ(run.passes[0].traced.size(), 2u);  // two tiles of 16 x 2
    for (int tile = 0; tile < 2; ++tile) {
        const auto& stages = run.passes[0].traced[size_t(tile)].stages;
        int at = -1;
        for (size_t s = 0; s < stages.size(); ++s)
            if (stages[s].param >= 0 && (stages[s].param & kLookBackFlag)) at = int(s);
        ASSERT_GE(at, 0) << "tile " << tile;
        EXPECT_EQ(stages[size_t(at)].label, tile == 0 ? "look-back 0" : "look-back 1");
        const std::string d = stageDescription(run, StepRef{0, tile, at});
        EXPECT_EQ(d.rfind(tile == 0 ? "the first tile: no prefix" : "the tile's prefix, from looking back over 1 tile", 0),
                  0u)
            << d;
    }
}

// A histogram's first stage clears its bins: the title names it so, not "the load", and counts the stages after it
// as the reduction's title and the words do.
TEST(Caption, AHistogramsFirstStageIsItsBinsClearedNotTheLoad) {
    TraceRun run;
    run.pattern = Pattern::Histogram;
    PassTrace pass;
    pass.groups = 1;
    GroupTrace group;
    for (int param : {kBinsClearedParam, kBinsStepFlag | 0, kBinsMergedParam}) {
        Stage st;
        st.param = param;
        st.label = stageLabel(param);
        st.values.assign(4, 0.0);
        group.stages.push_back(st);
    }
    pass.traced.push_back(group);
    run.passes.push_back(pass);
    VariantInfo v;
    v.title = "Private bins";
    EXPECT_EQ(stageTitle(run, v, StepRef{0, 0, 0}), "Private bins \xc2\xb7 pass 1 of 1 \xc2\xb7 stage 0 of 2 (cleared)");
    EXPECT_EQ(stageTitle(run, v, StepRef{0, 0, 1}), "Private bins \xc2\xb7 pass 1 of 1 \xc2\xb7 stage 1 of 2 (step 0)");
    // A reduction's stage 0 is its load.
    const TraceRun reduce = runOf("sequential", 16, 16);
    v.title = "Sequential";
    EXPECT_EQ(stageTitle(reduce, v, StepRef{0, 0, 0}), "Sequential \xc2\xb7 pass 1 of 1 \xc2\xb7 the load");
}

// A histogram whose local memory holds copies of its bins (per-work-item, replicated) names a cell as a bin's copy:
// 10 bins in 80 cells are 8 copies, cell 11 is bin 1's copy 3; with as many cells as bins, a cell is its bin.
TEST(Caption, ACopyOfABinIsNamedAsTheBinsCopy) {
    TraceRun run;
    run.pattern = Pattern::Histogram;
    run.op = Op::Sum;
    run.output.assign(10, 0.0);
    PassTrace pass;
    GroupTrace group;
    Stage st;
    st.values.assign(80, 0.0);
    group.stages.push_back(st);
    pass.traced.push_back(group);
    run.passes.push_back(pass);
    const CellWords words = wordsOf(run);
    EXPECT_EQ(words.copies, 8u);
    EXPECT_EQ(operationText(Op::Sum, 8, -1, -1, words), "bin 1 (copy 0) \xe2\x86\x92 the global bins");
    EXPECT_EQ(operationText(Op::Sum, 11, kRegisterOperand, 11, words), "bin 1 (copy 3) \xe2\x86\x90 bin 1 (copy 3) + 1");
    run.passes[0].traced[0].stages[0].values.assign(10, 0.0);
    EXPECT_EQ(operationText(Op::Sum, 8, -1, -1, wordsOf(run)), "bin 8 \xe2\x86\x92 the global bins");
    run.pattern = Pattern::Reduce;  // a pattern whose cells are never copies
    run.passes[0].traced[0].stages[0].values.assign(80, 0.0);
    EXPECT_EQ(wordsOf(run).copies, 1u);
}

// A histogram that sorts its tile (sort-then-count) holds the tile's keys before its bins: 8 keys and 4 bins in 12
// cells name cell 3 as key 3 and cell 9 as bin 1, and are no copies of the bins.
TEST(Caption, ASortedTilesKeysAreNamedAsKeysBeforeTheBins) {
    TraceRun run;
    run.pattern = Pattern::Histogram;
    run.variant = "sort-then-count";
    run.op = Op::Sum;
    run.wg = 8;
    run.output.assign(4, 0.0);
    PassTrace pass;
    GroupTrace group;
    Stage st;
    st.values.assign(12, 0.0);
    group.stages.push_back(st);
    pass.traced.push_back(group);
    run.passes.push_back(pass);
    const CellWords words = wordsOf(run);
    EXPECT_EQ(words.keys, 8u);
    EXPECT_EQ(words.copies, 1u);
    EXPECT_EQ(operationText(Op::Sum, 3, -1, 2, words), "key 2 \xe2\x86\x90 key 3");
    EXPECT_EQ(operationText(Op::Sum, 9, kRegisterOperand, 9, words), "bin 1 \xe2\x86\x90 bin 1 + its run's length");
    run.variant = "privatized";
    EXPECT_EQ(wordsOf(run).keys, 0u);
}

}  // namespace
// The readout under a tree whose values do not fit their cells keeps whole cells in its line and says how many more
// there are, rather than running past the line's edge and ending inside a value ("cell 2 =").
TEST(Caption, AReadoutKeepsWholeCellsInItsWidth) {
    const TraceRun run = runOf("sequential", 16, 16);
    const TreeFacts facts(run.passes[0].traced[0]);
    const auto chars = [](const std::string& t) { return float(t.size()); };  // a character's width: 1
    const std::string whole = stageReadout(facts, 0, run.type, 16, wordsOf(run));
    ASSERT_EQ(whole.rfind("load loaded  cell 0 = 0  \xc2\xb7  cell 1 = 1", 0), 0u) << whole;
    EXPECT_EQ(whole.find("more"), std::string::npos) << whole;
    // Room for the whole: unchanged.
    EXPECT_EQ(stageReadout(facts, 0, run.type, wordsOf(run), chars(whole), chars), whole);
    // Room for 75 characters (bytes here): cells 0 to 2 and "… and 13 more", within the room.
    const std::string cut = stageReadout(facts, 0, run.type, wordsOf(run), 75, chars);
    EXPECT_LE(cut.size(), 75u) << cut;
    EXPECT_NE(cut.find("cell 2 = 2  \xe2\x80\xa6 and 13 more"), std::string::npos) << cut;
    EXPECT_EQ(cut.find("cell 3"), std::string::npos) << cut;
    // Room for one cell and its count (40), then for less: one cell still, then an ellipsis for the rest.
    EXPECT_EQ(stageReadout(facts, 0, run.type, wordsOf(run), 40, chars),
              "load loaded  cell 0 = 0  \xe2\x80\xa6 and 15 more");
    EXPECT_EQ(stageReadout(facts, 0, run.type, wordsOf(run), 30, chars), "load loaded  cell 0 = 0  \xe2\x80\xa6");
    EXPECT_EQ(stageReadout(facts, 0, run.type, wordsOf(run), 5, chars), "load loaded  cell 0 = 0  \xe2\x80\xa6");
}

}  // namespace rl::view
