// global-bottom-up on the device: results for every op, type and awkward N; the input buffer left untouched; one
// timed event per launch; the whole-array trace equal to the CPU model; the tracing size limit.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "core/cl/runners.h"
#include "core/input.h"
#include "core/catalogue/kind_stages.h"
#include "core/model/model.h"
#include "tests/support/device_fixture.h"
#include "tests/support/test_values.h"

namespace rl {
namespace {

RunConfig config(size_t n, size_t wg, Op op, ElemType type, uint64_t seed = 3) {
    return test::makeConfig("global-bottom-up", n, wg, op, type, seed);
}

size_t launchesFor(size_t n) {
    size_t k = 0;
    while ((size_t(1) << k) < n) ++k;
    return k;  // ceil(log2 n)
}

TEST(global_bottom_up_device, CorrectForEveryOpTypeAndAwkwardSize) {
    for (size_t wg : {size_t(64), size_t(48)})
        for (size_t n : {size_t(1), size_t(2), size_t(3), size_t(17), wg - 1, wg, wg + 1, size_t(1009), size_t(65537),
                         size_t(1 << 20) + 3})
            for (Op op : {Op::Sum, Op::Min, Op::Max})
                for (ElemType type : {ElemType::Int, ElemType::Float}) {
                    const RunConfig c = config(n, wg, op, type, n);
                    const HostArray input = makeInput(type, DataPattern::Random, n, c.seed);
                    const RunResult r = test::engine().run(c, input, 0, 1);
                    const std::string where = "n=" + std::to_string(n) + " wg=" + std::to_string(wg) + " " +
                                              std::string(toString(op)) + " " + std::string(toString(type));
                    EXPECT_TRUE(r.correct) << where << ": " << r.verdict;
                    EXPECT_EQ(r.passes.size(), launchesFor(n)) << where << ": one timed pass per launch";
                    for (size_t p = 0; p < r.passes.size(); ++p)
                        EXPECT_EQ(r.passes[p].plan.step, int(size_t(2) << p)) << where;
                }
}

TEST(global_bottom_up_device, LeavesTheInputBufferUntouchedAndTimesEachLaunch) {
    const size_t n = 5000;
    const RunConfig c = config(n, 64, Op::Sum, ElemType::Int);
    const HostArray input = makeInput(ElemType::Int, DataPattern::Random, n, 11);
    Engine& e = test::engine();
    cl::Buffer buffer = e.upload(input);
    const VariantInfo& v = *findVariant(c.variant);
    const auto plan = planPasses(v, c);
    std::vector<cl::Event> events;
    const double result = makeRunner(v.kind)->runOnce(e, v, c, plan, buffer, &events, nullptr);
    std::vector<int32_t> after(n);
    e.queue().enqueueReadBuffer(buffer, CL_TRUE, 0, n * 4, after.data());
    EXPECT_EQ(after, input.ints) << "the runner must reduce a scratch copy, not the input";
    EXPECT_EQ(events.size(), plan.size());
    EXPECT_EQ(plan.size(), 13u);  // ceil(log2 5000)
    for (const auto& ev : events) EXPECT_GE(eventMs(ev), 0.0);
    int64_t sum = 0;
    for (int32_t x : input.ints) sum += x;
    EXPECT_EQ(result, double(int32_t(sum)));
}

TEST(global_bottom_up_device, TraceIsTheWholeArrayPerLaunchAndEqualsTheModel) {
    for (size_t wg : {size_t(16), size_t(64), size_t(48)})
        for (size_t n : {size_t(1), size_t(2), size_t(5), wg, wg + 1, size_t(777), size_t(4096)})
            for (Op op : {Op::Sum, Op::Min, Op::Max})
                for (ElemType type : {ElemType::Int, ElemType::Float}) {
                    const RunConfig c = config(n, wg, op, type, 100 + n);
                    const HostArray input = makeInput(type, DataPattern::Random, n, c.seed);
                    const TraceRun t = test::engine().trace(c, input);
                    double modelResult = 0;
                    const auto model = modelRun(*findVariant(c.variant), c, test::valuesOf(input), &modelResult);
                    const std::string where = "n=" + std::to_string(n) + " wg=" + std::to_string(wg) + " " +
                                              std::string(toString(op)) + " " + std::string(toString(type));
                    ASSERT_EQ(t.passes.size(), 1u) << where;
                    ASSERT_EQ(t.passes[0].traced.size(), 1u) << where;
                    const auto& d = t.passes[0].traced[0].stages;
                    const auto& m = model[0].traced[0].stages;
                    ASSERT_EQ(d.size(), launchesFor(n) + 1) << where << ": load + one stage per launch";
                    ASSERT_EQ(d.size(), m.size()) << where;
                    const size_t items = n > 1 ? (((n + 1) / 2 + wg - 1) / wg) * wg : 0;
                    for (size_t s = 0; s < d.size(); ++s) {
                        ASSERT_EQ(d[s].param, s == 0 ? -1 : int(size_t(1) << s)) << where;
                        ASSERT_EQ(d[s].label, m[s].label) << where;
                        ASSERT_EQ(d[s].values.size(), n) << where;
                        ASSERT_EQ(d[s].ops.size(), items) << where << ": one op per work-item of the widest launch";
                        ASSERT_EQ(m[s].ops.size(), items) << where;
                        for (size_t i = 0; i < n; ++i) {
                            if (type == ElemType::Float)
                                ASSERT_EQ(test::floatBits(d[s].values[i]), test::floatBits(m[s].values[i]))
                                    << where << " s" << s << " c" << i;
                            else
                                ASSERT_EQ(d[s].values[i], m[s].values[i]) << where << " s" << s << " c" << i;
                        }
                        for (size_t i = 0; i < items; ++i)
                            ASSERT_TRUE(d[s].ops[i] == m[s].ops[i]) << where << " stage " << s << " work-item " << i;
                    }
                    EXPECT_EQ(t.result, modelResult) << where;
                    EXPECT_TRUE(t.correct) << where << ": " << t.verdict;
                }
}

TEST(global_bottom_up_device, RecordedOpsShowContiguousWorkItemsAndGrowingDistance) {
    const size_t n = 1024;
    const RunConfig c = config(n, 64, Op::Sum, ElemType::Int);
    const TraceRun t = test::engine().trace(c, makeInput(ElemType::Int, DataPattern::Ones, n, 1));
    const auto& stages = t.passes[0].traced[0].stages;
    for (size_t s = 1; s < stages.size(); ++s) {
        const int step = stages[s].param;
        int active = 0;
        for (size_t i = 0; i < stages[s].ops.size(); ++i) {
            const WorkItemOp& op = stages[s].ops[i];
            EXPECT_EQ(op.active, i < n / size_t(step)) << "step " << step << " item " << i;
            if (!op.active) continue;
            ++active;
            EXPECT_EQ(op.w, step * int(i));
            EXPECT_EQ(op.b - op.a, step / 2);
        }
        EXPECT_EQ(active, int(n) / step);
        EXPECT_EQ(stages[s].values[0], double(step)) << "ones: cell 0 holds the step after launch 'step'";
    }
    EXPECT_EQ(t.result, double(n));
}

TEST(global_bottom_up_device, TracesStopAt65536ButRunsGoOn) {
    const size_t n = kGlobalTraceMaxN + 1;
    const RunConfig c = config(n, 256, Op::Sum, ElemType::Int);
    const HostArray input = makeInput(ElemType::Int, DataPattern::Random, n, 5);
    try {
        test::engine().trace(c, input);
        FAIL() << "a trace past 65536 must be refused";
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::BadInput);
        EXPECT_NE(std::string(e.what()).find("65536"), std::string::npos) << e.what();
    }
    EXPECT_TRUE(test::engine().run(c, input).correct);
    const RunConfig atLimit = config(kGlobalTraceMaxN, 256, Op::Max, ElemType::Float);
    const TraceRun t =
        test::engine().trace(atLimit, makeInput(ElemType::Float, DataPattern::Random, kGlobalTraceMaxN, 9));
    EXPECT_EQ(t.passes[0].traced[0].stages.size(), 17u);
    EXPECT_TRUE(t.correct) << t.verdict;
}

}  // namespace
}  // namespace rl
