// The device's recorded trace equals the CPU model, for each correct-by-design variant of the registry, exactly (int,
// long) and bit for bit (float, double), over several N, work-group sizes and operations.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "core/input.h"
#include "core/model/model.h"
#include "core/catalogue/pass_plan.h"
#include "tests/support/device_fixture.h"
#include "tests/support/test_values.h"
#include "tests/support/variant_params.h"

namespace rl {
namespace {

void expectSameStages(const GroupTrace& device, const GroupTrace& model, ElemType type, const std::string& where) {
    ASSERT_EQ(device.stages.size(), model.stages.size()) << where;
    for (size_t s = 0; s < model.stages.size(); ++s) {
        const Stage& d = device.stages[s];
        const Stage& m = model.stages[s];
        ASSERT_EQ(d.param, m.param) << where << " stage " << s;
        ASSERT_EQ(d.values.size(), m.values.size()) << where << " stage " << s;
        for (size_t c = 0; c < m.values.size(); ++c) {
            if (type == ElemType::Float)  // doubles: ASSERT_EQ on the doubles is bit for bit (no NaN in traces)
                ASSERT_EQ(test::floatBits(d.values[c]), test::floatBits(m.values[c]))
                    << where << " stage " << s << " cell " << c;
            else
                ASSERT_EQ(d.values[c], m.values[c]) << where << " stage " << s << " cell " << c;
        }
        // One op per work-item: as many as cells for the local trees, fewer for the global kinds (the array is n
        // cells, the widest launch has about n/2 work-items).
        ASSERT_EQ(d.ops.size(), m.ops.size()) << where << " stage " << s;
        for (size_t i = 0; i < m.ops.size(); ++i)
            ASSERT_TRUE(d.ops[i] == m.ops[i]) << where << " stage " << s << " work-item " << i;
    }
}

// One trace against the model: every stage's values (bit for bit) and operations, and the result.
void checkTrace(const VariantInfo& v, const RunConfig& config, const HostArray& input) {
    const TraceRun device = test::engine().trace(config, input);
    double modelResult = 0;
    const auto model = modelRun(v, modelConfigOf(config, device), test::valuesOf(input), &modelResult);
    const std::string where = v.id + " n=" + std::to_string(config.n) + " wg=" + std::to_string(config.wg) + " " +
                              std::string(toString(config.op)) + " " + std::string(toString(config.type));
    ASSERT_EQ(device.passes.size(), model.size()) << where;
    for (size_t p = 0; p < model.size(); ++p) {
        ASSERT_EQ(device.passes[p].traced.size(), model[p].traced.size()) << where << " pass " << p;
        for (size_t g = 0; g < model[p].traced.size(); ++g)
            expectSameStages(device.passes[p].traced[g], model[p].traced[g], config.type,
                             where + " pass " + std::to_string(p) + " group " + std::to_string(g));
    }
    EXPECT_EQ(device.result, modelResult) << where;
    EXPECT_TRUE(device.correct) << where << ": " << device.verdict;
}

class TraceMatchesModel : public ::testing::TestWithParam<std::string> {};

TEST_P(TraceMatchesModel, EveryOpTypeAndSize) {
    const VariantInfo& v = *findVariant(GetParam());
    size_t checked = 0;
    for (size_t wg : {16, 64, 128}) {
        if (int(wg) < v.minWorkGroup) continue;
        for (size_t n : {size_t(1), size_t(3), wg - 1, wg, wg + 1, size_t(1000), size_t(3 * wg * 2 + 5)})
            for (Op op : {Op::Sum, Op::Min, Op::Max})
                for (ElemType type : {ElemType::Int, ElemType::Float}) {
                    RunConfig config = test::makeConfig(v.id, n, wg, op, type, 7 + n);
                    checkTrace(v, config, makeInput(type, DataPattern::Random, n, config.seed));
                    ++checked;
                }
    }
    EXPECT_GT(checked, 60u);
}

// long and double (values a 32-bit type could not hold) on fewer sizes: the stages are the same code as for int and
// float; what is new is the 8-byte element in every buffer, the trace read-back and the model's arithmetic.
TEST_P(TraceMatchesModel, LongAndDouble) {
    const VariantInfo& v = *findVariant(GetParam());
    size_t checked = 0;
    for (ElemType type : test::wideTypes(v, test::engine().device()))
        for (size_t wg : {16, 64}) {
            if (int(wg) < v.minWorkGroup) continue;
            for (size_t n : {size_t(3), wg + 1, size_t(3 * wg * 2 + 5)})
                for (Op op : {Op::Sum, Op::Min, Op::Max}) {
                    RunConfig config = test::makeConfig(v.id, n, wg, op, type, 11 + n);
                    const HostArray input = test::wideInput(type, n, config.seed);
                    checkTrace(v, config, input);
                    // The timed build too: its answer against the reference (exact but for double sums).
                    const RunResult r = test::engine().run(config, input);
                    EXPECT_TRUE(r.correct) << v.id << " n=" << n << " " << toString(op) << " " << toString(type)
                                           << ": " << r.verdict;
                    if (type == ElemType::Long || op != Op::Sum) EXPECT_EQ(r.result, r.reference) << v.id;
                    ++checked;
                }
        }
    if (!v.no64BitReason.empty()) EXPECT_EQ(checked, 0u);
    else EXPECT_GE(checked, test::engine().device().fp64 ? 18u : 9u);
}

// best-gpu with more groups than work-items finishes in two levels: the last group of each block of wg groups
// reduces that block's partials, the last of the blocks reduces theirs. 17, 37, 70 groups of 16 leave a short last
// block (one, five, six partials); 32 and 48 are whole blocks; 255 and 256 (16 x 16, the most it launches) fill the
// top tree. Every block's tree and the top one are recorded and equal the model; the timed build's result too.
TEST(best_gpu_trace, TwoLevelFinishPastWgGroups) {
    const VariantInfo& v = *findVariant("best-gpu");
    for (size_t groups : {size_t(17), size_t(32), size_t(37), size_t(48), size_t(70), size_t(255), size_t(256)})
        for (Op op : {Op::Sum, Op::Min, Op::Max})
            for (ElemType type : {ElemType::Int, ElemType::Float}) {
                const size_t n = 16 * groups * 8 + 3;
                RunConfig config = test::makeConfig(v.id, n, 16, op, type, 5 + groups);
                config.groups = groups;
                const HostArray input = makeInput(type, DataPattern::Random, n, config.seed);
                const auto plan = planPasses(v, config);
                ASSERT_EQ(plan.size(), 3u) << groups;
                EXPECT_EQ(plan[1].groups, (groups + 15) / 16);
                checkTrace(v, config, input);
                const RunResult r = test::engine().run(config, input);
                EXPECT_TRUE(r.correct) << "groups " << groups << " " << toString(op) << " " << toString(type) << ": "
                                       << r.verdict;
                EXPECT_EQ(r.config.groups, groups);
            }
}

// Floats whose sums round at almost every add (full 24-bit mantissas, magnitudes 2^-6 to 2^6): a float sum of them
// depends on the order of its adds, which the random data (multiples of 2^-23 in [-1, 1), whose short sums are
// exact) rarely shows.
HostArray roundingFloats(size_t n, uint64_t seed) {
    HostArray a;
    a.type = ElemType::Float;
    a.floats.resize(n);
    uint64_t x = seed * 0x9E3779B97F4A7C15ull + 1;
    for (float& f : a.floats) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        const float mantissa = 1.0f + float((x >> 40) & 0x7FFFFF) / float(1 << 23);
        f = std::ldexp(mantissa, int((x >> 20) % 13) - 6) * ((x >> 63) ? -1.0f : 1.0f);
    }
    return a;
}

// best-gpu's work-items taking several steps of four loads (the next step's loads issued before the adds of the
// one before), then single vectors, then the last scalars: 4 groups of 16, 4 to 14 vectors a work-item. Float sums
// of rounding data, so that adds in another order than the model's show in the trace.
TEST(best_gpu_trace, SeveralLoadStepsPerWorkItem) {
    const VariantInfo& v = *findVariant("best-gpu");
    for (size_t n : {size_t(64 * 4 * 4), size_t(64 * 4 * 8), size_t(64 * 4 * 14 + 3), size_t(64 * 4 * 9 + 130)})
        for (Op op : {Op::Sum, Op::Min, Op::Max})
            for (ElemType type : {ElemType::Int, ElemType::Float}) {
                RunConfig config = test::makeConfig(v.id, n, 16, op, type, 3 + n);
                config.groups = 4;
                const HostArray input = type == ElemType::Float ? roundingFloats(n, config.seed)
                                                                : makeInput(type, DataPattern::Random, n, config.seed);
                checkTrace(v, config, input);
                const RunResult r = test::engine().run(config, input);
                EXPECT_TRUE(r.correct) << "n " << n << " " << toString(op) << " " << toString(type) << ": " << r.verdict;
            }
}

// Every correct-by-design variant with a CPU model (the built-ins follow the driver's order: builtin_reduce_test).
INSTANTIATE_TEST_SUITE_P(Registry, TraceMatchesModel,
                         ::testing::ValuesIn(test::variantIds([](const VariantInfo& v) {
                             return v.correctByDesign && hasModel(v);
                         })),
                         test::kernelNameOf);

}  // namespace
}  // namespace rl
