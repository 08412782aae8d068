// Results of the Harris-ladder variants through Engine::run on the device: every op and type, sizes that stress
// padding (1, 2, 3, primes, wg - 1, wg, wg + 1) and sizes that need several passes, with the final step on the
// device or on the host. Ints must be exact; float sums within the reference's tolerance; float min/max exact.
#include <gtest/gtest.h>

#include <set>

#include "core/input.h"
#include "core/catalogue/pass_plan.h"
#include "core/model/reference.h"
#include "tests/support/device_fixture.h"
#include "tests/support/test_values.h"
#include "tests/support/variant_params.h"

namespace rl {
namespace {

std::vector<size_t> sizesFor(const VariantInfo& v, size_t wg) {
    const size_t perGroup = wg * size_t(std::max(1, v.defaultElementsPerItem));
    const std::set<size_t> sizes = {1,
                                    2,
                                    3,
                                    5,
                                    13,
                                    97,
                                    wg - 1,
                                    wg,
                                    wg + 1,
                                    perGroup - 1,
                                    perGroup,
                                    perGroup + 1,
                                    3 * perGroup + 7,
                                    perGroup * wg + 3 /* three passes */,
                                    100003};
    return {sizes.begin(), sizes.end()};
}

RunConfig configFor(const std::string& id, size_t n, size_t wg, Op op, ElemType type) {
    return test::makeConfig(id, n, wg, op, type, 1234 + n);
}

// Checks one run's answer against an independent CPU reference; returns a description for failure messages.
void expectRightAnswer(const RunResult& r, const HostArray& input, const std::string& where) {
    const Reference ref = computeReference(input, r.config.op);
    EXPECT_EQ(r.reference, ref.value) << where;
    EXPECT_TRUE(r.correct) << where << ": " << r.verdict;
    if (r.config.type == ElemType::Int || r.config.op != Op::Sum) EXPECT_EQ(r.result, ref.value) << where;
}

class LadderResults : public ::testing::TestWithParam<std::string> {};

TEST_P(LadderResults, EveryOpTypeAndSize) {
    const VariantInfo& v = *findVariant(GetParam());
    size_t runs = 0;
    for (size_t wg : {64, 256})
        for (size_t n : sizesFor(v, wg))
            for (Op op : {Op::Sum, Op::Min, Op::Max})
                for (ElemType type : {ElemType::Int, ElemType::Float}) {
                    const RunConfig c = configFor(v.id, n, wg, op, type);
                    const HostArray input = makeInput(type, DataPattern::Random, n, c.seed);
                    const RunResult r = test::engine().run(c, input);
                    const std::string where = v.id + " n=" + std::to_string(n) + " wg=" + std::to_string(wg) + " " +
                                              std::string(toString(op)) + " " + std::string(toString(type));
                    ASSERT_EQ(r.passes.size(), planPasses(v, c).size()) << where;
                    expectRightAnswer(r, input, where);
                    ++runs;
                }
    EXPECT_GE(runs, 2u * 12u * 3u * 2u);
}

TEST_P(LadderResults, FinalStepOnTheHost) {
    const VariantInfo& v = *findVariant(GetParam());
    for (size_t n : {size_t(1), size_t(1000), size_t(70001), size_t(1) << 18}) {
        for (ElemType type : {ElemType::Int, ElemType::Float}) {
            RunConfig c = configFor(v.id, n, 128, Op::Sum, type);
            c.finalOnHost = true;
            const HostArray input = makeInput(type, DataPattern::Random, n, c.seed);
            const RunResult r = test::engine().run(c, input);
            const std::string where = v.id + " host-final n=" + std::to_string(n) + " " + std::string(toString(type));
            ASSERT_FALSE(r.passes.empty()) << where;
            // Device passes run while more than wg partials would remain; the host sums the last pass's partials.
            EXPECT_LE(r.passes.back().plan.groups, 128u) << where << ": the host reduces at most wg partials";
            for (size_t p = 0; p + 1 < r.passes.size(); ++p)
                EXPECT_GT(r.passes[p].plan.groups, 128u) << where << ": pass " << p << " was not needed";
            expectRightAnswer(r, input, where);
        }
    }
}

TEST_P(LadderResults, KnownValues) {
    // Patterns whose answers are known without any reference code: ones sum to n, iota's max is n - 1.
    const VariantInfo& v = *findVariant(GetParam());
    const size_t n = 12345;
    RunConfig c = configFor(v.id, n, 64, Op::Sum, ElemType::Int);
    const RunResult ones = test::engine().run(c, makeInput(ElemType::Int, DataPattern::Ones, n, 1));
    EXPECT_EQ(ones.result, double(n));
    c.op = Op::Max;
    c.type = ElemType::Float;
    const RunResult iota = test::engine().run(c, makeInput(ElemType::Float, DataPattern::Iota, n, 1));
    EXPECT_EQ(iota.result, double(n - 1));
    c.op = Op::Min;
    EXPECT_EQ(test::engine().run(c, makeInput(ElemType::Float, DataPattern::Iota, n, 1)).result, 0.0);
}

// Every correct-by-design local-tree variant whose groups follow N. unroll-last-warp is wrong by design
// (ladder_unroll_last_warp_test.cpp); the fixed-grid kernels (grid-stride, best-gpu, best-cpu) launch a grid chosen
// from the device, so their passes are checked in best_variants_test.cpp; the global kinds and built-ins have their
// own files.
INSTANTIATE_TEST_SUITE_P(Registry, LadderResults,
                         ::testing::ValuesIn(test::variantIds([](const VariantInfo& v) {
                             return v.correctByDesign && v.kind == VariantKind::LocalTree &&
                                    v.groupsPerComputeUnit == 0;
                         })),
                         test::kernelNameOf);

}  // namespace
}  // namespace rl
