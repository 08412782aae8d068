// Stage-to-source-line mapping, on the real sequential.cl and on small synthetic kernels.
#include <gtest/gtest.h>

#include <algorithm>

#include "app/view/tree/source_map.h"
#include "core/catalogue/kernel_source.h"
#include "core/trace.h"

namespace rl::view {
namespace {

int lineContaining(const std::vector<std::string>& lines, const std::string& text) {
    for (size_t i = 0; i < lines.size(); ++i)
        if (lines[i].find(text) != std::string::npos) return int(i);
    return -1;
}

TEST(SourceMap, SequentialLoadAndTreeStages) {
    const auto lines = splitLines(kernelFileText("kernels/reduce/sequential.cl"));
    const int load = lineContaining(lines, "scratch[lid] = gid < n");
    const int loadRecord = lineContaining(lines, "RL_RECORD(scratch, -1)");
    const int loop = lineContaining(lines, "for (uint s");
    const int apply = lineContaining(lines, "RL_APPLY(scratch[lid]");
    const int loopRecord = lineContaining(lines, "RL_RECORD(scratch, (int)s)");
    ASSERT_GE(load, 0);
    ASSERT_GE(loopRecord, 0);
    const LineSpan l = stageLines(lines, -1);
    EXPECT_TRUE(l.contains(load));
    EXPECT_EQ(l.last, loadRecord);
    EXPECT_FALSE(l.contains(loop));
    EXPECT_FALSE(l.contains(lineContaining(lines, "__kernel")));  // the signature is not part of a stage
    for (int s : {128, 16, 1}) {
        const LineSpan t = stageLines(lines, s);
        EXPECT_TRUE(t.contains(loop)) << s;
        EXPECT_TRUE(t.contains(apply)) << s;
        EXPECT_EQ(t.last, loopRecord) << s;
        EXPECT_FALSE(t.contains(loadRecord)) << s;
    }
}

TEST(SourceMap, LiteralStridesTailStepsAndComments) {
    const std::string text =
        "// RL_RECORD(scratch, 99) in a comment is not a stage\n"  // 0
        "__kernel void k(__global T *in RL_TRACE_PARAMS) {\n"       // 1
        "    scratch[lid] = in[gid];\n"                             // 2
        "    RL_RECORD(scratch, -1);\n"                             // 3
        "    if (lid < 64) scratch[lid] += scratch[lid + 64];\n"    // 4
        "    RL_RECORD(scratch, 64);\n"                             // 5
        "    if (lid < 32) scratch[lid] += scratch[lid + 32];\n"    // 6
        "    RL_RECORD(scratch, (32));\n"                           // 7
        "    /* RL_RECORD(scratch, 7); */\n"                        // 8
        "    for (int s = 16; s > 0; s >>= 1) {\n"                  // 9
        "        v[lid] += v[lid + s];\n"                           // 10
        "        RL_RECORD_NOSYNC(scratch, RL_TAIL_STEP(s));\n"     // 11
        "    }\n"                                                   // 12
        "}\n";
    const auto lines = splitLines(text);
    const auto points = findRecordPoints(lines);
    ASSERT_EQ(points.size(), 4u);
    EXPECT_EQ(points[0].kind, RecordPoint::Kind::Load);
    EXPECT_EQ(points[1].kind, RecordPoint::Kind::Literal);
    EXPECT_EQ(points[1].literal, 64);
    EXPECT_EQ(points[2].literal, 32);
    EXPECT_EQ(points[3].kind, RecordPoint::Kind::Tail);
    const LineSpan load = stageLines(lines, -1);
    EXPECT_EQ(load.first, 2);
    EXPECT_EQ(load.last, 3);
    EXPECT_EQ(stageLines(lines, 64).first, 4);
    EXPECT_EQ(stageLines(lines, 64).last, 5);
    EXPECT_EQ(stageLines(lines, 32).first, 6);
    const LineSpan tail = stageLines(lines, 8 | kTailStepFlag);
    EXPECT_TRUE(tail.contains(9));
    EXPECT_TRUE(tail.contains(10));
    EXPECT_EQ(tail.last, 11);
    EXPECT_TRUE(stageLines(lines, 4096).empty());  // no loop record for a plain stride here
}

}  // namespace
}  // namespace rl::view

// Every stage of every local-tree kernel that has a CPU model maps to some lines of its .cl file, and the lines of
// each stage end at a recording point.
#include "core/model/model.h"
#include "core/catalogue/pass_plan.h"
#include "core/catalogue/variant.h"

namespace rl::view {
namespace {

TEST(SourceMap, EveryModelledStageOfEveryKernelHasLines) {
    int checked = 0;
    for (const auto& v : reduceVariants()) {
        if (v.kind != VariantKind::LocalTree || !hasModel(v)) continue;
        RunConfig c;
        c.variant = v.id;
        c.n = 512;
        c.wg = 64;
        c.type = ElemType::Int;
        const auto plan = planPasses(v, c);
        std::vector<double> input(c.n, 1.0);
        const GroupTrace g = modelGroup(ModelInput{v, plan[0], input, 0, c.op, c.type});
        const auto lines = splitLines(kernelFileText(v.kernelFile));
        const auto points = findRecordPoints(lines);
        for (const Stage& s : g.stages) {
            const LineSpan span = stageLines(lines, s.param);
            ASSERT_FALSE(span.empty()) << v.id << " stage " << s.label;
            bool endsAtRecord = false;
            for (const auto& p : points) endsAtRecord = endsAtRecord || p.line == span.last;
            EXPECT_TRUE(endsAtRecord) << v.id << " stage " << s.label;
            EXPECT_NE(lines[size_t(span.last)].find("RL_RECORD"), std::string::npos) << v.id << " " << s.label;
        }
        ++checked;
    }
    EXPECT_GE(checked, 5);
}

// The production scans share one tile scan (RL_TILE_SCAN in kernels/common.cl): each of its steps maps to the
// line that calls it, not to a record point of another stage.
TEST(SourceMap, TileScanStepsMapToTheSharedTileScan) {
    int checked = 0;
    for (const auto& v : scanVariants()) {
        const auto lines = splitLines(kernelFileText(v.kernelFile));
        const int call = lineContaining(lines, "RL_TILE_SCAN(");
        if (call < 0) continue;
        // The tree the call belongs to: reduce-then-scan's second kernel follows its first one's load and loop.
        int tree = -1;
        for (const RecordPoint& p : findRecordPoints(lines))
            if (p.kind == RecordPoint::Kind::Load && p.line < call) ++tree;
        const LineSpan span = stageLines(lines, kScanStepFlag | 4, FusedHalf::None, std::max(tree, 0));
        ASSERT_FALSE(span.empty()) << v.id;
        EXPECT_EQ(span.last, call) << v.id;
        EXPECT_LE(span.first, span.last) << v.id;
        ++checked;
    }
    EXPECT_EQ(checked, 5);  // decoupled-look-back, reduce-then-scan, chunked, chunked-look-back, raking
}

// best-gpu's fused stages: the stage whose work-items do two operations ends at the loop's first RL_RECORD, the
// stage after it at the second, and a last stage left alone (an odd number of stages) at its own.
TEST(SourceMap, FusedStagesMapToTheirHalfOfTheLoop) {
    const auto lines = splitLines(kernelFileText("kernels/reduce/best-gpu.cl"));
    const int first = lineContaining(lines, "RL_RECORD(scratch, (int)s);");
    const int second = lineContaining(lines, "RL_RECORD(scratch, (int)h);");
    const int alone = lineContaining(lines, "RL_RECORD(scratch, 1);");
    ASSERT_GE(first, 0);
    ASSERT_GT(second, first);
    ASSERT_GT(alone, second);
    EXPECT_EQ(stageLines(lines, 128, FusedHalf::First).last, first);
    const LineSpan h = stageLines(lines, 64, FusedHalf::Second);
    EXPECT_EQ(h.last, second);
    EXPECT_EQ(h.first, first + 1);  // from the line after the first half's record
    EXPECT_EQ(stageLines(lines, 1, FusedHalf::Second).last, second);  // wg 256: s = 2 and 1 fused
    EXPECT_EQ(stageLines(lines, 1).last, alone);                       // wg 128: s = 1 alone
}

// best-gpu's finishing passes (tree 1) map to the finish's own load and loop records, after the group's tree.
TEST(SourceMap, AFinishingPassMapsToTheSecondTree) {
    const auto lines = splitLines(kernelFileText("kernels/reduce/best-gpu.cl"));
    std::vector<int> loads, firsts, seconds;
    for (size_t i = 0; i < lines.size(); ++i) {
        if (lines[i].find("RL_RECORD(scratch, -1);") != std::string::npos) loads.push_back(int(i));
        if (lines[i].find("RL_RECORD(scratch, (int)s);") != std::string::npos) firsts.push_back(int(i));
        if (lines[i].find("RL_RECORD(scratch, (int)h);") != std::string::npos) seconds.push_back(int(i));
    }
    ASSERT_EQ(loads.size(), 2u);
    ASSERT_EQ(firsts.size(), 2u);
    ASSERT_EQ(seconds.size(), 2u);
    EXPECT_EQ(stageLines(lines, -1, FusedHalf::None, 0).last, loads[0]);
    EXPECT_EQ(stageLines(lines, -1, FusedHalf::None, 1).last, loads[1]);
    EXPECT_EQ(stageLines(lines, 32, FusedHalf::First, 1).last, firsts[1]);
    EXPECT_EQ(stageLines(lines, 16, FusedHalf::Second, 1).last, seconds[1]);
    EXPECT_GT(stageLines(lines, 16, FusedHalf::Second, 1).first, firsts[1]);
    // A kernel with one tree ignores the request: sequential.cl's stages are where they were.
    const auto seq = splitLines(kernelFileText("kernels/reduce/sequential.cl"));
    EXPECT_EQ(stageLines(seq, 64, FusedHalf::None, 1).last, stageLines(seq, 64).last);
}

}  // namespace
}  // namespace rl::view
