// The simulator's stage recorder: a kernel written without the recording macros is traced on Oclgrind, and its
// stages equal the CPU model of the built-in kernel it reimplements, value for value and operation for operation.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "core/input.h"
#include "core/model/model.h"
#include "core/sim/simulator.h"
#include "core/workbench/student_kernel.h"

namespace rl {
namespace {

std::string kernelText(const std::string& name) {
    std::ifstream in(std::string(RL_WORKBENCH_KERNELS) + "/" + name);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

std::vector<double> doubles(const HostArray& a) {
    std::vector<double> v(a.size());
    for (size_t i = 0; i < a.size(); ++i) v[i] = a.at(i);
    return v;
}

RunConfig smallConfig(size_t n, size_t wg, ElemType type = ElemType::Int) {
    RunConfig c;
    c.n = n;
    c.wg = wg;
    c.type = type;
    c.op = Op::Sum;
    return c;
}

class SimTrace : public ::testing::Test {
protected:
    void SetUp() override {
        if (!sim::available()) GTEST_SKIP() << sim::unavailableReason();
    }
};

TEST_F(SimTrace, PlainSequentialEqualsTheSequentialModel) {
    const RunConfig config = smallConfig(64, 16);
    const HostArray input = makeInput(config.type, DataPattern::Random, config.n, 7);
    const VariantInfo student = workbench::studentVariant(kernelText("plain_sequential.cl"), "plain_sequential.cl",
                                                          "", config.type);
    const sim::SimRun run = sim::simulate(student, config, input, TraceSelection{}, "plain_sequential.cl");
    ASSERT_TRUE(run.built) << run.buildLog;
    double modelResult = 0;
    const auto model = modelRun(*findVariant("sequential"), config, doubles(input), &modelResult);
    EXPECT_EQ(run.result, modelResult);
    ASSERT_EQ(run.passes.size(), model.size());
    for (size_t p = 0; p < model.size(); ++p) {
        ASSERT_EQ(run.passes[p].traced.size(), model[p].traced.size()) << "pass " << p;
        for (size_t g = 0; g < model[p].traced.size(); ++g) {
            const auto& got = run.passes[p].traced[g];
            const auto& want = model[p].traced[g];
            EXPECT_EQ(got.group, want.group);
            ASSERT_EQ(got.stages.size(), want.stages.size()) << "pass " << p << " group " << g;
            for (size_t s = 0; s < want.stages.size(); ++s) {
                EXPECT_EQ(got.stages[s].label, want.stages[s].label) << "pass " << p << " group " << g;
                EXPECT_EQ(got.stages[s].values, want.stages[s].values) << "pass " << p << " stage " << s;
                if (p == 0) EXPECT_EQ(got.stages[s].ops, want.stages[s].ops) << "pass " << p << " stage " << s;
            }
        }
    }
    for (const auto& f : run.findings) ADD_FAILURE() << "unexpected finding: " << f.details;
}

TEST_F(SimTrace, MissingBarrierIsARaceOnTheLineOfTheAdd) {
    const RunConfig config = smallConfig(32, 16);
    const HostArray input = makeInput(config.type, DataPattern::Random, config.n, 3);
    const VariantInfo student =
        workbench::studentVariant(kernelText("missing_barrier.cl"), "missing_barrier.cl", "", config.type);
    const sim::SimRun run = sim::simulate(student, config, input, TraceSelection{}, "missing_barrier.cl");
    ASSERT_TRUE(run.built) << run.buildLog;
    bool race = false;
    for (const auto& f : run.findings) {
        if (f.kind == workbench::FindingKind::Race) {
            race = true;
            EXPECT_EQ(f.line(), 9) << f.details;
            EXPECT_EQ(f.memory, "local");
        }
    }
    EXPECT_TRUE(race);
}

}  // namespace
}  // namespace rl

namespace rl {
namespace {

// The warp-synchronous tail of unroll-last-warp reads cells other lanes write with no barrier between: correct
// only where 32 lanes run in lockstep. Oclgrind promises no lockstep, and says so as a race in the tail.
TEST_F(SimTrace, UnrollLastWarpsTailIsARaceWithoutLockstep) {
    const VariantInfo& v = *findVariant("unroll-last-warp");
    RunConfig config = smallConfig(256, 128);
    config.variant = v.id;
    const HostArray input = makeInput(config.type, DataPattern::Random, config.n, 5);
    const sim::SimRun run = sim::simulate(v, config, input, TraceSelection{}, "");
    ASSERT_TRUE(run.built) << run.buildLog;
    bool race = false;
    for (const auto& f : run.findings) race = race || (f.kind == workbench::FindingKind::Race && f.memory == "local");
    EXPECT_TRUE(race);
}

}  // namespace
}  // namespace rl
