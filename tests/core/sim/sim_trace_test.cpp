// The simulator's stage recorder: a kernel written without the recording macros is traced on Oclgrind, and its
// stages equal the CPU model of the built-in kernel it reimplements, value for value and operation for operation.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "core/input.h"
#include "core/model/model.h"
#include "core/sim/simulator.h"
#include "core/workbench/student_kernel.h"
#include "tests/support/sim_compare.h"

namespace rl {
namespace {

std::string kernelText(const std::string& name) {
    std::ifstream in(std::string(RL_WORKBENCH_KERNELS) + "/" + name);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
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
    const auto model = modelRun(*findVariant("sequential"), config, test::doubles(input), &modelResult);
    EXPECT_EQ(run.result, modelResult);
    test::expectStagesEqualModel(run, model, true);
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
