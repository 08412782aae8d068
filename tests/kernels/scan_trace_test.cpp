// The scans on the device: every correct scan variant's trace equals its CPU model stage for stage (cells bit for
// bit, operations), its output equals the model's (the uniform adds in the device's order) and the host's reference
// (ints exactly, floats within the stated bound), at sizes of one tile, several tiles and three levels, for every
// operation and type, inclusive and exclusive.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <set>
#include <tuple>

#include "core/input.h"
#include "core/model/look_back.h"
#include "core/model/model_scan.h"
#include "core/pattern.h"
#include "core/model/scan_reference.h"
#include "core/catalogue/pass_plan.h"
#include "core/catalogue/variant_support.h"
#include "tests/support/device_fixture.h"
#include "tests/support/ladder_trace_compare.h"

namespace rl {
namespace {

std::vector<std::string> correctScans() {
    std::vector<std::string> ids;
    for (const auto& v : scanVariants())
        // The look-back: below; the built-in (the driver's float order): builtin_scan_test.cpp.
        if (v.correctByDesign && v.kind != VariantKind::ScanLookBack && !v.needsOpenCL20) ids.push_back(v.id);
    return ids;
}

class ScanTrace : public ::testing::TestWithParam<std::string> {};

TEST_P(ScanTrace, EqualsItsModelAndTheReferenceAtEverySizeOpAndType) {
    const VariantInfo& v = *findVariant(GetParam());
    ASSERT_EQ(v.pattern, Pattern::Scan);
    int checked = 0;
    for (ElemType type : kAllTypes) {
        if (!typeUnsupportedReason(v, type, &test::engine().device()).empty()) continue;  // double without fp64
        for (Op op : {Op::Sum, Op::Min, Op::Max})
            for (bool exclusive : {false, true})
                // 1, 2, 3: less than a tile; 16: one whole tile; 97: seven tiles (two levels); 1000: 63 tiles of
                // 16, then 4, then 1 (three levels); 1000 in tiles of 64 (two levels, partly used SIMD groups).
                for (auto [n, wg] : {std::pair<size_t, size_t>{1, 16}, {2, 16}, {3, 16}, {16, 16}, {97, 16},
                                     {1000, 16}, {1000, 64}}) {
                    RunConfig c;
                    c.variant = v.id;
                    c.n = n;
                    c.wg = wg;
                    c.op = op;
                    c.type = type;
                    c.exclusive = exclusive;
                    c.data = DataPattern::Random;
                    c.seed = 7 + n;
                    const HostArray input = makeInput(c);
                    const std::string where = v.id + " n=" + std::to_string(n) + " wg=" + std::to_string(wg) + " " +
                                              std::string(toString(op)) + " " + std::string(toString(type)) +
                                              (exclusive ? " exclusive" : " inclusive");
                    const TraceRun t = test::engine().trace(c, input);
                    ASSERT_EQ(test::traceDifference(t, v, c, input), "") << where;
                    std::vector<double> modelOut;
                    modelScanRun(v, c, test::asValues(input), &modelOut);
                    ASSERT_EQ(t.output.size(), n) << where;
                    for (size_t i = 0; i < n; ++i)
                        ASSERT_TRUE(test::sameValue(t.output[i], modelOut[i], type)) << where << " element " << i;
                    EXPECT_TRUE(t.correct) << where << ": " << t.verdict;
                    EXPECT_EQ(t.exclusive, exclusive) << where;
                    ++checked;
                }
    }
    EXPECT_GE(checked, 2 * 3 * 2 * 7) << "int and float at least";
}

INSTANTIATE_TEST_SUITE_P(Scans, ScanTrace, ::testing::ValuesIn(correctScans()),
                         [](const auto& info) {
                             std::string s = info.param;
                             for (char& ch : s)
                                 if (ch == '-') ch = '_';
                             return s;
                         });

// The single pass: every tile's trace equals the model's, where the device looked back as far as the model (the
// tile before had published its prefix) and otherwise but for the look-back's depth; integers, min and max exactly
// (their order of combination changes nothing), float sums within the bound; vector loads (epi 4, 8), scalar
// runs (epi 1, 3) and runs of two 16-element vectors (epi 32: chunked-look-back walks them as vectors), whole and
// partial last tiles. Every shape meets a sum, a minimum and a maximum of both forms, and every type, operation and
// form meets the smallest shape and the widest one (the product of all of them built a program per combination:
// minutes on a CPU device for no more shapes or operations seen).
class ScanLookBack : public ::testing::TestWithParam<std::string> {};

TEST_P(ScanLookBack, EveryTileEqualsTheModelAndTheScanTheReference) {
    const VariantInfo& v = *findVariant(GetParam());
    if (!unavailableReason(v, test::engine().device()).empty()) GTEST_SKIP() << unavailableReason(v, test::engine().device());
    const std::tuple<size_t, size_t, int> shapes[] = {{1, 16, 8},   {3, 16, 1},    {97, 16, 1},  {1000, 16, 1},
                                                      {1000, 16, 4}, {1001, 16, 3}, {5000, 32, 8}, {5003, 8, 32}};
    const size_t shapeCount = sizeof shapes / sizeof shapes[0];
    int checked = 0, lookedFurther = 0, types = 0, expected = 0;
    std::set<std::pair<int, int>> shapesSeen;  // (shape, op) pairs run
    for (ElemType type : kAllTypes) {
        if (!typeUnsupportedReason(v, type, &test::engine().device()).empty()) continue;  // double without fp64
        ++types;
        for (Op op : {Op::Sum, Op::Min, Op::Max})
            for (bool exclusive : {false, true})
                for (size_t k = 0; k < shapeCount; ++k) {
                    const auto [n, wg, epi] = shapes[k];
                    // 64-bit elements (their values split over two tagged words): sum and max, three shapes, enough
                    // to show the wide status words at work without building every kernel again.
                    if (isWide(type) && (op == Op::Min || (n != 3 && n != 1001 && n != 5000))) continue;
                    // 32-bit elements: the first and last shapes for every operation and form; the others each for
                    // one operation and form of this type, a different one for each shape and type.
                    const size_t combo = size_t(op) * 2 + (exclusive ? 1 : 0);
                    const bool edge = k == 0 || k + 1 == shapeCount;
                    if (!isWide(type) && !edge && (k + 3 * size_t(types)) % 6 != combo) continue;
                    shapesSeen.insert({int(k), int(op)});
                    ++expected;
                    RunConfig c;
                    c.variant = v.id;
                    c.n = n;
                    c.wg = wg;
                    c.elemsPerItem = epi;
                    c.op = op;
                    c.type = type;
                    c.exclusive = exclusive;
                    c.seed = 11 + n;
                    const HostArray input = makeInput(c);
                    const std::string where = "n=" + std::to_string(n) + " wg=" + std::to_string(wg) + " epi=" +
                                              std::to_string(epi) + " " + std::string(toString(op)) + " " +
                                              std::string(toString(type)) + (exclusive ? " exclusive" : "");
                    const TraceRun t = test::engine().trace(c, input);
                    EXPECT_TRUE(t.correct) << where << ": " << t.verdict;
                    std::vector<double> modelOut;
                    const auto model = modelScanRun(v, c, test::asValues(input), &modelOut);
                    ASSERT_EQ(t.passes.size(), 1u) << where;
                    ASSERT_EQ(t.passes[0].traced.size(), model[0].traced.size()) << where;
                    const bool exact = !(!isIntegral(type) && op == Op::Sum);
                    bool allDepthOne = true;
                    for (size_t g = 0; g < model[0].traced.size(); ++g) {
                        GroupTrace device = t.passes[0].traced[g];
                        ASSERT_EQ(device.group, int(g)) << where << ": tiles are recorded in ticket order";
                        for (Stage& s : device.stages)
                            if (s.param >= 0 && (s.param & kLookBackFlag)) {
                                const int depth = s.param & ~kLookBackFlag;
                                EXPECT_TRUE(g == 0 ? depth == 0 : depth >= 1 && depth <= int(g)) << where;
                                if (depth > 1) allDepthOne = false;
                                s.param = model[0].traced[g].stages[&s - device.stages.data()].param;
                            }
                        const std::string diff = test::groupDifference(device, model[0].traced[g], type);
                        // A float sum's prefix differs in its last bits where a tile looked back further.
                        if (exact || allDepthOne) EXPECT_EQ(diff, "") << where << " tile " << g;
                    }
                    lookedFurther += allDepthOne ? 0 : 1;
                    if (exact || allDepthOne)
                        for (size_t i = 0; i < n; ++i)
                            ASSERT_TRUE(test::sameValue(t.output[i], modelOut[i], type)) << where << " element " << i;
                    ++checked;
                }
    }
    EXPECT_GE(types, 3) << "int, float and long at least: the 64-bit values take two words";
    EXPECT_EQ(checked, expected);
    for (size_t k = 0; k < shapeCount; ++k) {  // every shape met more than one operation
        int ops = 0;
        for (int op = 0; op < 3; ++op) ops += shapesSeen.count({int(k), op});
        EXPECT_GE(ops, 2) << "shape " << k << " met " << ops << " operations";
    }
    std::cout << "runs where some tile looked back past its neighbour: " << lookedFurther << " of " << checked << "\n";
}

// The single pass's log, as the device wrote it: every tile drew one ticket, published A then P, read only what its
// predecessors had published and combined it newest first (lookBackProblems); each tile's aggregate is the
// reduction of its elements and its combined prefix the reduction of every element before it (the host's, for
// integers); the depth each traced tile recorded is the depth its log shows.
TEST_P(ScanLookBack, TheLogKeepsTheProtocolAndGivesEveryTileItsPrefix) {
    const VariantInfo& v = *findVariant(GetParam());
    if (!unavailableReason(v, test::engine().device()).empty()) GTEST_SKIP() << unavailableReason(v, test::engine().device());
    int runs = 0, types = 0;
    for (ElemType type : kAllTypes) {
        if (!typeUnsupportedReason(v, type, &test::engine().device()).empty()) continue;  // double without fp64
        ++types;
        for (Op op : {Op::Sum, Op::Min, Op::Max})
            for (auto [n, wg, epi, exclusive] : {std::tuple<size_t, size_t, int, bool>{1, 16, 2, false},
                                                 {1000, 16, 1, false}, {5001, 32, 8, true}, {20000, 16, 1, false}}) {
                if (isWide(type) && op != Op::Sum) continue;  // 64-bit elements: the sums show their words at work
                RunConfig c;
                c.variant = v.id;
                c.n = n;
                c.wg = wg;
                c.elemsPerItem = epi;
                c.op = op;
                c.type = type;
                c.exclusive = exclusive;
                c.seed = 5 + n;
                const HostArray input = makeInput(c);
                const std::string where = "n=" + std::to_string(n) + " wg=" + std::to_string(wg) + " epi=" +
                                          std::to_string(epi) + " " + std::string(toString(op)) + " " +
                                          std::string(toString(type));
                const TraceRun t = test::engine().trace(c, input);
                ASSERT_TRUE(t.correct) << where << ": " << t.verdict;
                const size_t tiles = t.passes[0].groups, tile = wg * size_t(epi);
                ASSERT_EQ(tiles, (n + tile - 1) / tile) << where;
                const LookBackTimeline tl = lookBackTimeline(t.lookBack, tiles, t.lookBackDropped, op, type);
                EXPECT_EQ(lookBackProblems(tl, op, type), std::vector<std::string>{}) << where;
                const std::vector<double> x = test::asValues(input);
                double before = identity(op, type);
                for (size_t k = 0; k < tiles && isIntegral(type); ++k) {
                    double own = identity(op, type);
                    for (size_t i = k * tile; i < std::min(n, (k + 1) * tile); ++i) own = apply(op, type, own, x[i]);
                    EXPECT_EQ(tl.tiles[k].aggregate, own) << where << " tile " << k;
                    EXPECT_EQ(tl.tiles[k].exclusive, before) << where << " tile " << k;
                    before = apply(op, type, before, own);
                }
                for (const GroupTrace& g : t.passes[0].traced)
                    for (const Stage& st : g.stages)
                        if (lookBackDepth(st.param) >= 0)
                            EXPECT_EQ(lookBackDepth(st.param), tl.tiles[size_t(g.group)].depth) << where << " tile "
                                                                                              << g.group;
                ++runs;
            }
    }
    EXPECT_EQ(runs, std::min(types, 2) * 3 * 4 + std::max(types - 2, 0) * 4);
}

// The single passes: in tiles through local memory (GPUs) and in runs walked straight from memory (CPUs).
INSTANTIATE_TEST_SUITE_P(SinglePass, ScanLookBack, ::testing::Values("decoupled-look-back", "chunked-look-back"),
                         [](const auto& info) {
                             std::string s = info.param;
                             for (char& ch : s)
                                 if (ch == '-') ch = '_';
                             return s;
                         });

// The Tiles tab's figures for the tiled scans, from the device: each tile's offset (the device's output before it)
// is the reduction of every element before the tile, and its total (level 1's recorded input, where a work-item
// loads one element) the reduction of its own elements, as the host computes them.
TEST(ScanTrace, EveryTilesTotalAndOffsetAreTheDevices) {
    for (const std::string& id : correctScans()) {
        const VariantInfo& v = *findVariant(id);
        if (v.kind != VariantKind::ScanTiles) continue;
        for (Op op : {Op::Sum, Op::Max})
            for (bool exclusive : {false, true}) {
                RunConfig c;
                c.variant = id;
                c.n = 1000;
                c.wg = 16;
                c.op = op;
                c.type = ElemType::Int;
                c.exclusive = exclusive;
                const HostArray input = makeInput(c);
                const std::string where = id + " " + std::string(toString(op)) + (exclusive ? " exclusive" : "");
                const TraceRun t = test::engine().trace(c, input);
                ASSERT_TRUE(t.correct) << where << ": " << t.verdict;
                const int epi = effectiveElemsPerItem(v, c);
                const size_t tile = t.passes[0].local * size_t(epi);
                const auto tiles = tileSummaries(t, tile, epi, op, c.type);
                ASSERT_EQ(tiles.size(), (c.n + tile - 1) / tile) << where;
                const std::vector<double> x = test::asValues(input);
                double before = identity(op, c.type);
                int totals = 0;
                for (size_t k = 0; k < tiles.size(); ++k) {
                    double own = identity(op, c.type);
                    for (size_t i = tiles[k].first; i < tiles[k].first + tiles[k].count; ++i)
                        own = apply(op, c.type, own, x[i]);
                    EXPECT_EQ(tiles[k].first, k * tile) << where;
                    EXPECT_EQ(tiles[k].offset, before) << where << " tile " << k;
                    if (tiles[k].hasTotal) {
                        EXPECT_EQ(tiles[k].total, own) << where << " tile " << k;
                        ++totals;
                    }
                    before = apply(op, c.type, before, own);
                }
                if (epi == 1) EXPECT_GT(totals, 0) << where << ": no tile's total was recorded";
            }
    }
}

// The lecture's example: blelloch over 0..15 in one tile; its last stage holds the prefix sums.
TEST(ScanTrace, BlellochOverIotaEndsWithThePrefixSumsAndCountsItsOperations) {
    RunConfig c;
    c.variant = "blelloch";
    c.n = 16;
    c.wg = 16;
    c.type = ElemType::Int;
    c.op = Op::Sum;
    c.data = DataPattern::Iota;
    const TraceRun t = test::engine().trace(c, makeInput(c));
    ASSERT_EQ(t.passes.size(), 1u);
    const GroupTrace& g = t.passes[0].traced.at(0);
    // load, up d = 1, 2, 4, 8, root cleared, down d = 8, 4, 2, 1, inclusive
    ASSERT_EQ(g.stages.size(), 11u);
    EXPECT_EQ(g.stages[1].label, "up d = 1");
    EXPECT_EQ(g.stages[5].label, "root cleared");
    EXPECT_EQ(g.stages[6].label, "down d = 8");
    EXPECT_EQ(g.stages[10].label, "inclusive");
    EXPECT_EQ(stagePhase(g.stages[3].param), "up-sweep");
    EXPECT_EQ(stagePhase(g.stages[8].param), "down-sweep");
    const std::vector<double>& last = g.stages.back().values;
    for (int i = 0; i < 16; ++i) EXPECT_EQ(last[i], i * (i + 1) / 2) << "cell " << i;
    // The up-sweep's root before clearing is the tile's total, 120; the down-sweep leaves the exclusive scan.
    EXPECT_EQ(g.stages[4].values[15], 120);
    EXPECT_EQ(g.stages[9].values[0], 0);
    EXPECT_EQ(g.stages[9].values[15], 105);
    // Operations that apply +: 15 up, 15 down, 16 to make it inclusive; Hillis-Steele's steps take 49.
    int combined = 0;
    for (const auto& st : g.stages) forEachOperation(st.ops, [&](const CellOp& op) { combined += combines(op.a, op.b); });
    EXPECT_EQ(combined, 15 + 15 + 16);
    c.variant = "hillis-steele";
    const TraceRun h = test::engine().trace(c, makeInput(c));
    int hs = 0;
    for (const auto& st : h.passes[0].traced.at(0).stages)
        forEachOperation(st.ops, [&](const CellOp& op) { hs += combines(op.a, op.b); });
    EXPECT_EQ(hs, 15 + 14 + 12 + 8);
    EXPECT_EQ(h.output.back(), 120);
}

// Blelloch's strided accesses conflict in the banks; the padded kernel's are conflict-free at the same steps.
TEST(ScanTrace, PaddingRemovesBlellochsBankConflicts) {
    RunConfig c;
    c.n = 256;
    c.wg = 256;
    c.type = ElemType::Int;
    c.data = DataPattern::Iota;
    auto worst = [&](const std::string& id, int param) {
        c.variant = id;
        const TraceRun t = test::engine().trace(c, makeInput(c));
        for (const auto& st : t.passes[0].traced.at(0).stages)
            if (st.param == param) return st.analysis.bankConflictDegree;
        return -1;
    };
    EXPECT_EQ(worst("blelloch", kUpSweepFlag | 2), 4);  // 32 lanes at stride 4 words: 4 per bank
    EXPECT_EQ(worst("blelloch-conflict-free", kUpSweepFlag | 2), 1);
    EXPECT_GE(worst("blelloch", kDownSweepFlag | 4), 8);
    EXPECT_EQ(worst("blelloch-conflict-free", kDownSweepFlag | 1), 1);
}

// A bad element is named by its index; floats are held to the bound, not to equality.
TEST(ScanReferenceCheck, AWrongElementIsNamedAndRoundingWithinTheBoundPasses) {
    const HostArray in = arrayOf(ElemType::Float, {1.0, 1e8, -1e8, 3.0});
    const ScanReference ref = computeScanReference(in, Op::Sum, false, scanRoundingDepth(4, 4));
    std::string why;
    // float(1 + 1e8) rounds to 1e8: the device's 1e8 is within the bound, the exact 100000001 is the reference.
    EXPECT_TRUE(acceptScan(ref, ElemType::Float, {1.0, 1e8, 0.0, 3.0}, &why)) << why;
    EXPECT_FALSE(acceptScan(ref, ElemType::Float, {1.0, 1e8, 0.0, 1000.0}, &why));
    EXPECT_NE(why.find("element 3"), std::string::npos) << why;
    const HostArray ints = arrayOf(ElemType::Int, {1, 2, 3});
    EXPECT_FALSE(acceptScan(computeScanReference(ints, Op::Sum, true, 4), ElemType::Int, {0, 1, 4}, &why));
    EXPECT_NE(why.find("element 2 is 4, expected 3 exactly"), std::string::npos) << why;
    EXPECT_TRUE(acceptScan(computeScanReference(ints, Op::Sum, true, 4), ElemType::Int, {0, 1, 3}, &why)) << why;
}

}  // namespace
}  // namespace rl
