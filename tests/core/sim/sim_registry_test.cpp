// Every built-in local-tree kernel run on Oclgrind and recorded by the plugin alone (built without RL_TRACE, so
// its recording macros compile to nothing): the stages equal the kernel's CPU model, the model the device traces
// are tested against. This is the evidence that the automatic trace sees what the macros record.
#include <gtest/gtest.h>

#include "core/input.h"
#include "core/model/model.h"
#include "core/sim/simulator.h"
#include "tests/support/sim_compare.h"
#include "tests/support/variant_params.h"

namespace rl {
namespace {

// Kernels whose model is not what a one-work-item-at-a-time simulator records: the warp-synchronous tails assume
// 32 lanes in lockstep, which Oclgrind (rightly) does not give; their races are the lesson of unroll-last-warp.
bool lockstep(const VariantInfo& v) { return v.toggles.unrollLastWarp || v.toggles.completeUnroll; }

class SimMatchesModel : public ::testing::TestWithParam<std::string> {};

TEST_P(SimMatchesModel, StagesEqualTheModel) {
    if (!sim::available()) GTEST_SKIP() << sim::unavailableReason();
    const VariantInfo& v = *findVariant(GetParam());
    for (ElemType type : {ElemType::Int, ElemType::Long, ElemType::Double}) {  // 4- and 8-byte cells
        if (isWide(type) && !v.no64BitReason.empty()) continue;
        SCOPED_TRACE(std::string(toString(type)));
        RunConfig config;
        config.variant = v.id;
        config.n = 300;  // several work-groups, the last partly empty
        config.wg = 64;
        config.type = type;
        const HostArray input = makeInput(config.type, DataPattern::Random, config.n, 11);
        double modelResult = 0;
        const auto model = modelRun(v, config, test::doubles(input), &modelResult);
        // Oclgrind 21.10's uninitialised-value check crashes on the vector loads (the check retries without it too).
        const sim::SimRun run = sim::simulate(v, config, input, TraceSelection{}, "", !v.toggles.vectorLoads);
        ASSERT_TRUE(run.built) << run.buildLog;
        EXPECT_EQ(run.result, modelResult);
        test::expectStagesEqualModel(run, model, false);
        for (const auto& f : run.findings)
            ADD_FAILURE() << "unexpected finding: " << f.details;
    }
}

INSTANTIATE_TEST_SUITE_P(Registry, SimMatchesModel,
                         ::testing::ValuesIn(test::variantIds([](const VariantInfo& v) {
                             return v.kind == VariantKind::LocalTree && v.model && v.correctByDesign && !lockstep(v);
                         })),
                         test::kernelNameOf);

}  // namespace
}  // namespace rl
