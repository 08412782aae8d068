// best-gpu, grid-stride and best-cpu on the device: every result right for each op, type and awkward size (several
// passes, sizes that are not multiples of the vector width or the grid), traces equal to the CPU model, the fixed
// grid giving two launches (one for best-gpu, whose last group to start finishes), and bestVariantFor choosing by
// device.
#include <gtest/gtest.h>

#include <cstring>

#include "core/catalogue/best_variant.h"
#include "core/input.h"
#include "core/model/model.h"
#include "core/cl/runners.h"
#include "core/catalogue/pass_plan.h"
#include "core/catalogue/variant_support.h"
#include "tests/support/device_fixture.h"
#include "tests/support/test_values.h"

namespace rl {
namespace {

const char* const kBest[] = {"best-gpu", "grid-stride", "best-cpu"};
const char* const kTwoLaunches[] = {"grid-stride", "best-cpu"};

RunConfig configFor(const std::string& id, size_t n, size_t wg, Op op, ElemType type, size_t groups = 0) {
    RunConfig c = test::makeConfig(id, n, wg, op, type, 11 + n);
    c.groups = groups;
    return c;
}

TEST(BestVariants, EveryResultIsRight) {
    for (const char* id : kBest)
        for (size_t n : {size_t(1), size_t(2), size_t(3), size_t(15), size_t(17), size_t(63), size_t(64), size_t(65),
                         size_t(1000), size_t(4099), size_t(65537), size_t(1) << 20})
            for (Op op : {Op::Sum, Op::Min, Op::Max})
                for (ElemType type : {ElemType::Int, ElemType::Float}) {
                    const RunConfig c = configFor(id, n, 64, op, type);
                    const HostArray input = makeInput(type, DataPattern::Random, n, c.seed);
                    const RunResult r = test::engine().run(c, input, 0, 2);
                    EXPECT_TRUE(r.correct)
                        << id << " n=" << n << " " << toString(op) << " " << toString(type) << ": " << r.verdict;
                }
}

TEST(BestVariants, IntSumWrapsLikeTheReference) {
    for (const char* id : kBest) {
        const size_t n = 100003;
        HostArray input;
        input.type = ElemType::Int;
        input.ints.assign(n, 2000000000);  // the sum wraps many times
        const RunResult r = test::engine().run(configFor(id, n, 128, Op::Sum, ElemType::Int), input, 0, 1);
        EXPECT_TRUE(r.correct) << id << ": " << r.verdict;
    }
}

TEST(grid_stride_device, FixedGridMeansTwoLaunches) {
    for (const char* id : kTwoLaunches) {
        const VariantInfo& v = *findVariant(id);
        for (size_t n : {size_t(1) << 16, size_t(1) << 22, (size_t(1) << 28) + 3}) {
            RunConfig c = configFor(id, n, 256, Op::Sum, ElemType::Float, 132 * 4);
            const auto plan = planPasses(v, c);
            ASSERT_EQ(plan.size(), 2u) << id << " n=" << n;
            EXPECT_LE(plan[0].groups, c.groups);
            EXPECT_EQ(plan[1].groups, 1u);
            EXPECT_EQ(plan[1].n, plan[0].groups);
        }
        RunConfig tiny = configFor(id, 5, 256, Op::Sum, ElemType::Float, 8);
        EXPECT_EQ(planPasses(v, tiny).size(), 1u) << id << ": one group covers 5 elements";
    }
}

// best-gpu plans the same two passes, but the second runs inside the first's launch: one kernel, one event.
TEST(best_gpu_device, IsOneLaunch) {
    const VariantInfo& v = *findVariant("best-gpu");
    for (size_t n : {size_t(1) << 16, size_t(1) << 22, size_t(1000003)}) {
        RunConfig c = configFor("best-gpu", n, 64, Op::Sum, ElemType::Float, 13);
        const auto plan = planPasses(v, c);
        ASSERT_EQ(plan.size(), 2u) << n;
        EXPECT_FALSE(plan[0].inPreviousLaunch);
        EXPECT_TRUE(plan[1].inPreviousLaunch);
        EXPECT_EQ(plan[0].groups, 13u);
        EXPECT_EQ(plan[1].n, 13u);
        const HostArray input = makeInput(ElemType::Float, DataPattern::Random, n, c.seed);
        const cl::Buffer buffer = test::engine().upload(input);
        std::vector<cl::Event> events;
        const double value = makeRunner(v.kind)->runOnce(test::engine(), v, c, plan, buffer, &events, nullptr);
        EXPECT_EQ(events.size(), 1u) << "best-gpu enqueued more than one kernel for n=" << n;
        const RunResult r = test::engine().run(c, input, 0, 1);
        EXPECT_EQ(value, r.result) << "the same grid gives the same float bits every launch";
        EXPECT_TRUE(r.correct) << r.verdict;
    }
    // With the host finishing, only the grid's pass is planned and every group's partial comes back.
    RunConfig host = configFor("best-gpu", 100000, 64, Op::Max, ElemType::Int, 9);
    host.finalOnHost = true;
    EXPECT_EQ(planPasses(v, host).size(), 1u);
    const RunResult r = test::engine().run(host, makeInput(ElemType::Int, DataPattern::Random, host.n, 5), 0, 1);
    EXPECT_TRUE(r.correct) << r.verdict;
}

// The ticket counters must be back at 0 and the partial words must carry the new launch's tag after every launch:
// many launches through one runner, each over different data, and each result checked; one grid finishing in one
// level (37 groups of 64), one in two (200 groups of 16: 13 blocks, the last one short).
TEST(best_gpu_device, LaunchAfterLaunch) {
    const VariantInfo& v = *findVariant("best-gpu");
    for (auto [wg, groups] : {std::pair<size_t, size_t>{64, 37}, {16, 200}}) {
        RunConfig c = configFor("best-gpu", 200003, wg, Op::Sum, ElemType::Int, groups);
        const auto plan = planPasses(v, c);
        ASSERT_EQ(plan.front().groups, groups);
        auto runner = makeRunner(v.kind);
        for (int launch = 0; launch < 40; ++launch) {
            HostArray input;
            input.type = ElemType::Int;
            input.ints.assign(c.n, launch);  // the sum tells which launch's partials were read
            input.ints[size_t(launch) * 997 % c.n] += 1000;
            const cl::Buffer buffer = test::engine().upload(input);
            std::vector<cl::Event> events;
            const double value = runner->runOnce(test::engine(), v, c, plan, buffer, &events, nullptr);
            const double expected = double(int32_t(uint32_t(c.n) * uint32_t(launch) + 1000u));
            ASSERT_EQ(value, expected) << groups << " groups of " << wg << ", launch " << launch;
        }
    }
}

TEST(BestVariants, TraceMatchesModelWithSeveralGrids) {
    size_t checked = 0;
    for (const char* id : kBest)
        for (size_t groups : {size_t(1), size_t(3), size_t(4)})
            for (size_t wg : {size_t(16), size_t(64)})
                for (size_t n : {size_t(1), size_t(7), size_t(100), size_t(1000), size_t(5000)})
                    for (ElemType type : {ElemType::Int, ElemType::Float}) {
                        const RunConfig c = configFor(id, n, wg, Op::Sum, type, groups);
                        const HostArray input = makeInput(type, DataPattern::Random, n, c.seed);
                        const TraceRun device = test::engine().trace(c, input);
                        std::vector<double> values(n);
                        for (size_t i = 0; i < n; ++i) values[i] = input.at(i);
                        double modelResult = 0;
                        const auto model = modelRun(*findVariant(id), c, values, &modelResult);
                        const std::string where = std::string(id) + " n=" + std::to_string(n) +
                                                  " wg=" + std::to_string(wg) + " groups=" + std::to_string(groups);
                        ASSERT_EQ(device.passes.size(), model.size()) << where;
                        for (size_t p = 0; p < model.size(); ++p) {
                            ASSERT_EQ(device.passes[p].traced.size(), model[p].traced.size()) << where;
                            for (size_t g = 0; g < model[p].traced.size(); ++g) {
                                const auto& ds = device.passes[p].traced[g].stages;
                                const auto& ms = model[p].traced[g].stages;
                                ASSERT_EQ(ds.size(), ms.size()) << where;
                                for (size_t s = 0; s < ms.size(); ++s) {
                                    ASSERT_EQ(ds[s].values, ms[s].values) << where << " pass " << p << " stage " << s;
                                    for (size_t w = 0; w < ms[s].ops.size(); ++w)
                                        ASSERT_TRUE(ds[s].ops[w] == ms[s].ops[w]) << where << " stage " << s;
                                }
                            }
                        }
                        EXPECT_EQ(device.result, modelResult) << where;
                        ++checked;
                    }
    EXPECT_EQ(checked, 180u);
}

TEST(BestVariants, ModelSumsEachWorkItemsShareInItsOwnOrder) {
    // best-cpu with 2 groups of 4: 8 work-items, n = 80 -> chunks of 16 (10 rounded up to whole vectors): work-items
    // 0..4 take 16 elements each, 5..7 none. Ones make each partial count its elements.
    const VariantInfo& v = *findVariant("best-cpu");
    RunConfig c = configFor("best-cpu", 80, 4, Op::Sum, ElemType::Int, 2);
    double result = 0;
    const auto passes = modelRun(v, c, std::vector<double>(80, 1.0), &result);
    ASSERT_EQ(passes[0].groups, 2u);
    const Stage& load0 = passes[0].traced[0].stages.front();
    const Stage& load1 = passes[0].traced[1].stages.front();
    EXPECT_EQ(load0.values, (std::vector<double>{16, 16, 16, 16}));
    EXPECT_EQ(load1.values, (std::vector<double>{16, 0, 0, 0}));
    EXPECT_TRUE(load1.ops[0].active);
    EXPECT_FALSE(load1.ops[1].active);
    EXPECT_EQ(result, 80);
    // grid-stride, 1 group of 4, n = 37: 9 whole vectors grid-stride (work-item 0 takes vectors 0, 4, 8), then the
    // last element (index 36) goes to work-item 0.
    const VariantInfo& g = *findVariant("grid-stride");
    RunConfig cg = configFor("grid-stride", 37, 4, Op::Sum, ElemType::Int, 1);
    std::vector<double> in(37);
    for (size_t i = 0; i < in.size(); ++i) in[i] = double(i);
    const auto gp = modelRun(g, cg, in, &result);
    const Stage& load = gp[0].traced[0].stages.front();
    // work-item 0: vectors 0, 4, 8 = elements 0..3, 16..19, 32..35, plus element 36
    EXPECT_EQ(load.values[0], 6 + 70 + 134 + 36);
    EXPECT_EQ(load.values[1], 22 + 86);  // vectors 1 and 5
    EXPECT_EQ(result, 36.0 * 37 / 2);
}

TEST(best_gpu_model, FinishesInTwoLevelsPastWgGroups) {
    // best-gpu, 5 groups of 4 over n = 80 (0, 1, ..., 79): each work-item one vector, so group g sums elements
    // 16g..16g+15: partials 120, 376, 632, 888, 1144. More groups than work-items: block 0 (groups 0-3) and block 1
    // (group 4) each reduce their own partials, one per work-item; then the top tree takes the two blocks' sums.
    const VariantInfo& v = *findVariant("best-gpu");
    RunConfig c = configFor("best-gpu", 80, 4, Op::Sum, ElemType::Int, 5);
    std::vector<double> in(80);
    for (size_t i = 0; i < in.size(); ++i) in[i] = double(i);
    double result = 0;
    const auto passes = modelRun(v, c, in, &result);
    ASSERT_EQ(passes.size(), 3u);
    ASSERT_EQ(passes[0].groups, 5u);
    ASSERT_EQ(passes[1].groups, 2u);
    ASSERT_EQ(passes[2].groups, 1u);
    const GroupTrace& block0 = passes[1].traced.at(0);
    EXPECT_EQ(block0.stages.front().values, (std::vector<double>{120, 376, 632, 888}));
    EXPECT_EQ(block0.stages.back().values[0], 120 + 376 + 632 + 888);
    const GroupTrace& block1 = passes[1].traced.at(1);
    EXPECT_EQ(block1.stages.front().values, (std::vector<double>{1144, 0, 0, 0}));
    EXPECT_TRUE(block1.stages.front().ops[0].active);
    EXPECT_FALSE(block1.stages.front().ops[1].active);
    EXPECT_EQ(block1.stages.size(), 1u) << "one partial: no tree";
    const GroupTrace& top = passes[2].traced.at(0);
    EXPECT_EQ(top.stages.front().values, (std::vector<double>{2016, 1144, 0, 0}));
    EXPECT_EQ(top.stages.size(), 2u) << "two partials: one tree stage";
    EXPECT_EQ(top.stages.back().values[0], 3160);
    EXPECT_EQ(result, 3160);
    // At most wg x wg groups: a larger grid asked for is cut to 16 there.
    c.groups = 17;
    c.n = 4 * 4 * 17 * 3;
    EXPECT_EQ(planPasses(v, c).front().groups, 16u);
}

TEST(BestVariants, BestVariantFollowsTheDeviceType) {
    DeviceInfo cpu;
    cpu.type = "CPU";
    cpu.name = "some CPU";
    DeviceInfo gpu;
    gpu.type = "GPU";
    gpu.name = "some GPU";
    gpu.computeUnits = 132;
    gpu.int64Atomics = true;
    EXPECT_EQ(bestVariantFor(cpu).id, "best-cpu");
    EXPECT_EQ(bestVariantFor(gpu).id, "best-gpu");
    DeviceInfo plainGpu = gpu;
    plainGpu.int64Atomics = false;  // best-gpu cannot publish its partials: the same walk in two launches
    EXPECT_EQ(bestVariantFor(plainGpu).id, "grid-stride");
    EXPECT_NE(unavailableReason(*findVariant("best-gpu"), plainGpu).find("cl_khr_int64_base_atomics"),
              std::string::npos);
    EXPECT_EQ(unavailableReason(*findVariant("best-gpu"), gpu), "");
    EXPECT_NE(bestVariantReason(cpu).find("contiguous"), std::string::npos);
    EXPECT_NE(bestVariantReason(gpu).find("grid-stride"), std::string::npos);
    EXPECT_NE(bestVariantReason(gpu).find("132"), std::string::npos);
}

}  // namespace
}  // namespace rl
