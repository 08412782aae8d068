// unroll-last-warp (Harris 5 as published) on a device without lockstep warps: PoCL runs a work-group's items one
// after another, so the barrier-free tail reads cells before their owners write them. The device's trace must leave
// the lockstep model exactly where the tail starts, and the run must be reported wrong with the reason. The correct
// tail (unroll-last-warp-safe) on the same input equals the model.
#include <gtest/gtest.h>

#include "tests/support/device_fixture.h"
#include "tests/support/ladder_trace_compare.h"

namespace rl {
namespace {

bool onPocl() {
    return test::engine().device().platform.find("Portable Computing Language") != std::string::npos;
}

RunConfig intSum(const std::string& id) {
    RunConfig c;
    c.variant = id;
    c.n = 4096;
    c.wg = 128;
    c.op = Op::Sum;
    c.type = ElemType::Int;
    c.seed = 2024;
    return c;
}

TEST(unroll_last_warp_device, RunIsReportedWrongWithTheReason) {
    if (!onPocl()) GTEST_SKIP() << "lockstep behaviour depends on the device; this checks PoCL";
    const RunConfig c = intSum("unroll-last-warp");
    const HostArray input = makeInput(c.type, DataPattern::Random, c.n, c.seed);
    const RunResult r = test::engine().run(c, input);
    EXPECT_FALSE(r.correct) << r.verdict;
    EXPECT_NE(r.result, r.reference);
    EXPECT_NE(r.verdict.find("wrong by design"), std::string::npos) << r.verdict;
    EXPECT_NE(r.verdict.find("lockstep"), std::string::npos) << r.verdict;
}

TEST(unroll_last_warp_device, DeviceTraceLeavesTheLockstepModelInTheTail) {
    if (!onPocl()) GTEST_SKIP() << "lockstep behaviour depends on the device; this checks PoCL";
    const RunConfig c = intSum("unroll-last-warp");
    const VariantInfo& v = *findVariant(c.variant);
    const HostArray input = makeInput(c.type, DataPattern::Random, c.n, c.seed);
    const TraceRun device = test::engine().trace(c, input);
    EXPECT_FALSE(device.correct) << device.verdict;
    double modelResult = 0;
    const auto model = modelRun(v, c, test::asValues(input), &modelResult);
    ASSERT_EQ(device.passes.size(), model.size());
    EXPECT_NE(test::traceDifference(device, v, c, input), "");
    // Pass 0 (16 groups): the load and the s = 64 stage match the model; a tail stage is the first to differ.
    size_t groupsDiffering = 0;
    for (const GroupTrace& dg : device.passes[0].traced) {
        const GroupTrace& mg = model[0].traced.at(size_t(dg.group));
        ASSERT_EQ(dg.stages.size(), mg.stages.size()) << "every stage recorded, tail included";
        size_t firstDiff = dg.stages.size();
        for (size_t s = 0; s < dg.stages.size() && firstDiff == dg.stages.size(); ++s)
            if (!test::stageDifference(dg.stages[s], mg.stages[s], c.type).empty()) firstDiff = s;
        if (firstDiff == dg.stages.size()) continue;
        ++groupsDiffering;
        EXPECT_TRUE(mg.stages[firstDiff].param & kTailStepFlag)
            << "group " << dg.group << " differs first at " << mg.stages[firstDiff].label << ", above the tail";
        for (size_t s = 0; s < dg.stages.size(); ++s)  // the kernel records which cells it read, in every stage
            for (size_t w = 0; w < dg.stages[s].ops.size(); ++w)
                EXPECT_TRUE(dg.stages[s].ops[w] == mg.stages[s].ops[w]);
    }
    EXPECT_GT(groupsDiffering, 0u);
    EXPECT_NE(device.result, modelResult);
    EXPECT_EQ(modelResult, device.reference) << "the lockstep model itself is right";
}

TEST(unroll_last_warp_safe_device, OnTheSameInputEqualsTheModel) {
    const RunConfig c = intSum("unroll-last-warp-safe");
    const HostArray input = makeInput(c.type, DataPattern::Random, c.n, c.seed);
    const TraceRun device = test::engine().trace(c, input);
    EXPECT_EQ(test::traceDifference(device, *findVariant(c.variant), c, input), "");
    EXPECT_TRUE(device.correct) << device.verdict;
    EXPECT_TRUE(test::engine().run(c, input).correct);
}

TEST(unroll_last_warp_device, RefusesWorkGroupsBelowSixtyFour) {
    for (const char* id : {"unroll-last-warp", "unroll-last-warp-safe", "complete-unroll", "multi-element"}) {
        RunConfig c = intSum(id);
        c.wg = 32;
        const HostArray input = makeInput(c.type, DataPattern::Random, c.n, c.seed);
        try {
            test::engine().run(c, input);
            ADD_FAILURE() << id << " accepted a work-group of 32";
        } catch (const Error& e) {
            EXPECT_EQ(e.kind(), ErrorKind::BadInput) << id;
            EXPECT_NE(std::string(e.what()).find("64"), std::string::npos) << e.what();
        }
    }
}

}  // namespace
}  // namespace rl
