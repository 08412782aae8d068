// Oclgrind's messages read into findings (the texts are Oclgrind 21.10's, as it printed them for
// tests/data/workbench/kernels), the check's size set, the model comparison and the report's JSON round trip.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "core/input.h"
#include "core/pattern.h"
#include "core/workbench/check_report.h"
#include "core/workbench/check_sizes.h"
#include "core/workbench/findings.h"

namespace rl::workbench {
namespace {

const char* kRace =
    "Read-write data race at local memory address 0x1000000000004\n"
    "\tKernel: reduce\n\t\n"
    "\tFirst entity:  Global(17,0,0) Local(1,0,0) Group(1,0,0)\n"
    "\t  store i32 %add16, i32 addrspace(3)* %arrayidx5, align 4, !dbg !65, !tbaa !43\n"
    "\tAt line 9 (column 35) of missing_barrier.cl:\n\t  #if defined(RL_TYPE_INT)\n\t\n"
    "\tSecond entity: Global(16,0,0) Local(0,0,0) Group(1,0,0)\n"
    "\t  %2 = load i32, i32 addrspace(3)* %arrayidx15, align 4, !dbg !64, !tbaa !43\n"
    "\tAt line 9 (column 37) of missing_barrier.cl:\n\t  #if defined(RL_TYPE_INT)\n";

const char* kOutOfBounds =
    "Invalid read of size 4 at global memory address 0x2000000000010\n"
    "\tKernel: reduce\n\tEntity: Global(4,0,0) Local(4,0,0) Group(0,0,0)\n"
    "\t  %0 = load float, float addrspace(1)* %arrayidx, align 4\n"
    "\tAt line 5 (column 20) of ignores_n.cl:\n\t  //\n";

TEST(Findings, ARaceMessageGivesItsKindMemoryLineCellAndWorkItems) {
    const Finding f = readOclgrindMessage(kRace, "missing_barrier.cl");
    EXPECT_EQ(f.kind, FindingKind::Race);
    EXPECT_EQ(f.memory, "local");
    EXPECT_EQ(f.lines, std::vector<int>{9});
    EXPECT_EQ(f.group, 1);
    EXPECT_EQ(f.workItems, (std::vector<int>{1, 0}));
    EXPECT_EQ(f.byteOffset, 4);  // cell 1 of an int scratch
    EXPECT_NE(f.advice.find("barrier(CLK_LOCAL_MEM_FENCE)"), std::string::npos);
}

TEST(Findings, LinesOfAnotherFileAreNotTheStudents) {
    const Finding f = readOclgrindMessage(kRace, "other.cl");
    EXPECT_TRUE(f.lines.empty());
    EXPECT_EQ(f.line(), 0);
}

TEST(Findings, AnInvalidReadIsOutOfBoundsInGlobalMemory) {
    const Finding f = readOclgrindMessage(kOutOfBounds, "ignores_n.cl");
    EXPECT_EQ(f.kind, FindingKind::OutOfBounds);
    EXPECT_EQ(f.memory, "global");
    EXPECT_EQ(f.line(), 5);
    EXPECT_NE(f.advice.find("i < n"), std::string::npos);
}

TEST(Findings, TheSameRaceInEveryWorkGroupIsOneFinding) {
    std::vector<Finding> all = {readOclgrindMessage(kRace, "missing_barrier.cl"),
                                readOclgrindMessage(kRace, "missing_barrier.cl"),
                                readOclgrindMessage(kOutOfBounds, "ignores_n.cl")};
    all[1].group = 2;
    const auto merged = mergeFindings(all);
    ASSERT_EQ(merged.size(), 2u);
    EXPECT_EQ(merged[0].group, 1);
}

TEST(CheckSizes, HoldTheSizesThatCatchTheUsualMistakes) {
    const auto sizes = checkSizes(64);
    auto has = [&](size_t n) {
        return std::any_of(sizes.begin(), sizes.end(), [&](const SizeCase& c) { return c.n == n; });
    };
    for (size_t n : {size_t(1), size_t(2), size_t(3), size_t(64), size_t(1000), size_t(512)}) EXPECT_TRUE(has(n)) << n;
    bool prime = false, threePasses = false;
    for (const auto& c : sizes) {
        bool p = c.n > 64;
        for (size_t d = 2; d * d <= c.n && p; ++d) p = c.n % d != 0;
        prime = prime || p;
        threePasses = threePasses || c.n > 64 * 64;  // more partials than one work-group reduces
    }
    EXPECT_TRUE(prime);
    EXPECT_TRUE(threePasses);
    // Sorted, then the pattern's own cases in its order.
    const auto own = patternInfo(Pattern::Reduce).checkCases(64);
    ASSERT_LT(own.size(), sizes.size());
    EXPECT_TRUE(std::is_sorted(sizes.begin(), sizes.end() - ptrdiff_t(own.size()),
                               [](auto& a, auto& b) { return a.n < b.n; }));
}

// A reduction's and a scan's own case: a size no other case takes, its last work-group partly filled, and every value
// moved to where a padding of 0 shows: above 0 for a min, below 0 for a max.
TEST(CheckSizes, AReductionsAndAScansOwnCasePutsEveryValueWhereAPaddingOf0Shows) {
    for (Pattern pattern : {Pattern::Reduce, Pattern::Scan}) {
        for (size_t wg : {size_t(1), size_t(8), size_t(64), size_t(256)}) {
            const auto sizes = checkSizes(wg, pattern);
            const SizeCase& own = sizes.back();
            ASSERT_NE(own.reshape, nullptr) << wg;
            const auto sameSize = [&](const SizeCase& c) { return c.n == own.n; };
            EXPECT_EQ(std::count_if(sizes.begin(), sizes.end(), sameSize), 1) << wg;
            if (wg > 1) EXPECT_NE(own.n % wg, 0u) << wg;
            for (ElemType type : {ElemType::Int, ElemType::Float, ElemType::Long, ElemType::Double}) {
                const HostArray drawn = makeInput(type, own.data, own.n, 5);
                HostArray low = drawn, high = drawn;
                own.reshape(low, Op::Min);
                own.reshape(high, Op::Max);
                bool bothSigns = false;
                for (size_t i = 0; i < drawn.size(); ++i) {
                    bothSigns = bothSigns || (drawn.at(i) < 0) != (drawn.at(0) < 0);
                    EXPECT_GE(low.at(i), 1.0) << wg << " " << i;
                    EXPECT_LE(high.at(i), -1.0) << wg << " " << i;
                    if (type == ElemType::Int) EXPECT_EQ(low.at(i), std::fabs(drawn.at(i)) + 1) << wg << " " << i;
                }
                EXPECT_TRUE(bothSigns) << "the drawn values, random, take both signs";
            }
        }
    }
}

TraceRun oneStageTrace(std::vector<double> values) {
    TraceRun t;
    t.variant = "kernel:k.cl";
    t.n = values.size();
    t.wg = values.size();
    PassTrace p;
    p.n = values.size();
    p.groups = 1;
    p.global = p.local = values.size();
    GroupTrace g;
    Stage s;
    s.label = "load";
    s.values = std::move(values);
    s.ops.assign(s.values.size(), WorkItemOp{});
    g.stages.push_back(s);
    p.traced.push_back(g);
    t.passes.push_back(p);
    return t;
}

TEST(CheckReport, FirstMismatchNamesTheFirstCellThatDiffers) {
    const TraceRun student = oneStageTrace({1, 2, 3, 4});
    const TraceRun model = oneStageTrace({1, 2, 5, 6});
    const auto m = firstMismatch(student, model.passes, "sequential");
    ASSERT_TRUE(m.has_value());
    EXPECT_EQ(m->cell, 2);
    EXPECT_EQ(m->expected, 5);
    EXPECT_EQ(m->seen, 3);
    EXPECT_FALSE(firstMismatch(student, student.passes, "sequential").has_value());
}

// A model's last stage that adds each cell's own input, which the student's kernel does in a register as it stores
// its result: said in a note, not failed; any other missing stage is still a difference.
TEST(CheckReport, AnOwnValueAddedInARegisterIsSaidNotFailed) {
    const TraceRun student = oneStageTrace({1, 2, 3, 4});
    TraceRun model = oneStageTrace({1, 2, 3, 4});
    Stage own = model.passes[0].traced[0].stages[0];
    own.values = {2, 4, 6, 8};
    own.param = kAddOwnParam;
    model.passes[0].traced[0].stages.push_back(own);
    std::vector<std::string> notes;
    EXPECT_FALSE(firstMismatch(student, model.passes, "blelloch", &notes).has_value());
    ASSERT_EQ(notes.size(), 1u);
    EXPECT_NE(notes[0].find("adds each element's own value as it stores the result; blelloch's model does it in "
                            "local memory as a last stage"),
              std::string::npos)
        << notes[0];
    model.passes[0].traced[0].stages.back().param = kClearRootParam;  // another stage: a difference
    notes.clear();
    const auto m = firstMismatch(student, model.passes, "blelloch", &notes);
    ASSERT_TRUE(m.has_value());
    EXPECT_EQ(m->cell, -1);
    EXPECT_NE(m->message.find("1 stages where blelloch has 2"), std::string::npos) << m->message;
    EXPECT_TRUE(notes.empty());
}

TEST(CheckReport, JsonRoundTripKeepsEveryField) {
    CheckReport r;
    r.file = "k.cl";
    r.entry = "reduce";
    r.device = "dev";
    r.builds = true;
    r.correct = false;
    r.diagnostics.push_back({"k.cl", 6, 42, "error", "use of undeclared identifier"});
    r.sizes.push_back({193, 64, "a prime", true, false, 1.5, 2.5, "differs"});
    r.races.push_back(readOclgrindMessage(kRace, "missing_barrier.cl"));
    r.failures.push_back({"run", "timeout", "did not finish"});
    r.firstMismatch = Mismatch{"sequential", 0, 0, 2, 5, 1.0, 3.0, 9, "cell 5"};
    r.trace = oneStageTrace({1, 2});
    const CheckReport back = checkReportFromJson(toJson(r));
    EXPECT_EQ(back.diagnostics[0].line, 6);
    EXPECT_EQ(back.sizes[0].n, 193u);
    EXPECT_EQ(back.races[0].lines, std::vector<int>{9});
    EXPECT_EQ(back.races[0].workItems, (std::vector<int>{1, 0}));
    EXPECT_EQ(back.failures[0].kind, "timeout");
    ASSERT_TRUE(back.firstMismatch.has_value());
    EXPECT_EQ(back.firstMismatch->cell, 5);
    ASSERT_TRUE(back.trace.has_value());
    EXPECT_EQ(back.trace->passes[0].traced[0].stages[0].values, (std::vector<double>{1, 2}));
    EXPECT_FALSE(back.passed());
    EXPECT_THROW(checkReportFromJson(nlohmann::json::object()), Error);
}

}  // namespace
}  // namespace rl::workbench

namespace rl::workbench {
namespace {

TEST(Findings, WhatWasSeenAndWhatToDoReadAsTwoSentences) {
    Finding f;
    f.message = "two work-items wrote scratch[3] in work-group 0";
    f.advice = "make every work-item write its own cell: the others raced";
    EXPECT_EQ(findingText(f), "Two work-items wrote scratch[3] in work-group 0. Make every work-item write its own "
                              "cell: the others raced.");
    f.advice.clear();
    EXPECT_EQ(findingText(f), "Two work-items wrote scratch[3] in work-group 0.");
    EXPECT_EQ(sentence("ends with a colon:"), "Ends with a colon.");
    EXPECT_EQ(sentence("Already one! "), "Already one!");
    EXPECT_EQ(sentence(""), "");
}

TEST(Findings, OclgrindsRaceReadsAsTwoSentencesWithTheAdvice) {
    const Finding f = readOclgrindMessage(
        "Read-write data race at local memory address 0x10\n\tKernel: reduce\n\n\tFirst entity:  Global(3,0,0) "
        "Local(3,0,0) Group(0,0,0)\n\tmine.cl:12:5\n\n\tSecond entity: Global(2,0,0) Local(2,0,0) Group(0,0,0)\n"
        "\tmine.cl:13:5\n",
        "mine.cl");
    const std::string text = findingText(f);
    const size_t stop = text.find(". Put barrier(CLK_LOCAL_MEM_FENCE)");
    ASSERT_NE(stop, std::string::npos) << text;
    EXPECT_EQ(text.find(". ", 0), stop) << "one sentence of what was seen, then the advice: " << text;
    EXPECT_EQ(text.back(), '.');
}

}  // namespace
}  // namespace rl::workbench
