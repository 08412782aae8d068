// The scans' CPU models with no device: every scan variant's model gives the host's reference scan (ints exactly,
// inclusive and exclusive, every op, one tile to three levels), the stages its kernel's banner describes, the
// operation counts the lesson names, and a session keeps a scan's form and elements.
#include <gtest/gtest.h>

#include "core/model/analysis.h"
#include "core/input.h"
#include "core/files/json_io.h"
#include "core/model/model_scan.h"
#include "core/pattern.h"
#include "core/model/scan_reference.h"

namespace rl {
namespace {

RunConfig scanConfig(const std::string& id, size_t n, size_t wg, Op op, bool exclusive) {
    RunConfig c;
    c.variant = id;
    c.n = n;
    c.wg = wg;
    c.op = op;
    c.type = ElemType::Int;
    c.exclusive = exclusive;
    c.seed = n;
    return c;
}

TEST(ScanModel, EveryVariantsModelIsTheReferenceScan) {
    for (const VariantInfo& v : scanVariants()) {
        if (!hasModel(v)) {  // the built-in's order is the driver's: its model is tested in builtin_scan_test.cpp
            EXPECT_TRUE(v.needsOpenCL20) << v.id << " has no model";
            continue;
        }
        for (Op op : {Op::Sum, Op::Min, Op::Max})
            for (bool exclusive : {false, true})
                for (auto [n, wg] : {std::pair<size_t, size_t>{1, 16}, {5, 16}, {16, 16}, {97, 16}, {1000, 16},
                                     {3000, 32}}) {
                    const RunConfig c = scanConfig(v.id, n, wg, op, exclusive);
                    const HostArray input = makeInput(c);
                    std::vector<double> values(n), out;
                    for (size_t i = 0; i < n; ++i) values[i] = input.at(i);
                    modelScanRun(v, c, values, &out);
                    const ScanReference ref = computeScanReference(input, op, exclusive, scanRoundingDepth(v, c));
                    std::string why;
                    EXPECT_TRUE(acceptScan(ref, ElemType::Int, out, &why))
                        << v.id << " n=" << n << " " << toString(op) << (exclusive ? " exclusive: " : ": ") << why;
                }
    }
}

TEST(ScanModel, BlellochSweepsUpClearsTheRootAndSweepsDown) {
    const VariantInfo& v = *findVariant("blelloch");
    const RunConfig c = scanConfig("blelloch", 8, 8, Op::Sum, false);
    const auto passes = modelScanRun(v, c, {3, 1, 7, 0, 4, 1, 6, 3}, nullptr);
    const GroupTrace& g = passes.at(0).traced.at(0);
    std::vector<std::string> labels;
    for (const auto& s : g.stages) labels.push_back(s.label);
    EXPECT_EQ(labels, (std::vector<std::string>{"load", "up d = 1", "up d = 2", "up d = 4", "root cleared",
                                                 "down d = 4", "down d = 2", "down d = 1", "inclusive"}));
    // Blelloch's own example: the up-sweep leaves 3 4 7 11 4 5 6 25, the down-sweep 0 3 4 11 11 15 16 22.
    EXPECT_EQ(g.stages[3].values, (std::vector<double>{3, 4, 7, 11, 4, 5, 6, 25}));
    EXPECT_EQ(g.stages[7].values, (std::vector<double>{0, 3, 4, 11, 11, 15, 16, 22}));
    EXPECT_EQ(g.stages[8].values, (std::vector<double>{3, 4, 11, 11, 15, 16, 22, 25}));
    EXPECT_EQ(tileTotal(g, Op::Sum, ElemType::Int), 25);
}

TEST(ScanModel, RakingScansRunsInRegistersAndOnlyTheirTotalsInLocalMemory) {
    const VariantInfo& v = *findVariant("raking");
    RunConfig c = scanConfig("raking", 20, 4, Op::Sum, false);  // runs of 4: tiles of 16, so two tiles, two levels
    std::vector<double> iota(20);
    for (size_t i = 0; i < iota.size(); ++i) iota[i] = double(i);
    std::vector<double> out;
    const auto passes = modelScanRun(v, c, iota, &out);
    ASSERT_EQ(passes.size(), 2u);
    ASSERT_EQ(passes[0].traced.size(), 2u);
    const GroupTrace& g = passes[0].traced[0];
    std::vector<std::string> labels;
    for (const auto& s : g.stages) labels.push_back(s.label);
    EXPECT_EQ(labels, (std::vector<std::string>{"load", "d = 1", "d = 2", "run offsets"}));
    // The runs 0..3, 4..7, 8..11, 12..15 total 6, 22, 38, 54; scanned 6, 28, 66, 120; moved right, the offsets.
    EXPECT_EQ(g.stages[0].values, (std::vector<double>{6, 22, 38, 54}));
    EXPECT_EQ(g.stages[2].values, (std::vector<double>{6, 28, 66, 120}));
    EXPECT_EQ(g.stages[3].values, (std::vector<double>{0, 6, 28, 66}));
    EXPECT_EQ(tileTotal(g, Op::Sum, ElemType::Int), 120);
    // The second tile: runs 16..19 (total 70) and three runs wholly past n (the identity).
    EXPECT_EQ(passes[0].traced[1].stages[0].values, (std::vector<double>{70, 0, 0, 0}));
    ASSERT_EQ(out.size(), 20u);
    for (size_t i = 0; i < out.size(); ++i) EXPECT_EQ(out[i], double(i * (i + 1) / 2)) << "element " << i;
    c.exclusive = true;
    modelScanRun(v, c, iota, &out);
    for (size_t i = 0; i < out.size(); ++i)
        EXPECT_EQ(out[i], double(i == 0 ? 0 : i * (i - 1) / 2)) << "exclusive, element " << i;
}

TEST(ScanModel, ChunkedGivesEachWorkItemOneContiguousChunkAndCarriesTheGroupsBefore) {
    const VariantInfo& v = *findVariant("chunked");
    RunConfig c = scanConfig("chunked", 40, 4, Op::Sum, false);
    c.groups = 2;  // a grid of two groups: 40 elements in tiles of 4 x 4 are 3 tiles, so chunks of 2 tiles (32)
    std::vector<double> iota(40);
    for (size_t i = 0; i < iota.size(); ++i) iota[i] = double(i);
    std::vector<double> out;
    const auto passes = modelScanRun(v, c, iota, &out);
    ASSERT_EQ(passes.size(), 2u);  // the totals launch and the scan launch
    ASSERT_EQ(passes[0].traced.size(), 2u);
    // Work-item chunks of 8: 0..7, 8..15, 16..23, 24..31 in group 0; 32..39 and three empty ones in group 1.
    EXPECT_EQ(passes[0].traced[0].stages.at(0).values, (std::vector<double>{28, 92, 156, 220}));
    EXPECT_EQ(passes[0].traced[1].stages.at(0).values, (std::vector<double>{284, 0, 0, 0}));
    std::vector<std::string> labels;
    for (const auto& s : passes[1].traced[1].stages) labels.push_back(s.label);
    EXPECT_EQ(labels, (std::vector<std::string>{"load", "d = 1", "d = 2", "carried in"}));
    // Group 1 is carried 0 + ... + 31 = 496 from group 0, so its offsets are 496, then 496 + 284 = 780.
    EXPECT_EQ(passes[1].traced[1].stages.back().values, (std::vector<double>{496, 780, 780, 780}));
    EXPECT_EQ(passes[1].traced[0].stages.back().values, (std::vector<double>{0, 28, 120, 276}));
    ASSERT_EQ(out.size(), 40u);
    for (size_t i = 0; i < out.size(); ++i) EXPECT_EQ(out[i], double(i * (i + 1) / 2)) << "element " << i;
    c.exclusive = true;
    modelScanRun(v, c, iota, &out);
    for (size_t i = 0; i < out.size(); ++i)
        EXPECT_EQ(out[i], double(i == 0 ? 0 : i * (i - 1) / 2)) << "exclusive, element " << i;
}

TEST(ScanModel, HillisSteeleDoesNLogNOperationsAndBlellochAbout2N) {
    auto combined = [](const std::string& id, size_t wg) {
        const RunConfig c = scanConfig(id, wg, wg, Op::Sum, false);
        std::vector<double> ones(wg, 1.0);
        int count = 0;
        const auto passes = modelScanRun(*findVariant(id), c, ones, nullptr);
        for (const auto& s : passes.at(0).traced.at(0).stages)
            forEachOperation(s.ops, [&](const CellOp& op) { count += combines(op.a, op.b); });
        return count;
    };
    EXPECT_EQ(combined("hillis-steele", 1024), 10 * 1024 - 1023);
    EXPECT_EQ(combined("blelloch", 1024), 1023 + 1023 + 1024);  // up, down, and each cell's own input
}

TEST(ScanModel, ASessionKeepsTheScansFormAndElements) {
    RunConfig c = scanConfig("reduce-then-scan", 5, 16, Op::Max, true);
    const RunConfig back = json::readConfig(json::config(c));
    EXPECT_TRUE(back.exclusive);
    EXPECT_EQ(back.variant, "reduce-then-scan");
    TraceRun t;
    t.variant = "blelloch";
    t.pattern = Pattern::Scan;  // a trace says what it computed (the engine sets it from the variant)
    t.n = 3;
    t.wg = 16;
    t.exclusive = true;
    t.output = {0, 1, 3};
    const auto j = json::trace(t);
    EXPECT_EQ(j["pattern"], "scan");
    const TraceRun read = json::readTrace(j);
    EXPECT_TRUE(read.exclusive);
    EXPECT_EQ(read.pattern, Pattern::Scan);
    EXPECT_EQ(read.output, t.output);
    // A trace written before traces named their pattern takes its variant's.
    auto old = j;
    old.erase("pattern");
    EXPECT_EQ(json::readTrace(old).pattern, Pattern::Scan);
    EXPECT_EQ(patternInfo(findVariant("decoupled-look-back")->pattern).name, "scan");
    EXPECT_EQ(findPattern("scan")->variants().size(), scanVariants().size());
    EXPECT_EQ(findPattern("sort"), nullptr);
}

}  // namespace
}  // namespace rl
