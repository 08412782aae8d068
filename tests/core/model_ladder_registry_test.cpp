// The ladder's place in the registry: teaching order, toggles that map to each kernel, and whole-run models that
// agree with the CPU reference.
#include <gtest/gtest.h>

#include "core/input.h"
#include "core/reference.h"
#include "model_helpers.h"

namespace rl {
namespace {

const char* kLadder[] = {
    "interleaved-divergent", "interleaved-strided",   "sequential", "first-add", "unroll-last-warp", "complete-unroll",
    "multi-element",         "unroll-last-warp-safe", "vector4"};

TEST(LadderRegistry, TeachingOrder) {
    int last = -1;
    for (const char* id : kLadder) {
        const VariantInfo* v = findVariant(id);
        ASSERT_NE(v, nullptr) << id;
        const int index = int(v - allVariants().data());
        EXPECT_GT(index, last) << id << " is out of teaching order";
        last = index;
        EXPECT_FALSE(v->lesson.empty()) << id;
        EXPECT_FALSE(v->title.empty()) << id;
        EXPECT_FALSE(v->requirements.empty()) << id;
        EXPECT_TRUE(hasModel(*v)) << id;
    }
    for (int step = 1; step <= 7; ++step) EXPECT_EQ(findVariant(kLadder[step - 1])->harrisStep, step);
}

TEST(LadderRegistry, TogglesMapToTheLadder) {
    VariantToggles t;
    std::string why;
    EXPECT_EQ(variantForToggles(t, &why)->id, "interleaved-divergent");
    t.compactBranching = true;
    EXPECT_EQ(variantForToggles(t, &why)->id, "interleaved-strided");
    t.sequentialAddressing = true;
    EXPECT_EQ(variantForToggles(t, &why)->id, "sequential");
    t.firstAddDuringLoad = true;
    EXPECT_EQ(variantForToggles(t, &why)->id, "first-add");
    t.unrollLastWarp = true;
    EXPECT_EQ(variantForToggles(t, &why)->id, "unroll-last-warp-safe") << "the correct tail is preferred";
    t.completeUnroll = true;
    EXPECT_EQ(variantForToggles(t, &why)->id, "complete-unroll");
    t.multiElement = true;
    EXPECT_EQ(variantForToggles(t, &why)->id, "multi-element");
    VariantToggles vec;
    vec.sequentialAddressing = vec.compactBranching = vec.vectorLoads = true;
    EXPECT_EQ(variantForToggles(vec, &why)->id, "vector4");
}

TEST(LadderRegistry, UnrollLastWarpIsMarkedWrongWithItsReason) {
    const VariantInfo* v = findVariant("unroll-last-warp");
    EXPECT_FALSE(v->correctByDesign);
    EXPECT_NE(v->wrongReason.find("lockstep"), std::string::npos);
    EXPECT_NE(v->wrongReason.find("PoCL"), std::string::npos);
    EXPECT_EQ(v->minWorkGroup, 64);
    EXPECT_TRUE(findVariant("unroll-last-warp-safe")->correctByDesign);
    EXPECT_TRUE(findVariant("complete-unroll")->wgFixedAtBuild);
    EXPECT_TRUE(findVariant("multi-element")->elementsPerItemSettable);
}

TEST(LadderRegistry, WholeModelRunsEqualTheReference) {
    for (const char* id : kLadder) {
        for (size_t n :
             {size_t(1), size_t(2), size_t(3), size_t(97), size_t(127), size_t(128), size_t(129), size_t(70001)}) {
            for (Op op : {Op::Sum, Op::Min, Op::Max}) {
                RunConfig config;
                config.variant = id;
                config.n = n;
                config.wg = 128;
                config.op = op;
                config.type = ElemType::Int;
                const HostArray input = makeInput(ElemType::Int, DataPattern::Random, n, 11 + n);
                std::vector<double> values(n);
                for (size_t i = 0; i < n; ++i) values[i] = input.at(i);
                double result = 0;
                const auto passes = modelRun(*findVariant(id), config, values, &result);
                EXPECT_EQ(result, computeReference(input, op).value) << id << " n=" << n << " " << toString(op);
                if (n == 70001) EXPECT_GE(passes.size(), 2u) << id;
            }
        }
    }
}

}  // namespace
}  // namespace rl
