// The contract's check of a student's kernel: found in the source, the right arguments, or a sentence naming the
// expected signature and the argument that differs.
#include <gtest/gtest.h>

#include "core/kernel_source.h"
#include "core/variant.h"
#include "core/workbench/kernel_signature.h"

namespace rl::workbench {
namespace {

TEST(WorkbenchSignature, AStudentsPlainKernelPasses) {
    const auto c = checkSignature(
        "// a comment with __kernel void fake(int x) in it\n"
        "kernel void mine(global const T* restrict in, global T *out, unsigned int n, local T *scratch) {}\n",
        "");
    ASSERT_TRUE(c.ok) << c.message;
    EXPECT_EQ(c.kernel.name, "mine");
    EXPECT_EQ(c.kernel.line, 2);
    EXPECT_FALSE(c.kernel.annotated);
    EXPECT_EQ(c.kernel.params[0], "global const T *restrict in");
    EXPECT_EQ(c.types, (std::vector<ElemType>{ElemType::Int, ElemType::Float, ElemType::Long, ElemType::Double}));
}

TEST(WorkbenchSignature, AKernelWrittenForLongOrDoubleBuildsForThatTypeOnly) {
    for (const char* t : {"long", "double"}) {
        const std::string text = std::string("__kernel void k(__global const ") + t + " *in, __global " + t +
                                 " *out, const uint n, __local " + t + " *scratch) {}\n";
        const auto c = checkSignature(text, "");
        ASSERT_TRUE(c.ok) << c.message;
        EXPECT_EQ(c.types, (std::vector<ElemType>{*parseElemType(t)})) << t;
    }
    const auto mixed = checkSignature("__kernel void k(__global const long *in, __global int *out, const uint n, "
                                      "__local long *scratch) {}\n",
                                      "");
    EXPECT_FALSE(mixed.ok);
    EXPECT_NE(mixed.message.find("mixes element types"), std::string::npos) << mixed.message;
}

TEST(WorkbenchSignature, EveryBuiltInLocalTreeKernelKeepsTheContract) {
    int checked = 0;
    for (const auto& v : allVariants()) {
        if (v.kind != VariantKind::LocalTree || v.groupsPerComputeUnit > 0) continue;
        const auto c = checkSignature(kernelFileText("kernels/" + v.id + ".cl"), v.kernelName);
        EXPECT_TRUE(c.ok) << v.id << ": " << c.message;
        EXPECT_TRUE(c.kernel.annotated) << v.id << " records its stages";
        ++checked;
    }
    EXPECT_GE(checked, 8);
}

TEST(WorkbenchSignature, TheArgumentThatDiffersIsNamed) {
    auto c = checkSignature("__kernel void k(__global T *in, __global T *out, const uint n, __local T *s) {}", "");
    EXPECT_FALSE(c.ok);
    EXPECT_EQ(c.argument, 1);
    EXPECT_NE(c.message.find("argument 1 of 'k' is '__global T *in'"), std::string::npos) << c.message;
    EXPECT_NE(c.message.find("__global const T *in, __global T *out, const uint n, __local T *scratch"),
              std::string::npos)
        << c.message;
    c = checkSignature("__kernel void k(__global const T *in, __global T *out, const int n, __local T *s) {}", "");
    EXPECT_EQ(c.argument, 3) << c.message;
    c = checkSignature("__kernel void k(__global const T *in, __global T *out, const uint n) {}", "");
    EXPECT_EQ(c.argument, 4) << c.message;
    EXPECT_NE(c.message.find("takes 3 arguments"), std::string::npos) << c.message;
    c = checkSignature("__kernel void k(__global const T *in, __global T *out, uint n, __global T *s) {}", "");
    EXPECT_EQ(c.argument, 4) << c.message;
    c = checkSignature("__kernel void k(__global const T *in, __global T *out, uint n, __local T *s, int x) {}", "");
    EXPECT_EQ(c.argument, 5) << c.message;
    EXPECT_NE(c.message.find("'int x', is one too many"), std::string::npos) << c.message;
}

TEST(WorkbenchSignature, ConcreteTypesNarrowWhatItIsBuiltFor) {
    auto c = checkSignature("__kernel void k(__global const float *in, __global float *out, uint n, __local float *s) {}",
                            "");
    ASSERT_TRUE(c.ok) << c.message;
    EXPECT_EQ(c.types, std::vector<ElemType>{ElemType::Float});
    c = checkSignature("__kernel void k(__global const int *in, __global float *out, uint n, __local T *s) {}", "");
    EXPECT_FALSE(c.ok);
    EXPECT_NE(c.message.find("mixes element types"), std::string::npos) << c.message;
}

TEST(WorkbenchSignature, EntryPointsChosenOrMissing) {
    const std::string two = "__kernel void a(__global const T *in, __global T *out, uint n, __local T *s) {}\n"
                            "__kernel __attribute__((reqd_work_group_size(64, 1, 1))) void b(__global const T *in, "
                            "__global T *out, uint n, __local T *s) {}\n";
    auto c = checkSignature(two, "");
    EXPECT_FALSE(c.ok);
    EXPECT_NE(c.message.find("2 kernels (a, b)"), std::string::npos) << c.message;
    EXPECT_NE(c.message.find("--entry"), std::string::npos);
    c = checkSignature(two, "b");
    EXPECT_TRUE(c.ok) << c.message;
    EXPECT_EQ(c.kernel.line, 2);
    c = checkSignature(two, "c");
    EXPECT_NE(c.message.find("no kernel named 'c'"), std::string::npos);
    c = checkSignature("int main() {}", "");
    EXPECT_NE(c.message.find("no __kernel function found"), std::string::npos);
}

}  // namespace
}  // namespace rl::workbench
