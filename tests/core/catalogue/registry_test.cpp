// The registry: the ladder's teaching order, toggles that map to each kernel, and for every variant its home (kernel
// file, banner, descriptor) and a whole-run model that agrees with the CPU reference.
#include <gtest/gtest.h>

#include <cctype>
#include <regex>

#include "core/input.h"
#include "core/catalogue/kernel_banner.h"
#include "core/catalogue/kernel_source.h"
#include "core/model/reference.h"
#include "core/catalogue/variant_support.h"
#include "tests/support/model_helpers.h"
#include "tests/support/variant_params.h"

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
        const int index = int(v - reduceVariants().data());
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

// Each variant of the registry: its home is complete (kernel file with a kernel of its name, lesson and requirements
// from the banner), and where it has a CPU model, the whole run of the model equals the CPU reference.
class RegistryVariant : public ::testing::TestWithParam<std::string> {};

TEST_P(RegistryVariant, KernelFileAndBannerMakeTheDescriptor) {
    const VariantInfo& v = *findVariant(GetParam());
    const std::string source = kernelFileText(v.kernelFile);
    EXPECT_TRUE(std::regex_search(source, std::regex("__kernel[^;{]*\\bvoid\\s+" + v.kernelName + "\\s*\\(")))
        << "kernels/" << v.id << ".cl must define __kernel void " << v.kernelName;
    const KernelBanner banner = parseKernelBanner(source);
    EXPECT_FALSE(banner.lesson.empty()) << v.id;
    EXPECT_EQ(v.lesson.substr(1, banner.lesson.size() - 1), banner.lesson.substr(1)) << v.id << ": the banner's lesson";
    EXPECT_TRUE(std::isupper((unsigned char)v.lesson[0])) << v.id;
    EXPECT_EQ(v.requirements, banner.requires_) << v.id;
    EXPECT_FALSE(v.requirements.empty()) << v.id;
    EXPECT_FALSE(v.title.empty()) << v.id;
    EXPECT_EQ(v.correctByDesign, v.wrongReason.empty()) << v.id << ": a wrong-by-design variant says why";
}

TEST_P(RegistryVariant, WholeModelRunEqualsTheReference) {
    const VariantInfo& v = *findVariant(GetParam());
    if (!hasModel(v)) GTEST_SKIP() << v.id << " has no bit-exact model (a built-in: the driver chooses the order)";
    for (size_t n : {size_t(1), size_t(2), size_t(3), size_t(97), size_t(127), size_t(128), size_t(129), size_t(70001)}) {
        for (Op op : {Op::Sum, Op::Min, Op::Max})
            for (ElemType type : {ElemType::Int, ElemType::Long}) {  // exact types: the model equals the reference
                RunConfig config;
                config.variant = v.id;
                config.n = n;
                config.wg = 128;
                config.op = op;
                config.type = type;
                std::vector<double> values(n);
                const HostArray ints = makeInput(ElemType::Int, DataPattern::Random, n, 11 + n);
                for (size_t i = 0; i < n; ++i)  // longs past 32 bits: an int's arithmetic would give another answer
                    values[i] = type == ElemType::Long ? ints.at(i) * 16777216.0 + double(i) : ints.at(i);
                const HostArray input = arrayOf(type, values);
                double result = 0;
                const auto passes = modelRun(v, config, values, &result);
                EXPECT_EQ(result, computeReference(input, op).value)
                    << v.id << " n=" << n << " " << toString(op) << " " << toString(type);
                if (n == 70001 && v.kind == VariantKind::LocalTree && v.groupsPerComputeUnit == 0)
                    EXPECT_GE(passes.size(), 2u) << v.id;
            }
    }
}

// A variant reduces long and double unless its kernel has only 32-bit words, and then it says why.
TEST_P(RegistryVariant, SixtyFourBitTypesOrAReason) {
    const VariantInfo& v = *findVariant(GetParam());
    DeviceInfo device;
    device.name = "a test device";
    device.fp64 = true;
    for (ElemType type : {ElemType::Int, ElemType::Float})
        EXPECT_EQ(typeUnsupportedReason(v, type, &device), "") << v.id;
    for (ElemType type : {ElemType::Long, ElemType::Double}) {
        const std::string why = typeUnsupportedReason(v, type, &device);
        EXPECT_EQ(why.empty(), v.no64BitReason.empty()) << v.id;
        if (!why.empty()) EXPECT_NE(why.find(std::string(toString(type))), std::string::npos) << why;
    }
    device.fp64 = false;
    const std::string noFp64 = typeUnsupportedReason(v, ElemType::Double, &device);
    EXPECT_NE(noFp64.find(v.no64BitReason.empty() ? "cl_khr_fp64" : "64-bit"), std::string::npos) << noFp64;
    EXPECT_EQ(typeUnsupportedReason(v, ElemType::Long, &device), typeUnsupportedReason(v, ElemType::Long, nullptr));
}

INSTANTIATE_TEST_SUITE_P(Registry, RegistryVariant, ::testing::ValuesIn(test::variantIds([](const VariantInfo&) {
                             return true;
                         })),
                         test::kernelNameOf);

}  // namespace
}  // namespace rl
