// The engine's two queues (core/cl/engine.h): it profiles from the start; wall timing turns profiling off and its
// calls go to a plain queue; a timed run profiles whatever was said and leaves the setting as it found it; commands
// keep their order across a switch; and a scan run on the plain queue, as the bench's wall timing runs it, is right.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "core/catalogue/pass_plan.h"
#include "core/catalogue/variant.h"
#include "core/cl/devices.h"
#include "core/cl/engine.h"
#include "core/input.h"
#include "core/model/scan_reference.h"

namespace rl::test {
namespace {

bool profiles(cl::CommandQueue& q) {
    return (q.getInfo<CL_QUEUE_PROPERTIES>() & CL_QUEUE_PROFILING_ENABLE) != 0;
}

// An engine of the test's own: the switch is its state, which no other test should meet.
std::unique_ptr<Engine> freshEngine() {
    return std::make_unique<Engine>(selectDevice(""));
}

TEST(EngineQueues, ProfilesFromTheStartAndWallTimingTurnsItOff) {
    auto e = freshEngine();
    EXPECT_TRUE(e->profilesCommands());
    EXPECT_TRUE(profiles(e->queue()));
    EXPECT_EQ(e->queue()(), e->profilingQueue()());
    e->profileCommands(false);
    EXPECT_FALSE(e->profilesCommands());
    EXPECT_FALSE(profiles(e->queue())) << "wall timing's calls would pay for profiling";
    EXPECT_TRUE(profiles(e->profilingQueue())) << "the ceilings read their events' times in every mode";
    EXPECT_NE(e->queue()(), e->profilingQueue()());
    e->profileCommands(true);
    EXPECT_TRUE(profiles(e->queue()));
}

TEST(EngineQueues, ATimedRunProfilesAndLeavesTheSettingAsItFoundIt) {
    auto e = freshEngine();
    e->profileCommands(false);
    RunConfig c;
    c.variant = "decoupled-look-back";
    c.n = 100003;
    c.type = ElemType::Int;
    const HostArray input = makeInput(ElemType::Int, DataPattern::Random, c.n, 5);
    const RunResult r = e->run(c, input, 0, 3);
    EXPECT_TRUE(r.correct) << r.verdict;
    EXPECT_GT(r.medianMs, 0.0) << "the run's kernel times come from its events";
    EXPECT_FALSE(e->profilesCommands());
    const CopyCeiling copy = e->copyCeiling(c.n, ElemType::Int, 0, 3);
    EXPECT_GT(copy.medianMs, 0.0);
    EXPECT_FALSE(e->profilesCommands());
}

TEST(EngineQueues, CommandsKeepTheirOrderAcrossASwitch) {
    auto e = freshEngine();
    const size_t n = size_t(1) << 22;
    cl::Buffer b(e->context(), CL_MEM_READ_WRITE, n * sizeof(cl_int));
    std::vector<cl_int> first(n, 7);
    const cl_int second = -3;
    for (int round = 0; round < 4; ++round) {
        // Each queued without waiting, each on the queue the switch before it chose: a switch that did not finish
        // the queue it leaves would let the later fill race the earlier write.
        const bool startOnPlain = round % 2 == 1;
        e->profileCommands(!startOnPlain);
        e->queue().enqueueWriteBuffer(b, CL_FALSE, 0, n * sizeof(cl_int), first.data());
        e->profileCommands(startOnPlain);
        e->queue().enqueueFillBuffer(b, second, 0, n / 2 * sizeof(cl_int));
        e->profileCommands(!startOnPlain);
        std::vector<cl_int> back(n);
        e->queue().enqueueReadBuffer(b, CL_TRUE, 0, n * sizeof(cl_int), back.data());
        ASSERT_EQ(back[0], second) << "round " << round;
        ASSERT_EQ(back[n / 2 - 1], second) << "round " << round;
        ASSERT_EQ(back[n / 2], 7) << "round " << round;
        ASSERT_EQ(back[n - 1], 7) << "round " << round;
    }
}

// As the bench's wall timing calls a scan: the runner on the plain queue, no events, its last element returned.
TEST(EngineQueues, AScanOnThePlainQueueIsRight) {
    auto e = freshEngine();
    for (const char* id : {"decoupled-look-back", "reduce-then-scan"}) {
        SCOPED_TRACE(id);
        const VariantInfo* v = findVariant(id);
        ASSERT_NE(v, nullptr);
        RunConfig c;
        c.variant = id;
        c.n = 100003;
        c.type = ElemType::Int;
        const HostArray input = makeInput(ElemType::Int, DataPattern::Random, c.n, 9);
        const RunConfig resolved = e->run(c, input, 0, 1).config;  // the grid and tile the device gets
        const auto plan = planPasses(*v, resolved);
        auto runner = makeRunner(v->kind);
        const cl::Buffer in = e->upload(input);
        e->profileCommands(false);
        const ScanReference ref = computeScanReference(input, Op::Sum, false, 0);
        for (int call = 0; call < 3; ++call)
            EXPECT_EQ(runner->runOnce(*e, *v, resolved, plan, in, nullptr, nullptr), ref.values.back());
        std::vector<double> out;
        ASSERT_TRUE(runner->readOutput(*e, resolved, &out));
        std::string verdict;
        EXPECT_TRUE(acceptScan(ref, ElemType::Int, out, &verdict)) << verdict;
        EXPECT_FALSE(e->profilesCommands());
        e->profileCommands(true);
    }
}

}  // namespace
}  // namespace rl::test
