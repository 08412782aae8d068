// Every built-in local-tree kernel run on Oclgrind and recorded by the plugin alone (built without RL_TRACE, so
// its recording macros compile to nothing): the stages equal the kernel's CPU model, the model the device traces
// are tested against. This is the evidence that the automatic trace sees what the macros record.
#include <gtest/gtest.h>

#include "core/input.h"
#include "core/model/model.h"
#include "core/sim/simulator.h"
#include "tests/variant_params.h"

namespace rl {
namespace {

// Kernels whose model is not what a one-work-item-at-a-time simulator records: the warp-synchronous tails assume
// 32 lanes in lockstep, which Oclgrind (rightly) does not give; their races are the lesson of unroll-last-warp.
bool lockstep(const VariantInfo& v) { return v.toggles.unrollLastWarp || v.toggles.completeUnroll; }

class SimMatchesModel : public ::testing::TestWithParam<std::string> {};

TEST_P(SimMatchesModel, StagesEqualTheModel) {
    if (!sim::available()) GTEST_SKIP() << sim::unavailableReason();
    const VariantInfo& v = *findVariant(GetParam());
    RunConfig config;
    config.variant = v.id;
    config.n = 300;  // several work-groups, the last partly empty
    config.wg = 64;
    config.type = ElemType::Int;
    const HostArray input = makeInput(config.type, DataPattern::Random, config.n, 11);
    std::vector<double> values(input.size());
    for (size_t i = 0; i < input.size(); ++i) values[i] = input.at(i);
    double modelResult = 0;
    const auto model = modelRun(v, config, values, &modelResult);
    // Oclgrind 21.10's uninitialised-value check crashes on the vector loads (the check retries without it too).
    const sim::SimRun run = sim::simulate(v, config, input, TraceSelection{}, "", !v.toggles.vectorLoads);
    ASSERT_TRUE(run.built) << run.buildLog;
    EXPECT_EQ(run.result, modelResult);
    ASSERT_EQ(run.passes.size(), model.size());
    for (size_t p = 0; p < model.size(); ++p) {
        ASSERT_EQ(run.passes[p].traced.size(), model[p].traced.size()) << "pass " << p;
        for (size_t g = 0; g < model[p].traced.size(); ++g) {
            const auto& got = run.passes[p].traced[g].stages;
            const auto& want = model[p].traced[g].stages;
            ASSERT_EQ(got.size(), want.size()) << "pass " << p << " group " << g;
            for (size_t s = 0; s < want.size(); ++s) {
                EXPECT_EQ(got[s].label, want[s].label) << "pass " << p << " group " << g << " stage " << s;
                EXPECT_EQ(got[s].values, want[s].values) << "pass " << p << " group " << g << " stage " << s;
            }
        }
    }
    for (const auto& f : run.findings)
        ADD_FAILURE() << "unexpected finding: " << f.details;
}

INSTANTIATE_TEST_SUITE_P(Registry, SimMatchesModel,
                         ::testing::ValuesIn(test::variantIds([](const VariantInfo& v) {
                             return v.kind == VariantKind::LocalTree && v.model && v.correctByDesign && !lockstep(v);
                         })),
                         test::kernelNameOf);

}  // namespace
}  // namespace rl
