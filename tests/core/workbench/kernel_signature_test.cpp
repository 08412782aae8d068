// The contract's check of a student's kernel: found in the source, the right arguments, or a sentence naming the
// expected signature and the argument that differs.
#include <gtest/gtest.h>

#include "core/catalogue/kernel_source.h"
#include "core/catalogue/variant.h"
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
    for (const auto& v : reduceVariants()) {
        if (v.kind != VariantKind::LocalTree || v.groupsPerComputeUnit > 0) continue;
        const auto c = checkSignature(kernelFileText(v.kernelFile), v.kernelName);
        EXPECT_TRUE(c.ok) << v.id << ": " << c.message;
        EXPECT_TRUE(c.kernel.annotated) << v.id << " records its stages";
        ++checked;
    }
    EXPECT_GE(checked, 8);
}

TEST(WorkbenchSignature, ArgumentsAreMatchedByWhatTheyAreInAnyOrder) {
    // The write-ups' first kernel: float, the input not const, no count.
    auto c = checkSignature("__kernel void reduce(__global float *a, __global float *r, __local float *b) {}", "");
    ASSERT_TRUE(c.ok) << c.message;
    EXPECT_EQ(c.args.in, 0);
    EXPECT_EQ(c.args.out, 1);
    EXPECT_EQ(c.args.scratch, 2);
    EXPECT_EQ(c.args.count, -1);
    EXPECT_TRUE(c.args.padded());
    EXPECT_EQ(c.args.traceAt, 3);
    EXPECT_EQ(c.types, std::vector<ElemType>{ElemType::Float});
    ASSERT_EQ(c.matched.size(), 4u);
    EXPECT_NE(c.matched[0].find("argument 1 '__global float *a' is the input"), std::string::npos) << c.matched[0];
    EXPECT_NE(c.matched[3].find("read past the end"), std::string::npos) << c.matched[3];
    // The tutorial's: the local buffer second, the output last.
    c = checkSignature("__kernel void reduction_scalar(__global float* data, __local float* partial_sums, "
                       "__global float* output) {}",
                       "");
    ASSERT_TRUE(c.ok) << c.message;
    EXPECT_EQ(c.args.in, 0);
    EXPECT_EQ(c.args.scratch, 1);
    EXPECT_EQ(c.args.out, 2);
    // Every role somewhere else, the count a signed int, the input const.
    c = checkSignature("__kernel void k(__local int *t, __global int *o, __global const int *v, const int m) {}", "");
    ASSERT_TRUE(c.ok) << c.message;
    EXPECT_EQ(c.args.scratch, 0);
    EXPECT_EQ(c.args.out, 1);
    EXPECT_EQ(c.args.in, 2);
    EXPECT_EQ(c.args.count, 3);
    EXPECT_EQ(c.args.countBytes, 4);
    EXPECT_EQ(c.types, std::vector<ElemType>{ElemType::Int});
    // The output named so, written first; a ulong count.
    c = checkSignature("__kernel void k(__global T *result, __global T *values, ulong n, __local T *s) {}", "");
    ASSERT_TRUE(c.ok) << c.message;
    EXPECT_EQ(c.args.out, 0);
    EXPECT_EQ(c.args.in, 1);
    EXPECT_EQ(c.args.countBytes, 8);
    // The contract itself, with the recording parameters after it.
    c = checkSignature("__kernel void k(__global const T *in, __global T *out, const uint n, __local T *s "
                       "RL_TRACE_PARAMS) {}",
                       "");
    ASSERT_TRUE(c.ok) << c.message;
    EXPECT_EQ(c.args.traceAt, 4);
    EXPECT_EQ(c.args.count, 2);
}

TEST(WorkbenchSignature, WhatCannotBeMatchedSaysWhatWasExpectedAndFound) {
    auto c = checkSignature("__kernel void k(__global const T *in, __global const T *out, uint n, __local T *s) {}",
                            "");
    EXPECT_FALSE(c.ok);
    EXPECT_NE(c.message.find("both global pointers are const"), std::string::npos) << c.message;
    c = checkSignature("__kernel void k(__global const T *a, __global const T *b, __global T *out, __local T *s) {}",
                       "");
    EXPECT_FALSE(c.ok);
    EXPECT_EQ(c.argument, 3);
    EXPECT_NE(c.message.find("takes 3 global pointers"), std::string::npos) << c.message;
    EXPECT_NE(c.message.find("one global input, one global output"), std::string::npos) << c.message;
    c = checkSignature("__kernel void k(__global const T *in, __global T *out, const uint n) {}", "");
    EXPECT_FALSE(c.ok);
    EXPECT_NE(c.message.find("no __local buffer"), std::string::npos) << c.message;
    c = checkSignature("__kernel void k(__global const T *in, __global T *out, uint n, __local T *s, int x) {}", "");
    EXPECT_FALSE(c.ok);
    EXPECT_EQ(c.argument, 5);
    EXPECT_NE(c.message.find("2 plain values"), std::string::npos) << c.message;
    c = checkSignature("__kernel void k(__global float4 *in, __local float4 *s, __global float *out) {}", "");
    EXPECT_FALSE(c.ok);
    EXPECT_EQ(c.argument, 1);
    EXPECT_NE(c.message.find("float4 vectors"), std::string::npos) << c.message;
    EXPECT_NE(c.message.find("vload4"), std::string::npos) << c.message;
    c = checkSignature("__kernel void k(__global const T *in, __global T *out, size_t n, __local T *s) {}", "");
    EXPECT_FALSE(c.ok);
    EXPECT_NE(c.message.find("size_t"), std::string::npos) << c.message;
    c = checkSignature("__kernel void k(__global const T *in, __global T *out, float n, __local T *s) {}", "");
    EXPECT_FALSE(c.ok);
    EXPECT_EQ(c.argument, 3);
}

TEST(WorkbenchSignature, TheOneKernelALaunchFitsIsTheEntryPoint) {
    const std::string text = "__kernel void fill(__global T *b, const T v) {}\n"
                             "__kernel void reduce(__global const T *in, __global T *out, uint n, __local T *s) {}\n";
    const auto c = checkSignature(text, "");
    ASSERT_TRUE(c.ok) << c.message;
    EXPECT_EQ(c.kernel.name, "reduce");
    EXPECT_NE(c.entryNote.find("the only one a reduction launch fits"), std::string::npos) << c.entryNote;
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
    EXPECT_NE(c.message.find("2 kernels (a, b) and 2 of them fit"), std::string::npos) << c.message;
    EXPECT_NE(c.message.find("--entry"), std::string::npos);
    c = checkSignature(two, "b");
    EXPECT_TRUE(c.ok) << c.message;
    EXPECT_EQ(c.kernel.line, 2);
    c = checkSignature(two, "c");
    EXPECT_NE(c.message.find("no kernel named 'c'"), std::string::npos);
    c = checkSignature("int main() {}", "");
    EXPECT_NE(c.message.find("no __kernel function found"), std::string::npos);
}

TEST(WorkbenchSignature, WhatWasReadTravelsAsJsonAndComesBackTheSame) {
    // The write-ups' shape: three arguments, no count, concrete float; matched by role, padded with the identity.
    const auto read = checkSignature("__kernel void helper(__global int *x) {}\n"
                                     "__kernel void reduce(__global float *a, __global float *r, __local float *b) {}",
                                     "");
    ASSERT_TRUE(read.ok) << read.message;
    const SignatureCheck back = signatureFromJson(nlohmann::json::parse(toJson(read).dump()));
    EXPECT_TRUE(back.ok);
    EXPECT_EQ(back.kernel.name, "reduce");
    EXPECT_EQ(back.kernel.line, 2);
    EXPECT_EQ(back.kernel.params, read.kernel.params);
    EXPECT_EQ(back.types, std::vector<ElemType>{ElemType::Float});
    EXPECT_EQ(back.args.in, 0);
    EXPECT_EQ(back.args.out, 1);
    EXPECT_EQ(back.args.scratch, 2);
    EXPECT_EQ(back.args.count, -1);
    EXPECT_TRUE(back.args.padded());
    EXPECT_EQ(back.matched, read.matched);
    EXPECT_EQ(back.entryNote, read.entryNote);
    EXPECT_FALSE(back.entryNote.empty()) << "a file of two kernels says how the entry was chosen";
}

TEST(WorkbenchSignature, AMalformedDescriptionIsRefusedNotTrusted) {
    auto j = toJson(checkSignature("__kernel void k(__global const T *in, __global T *out, uint n, __local T *s) {}",
                                   ""));
    auto refused = [](const nlohmann::json& bad) {
        try {
            signatureFromJson(bad);
        } catch (const Error& e) {
            EXPECT_EQ(e.kind(), ErrorKind::BadInput);
            return std::string(e.what());
        }
        return std::string();
    };
    auto bad = j;
    bad["types"] = {"half"};
    EXPECT_NE(refused(bad).find("unknown type"), std::string::npos);
    bad = j;
    bad["args"]["scratch"] = 99;
    EXPECT_NE(refused(bad).find("argument scratch at 99"), std::string::npos);
    bad = j;
    bad["args"]["count_bytes"] = 2;
    EXPECT_NE(refused(bad).find("count of 2 bytes"), std::string::npos);
    bad = j;
    bad.erase("kernel");
    EXPECT_NE(refused(bad).find("malformed"), std::string::npos);
}

TEST(WorkbenchSignature, EveryBuiltInTiledScanKeepsTheScanContract) {
    int checked = 0;
    for (const auto& v : scanVariants()) {
        if (v.kind != VariantKind::ScanTiles) continue;
        const auto c = checkSignature(kernelFileText(v.kernelFile), v.kernelName, Pattern::Scan);
        ASSERT_TRUE(c.ok) << v.id << ": " << c.message;
        EXPECT_EQ(c.pattern, Pattern::Scan);
        EXPECT_EQ(c.args.in, kScanArgs.in) << v.id;
        EXPECT_EQ(c.args.out, kScanArgs.out) << v.id;
        EXPECT_EQ(c.args.sums, kScanArgs.sums) << v.id;
        EXPECT_EQ(c.args.count, kScanArgs.count) << v.id;
        EXPECT_EQ(c.args.scratch, kScanArgs.scratch) << v.id;
        ++checked;
    }
    EXPECT_GE(checked, 5);  // hillis-steele, its in-place race, blelloch, blelloch-conflict-free, raking
}

TEST(WorkbenchSignature, AScanKernelsTotalsAreToldApartByTheirNameElseByTheOrderWritten) {
    // Another order, other names: the const pointer is the input, `block_sums` the totals.
    auto c = checkSignature("__kernel void p(__local int *t, const uint m, __global int *block_sums, "
                            "__global int *dst, __global const int *src) {}",
                            "", Pattern::Scan);
    ASSERT_TRUE(c.ok) << c.message;
    EXPECT_EQ(c.args.in, 4);
    EXPECT_EQ(c.args.out, 3);
    EXPECT_EQ(c.args.sums, 2);
    EXPECT_EQ(c.args.count, 1);
    EXPECT_EQ(c.args.scratch, 0);
    EXPECT_EQ(c.types, std::vector<ElemType>{ElemType::Int});
    // No name says which: the output is written before the totals.
    c = checkSignature("__kernel void p(__global const T *a, __global T *b, __global T *c, uint n, __local T *s) {}",
                       "", Pattern::Scan);
    ASSERT_TRUE(c.ok) << c.message;
    EXPECT_EQ(c.args.out, 1);
    EXPECT_EQ(c.args.sums, 2);
    // The same file checked as a reduction has one global pointer too many.
    c = checkSignature("__kernel void p(__global const T *a, __global T *b, __global T *c, uint n, __local T *s) {}",
                       "");
    EXPECT_FALSE(c.ok);
    EXPECT_NE(c.message.find("takes 3 global pointers"), std::string::npos) << c.message;
}

TEST(WorkbenchSignature, AScanKernelWithoutItsTotalsOrItsCountIsRefusedWithTheScanContract) {
    // A reduction's signature checked as a scan: no buffer for the totals.
    auto c = checkSignature("__kernel void k(__global const T *in, __global T *out, uint n, __local T *s) {}", "",
                            Pattern::Scan);
    EXPECT_FALSE(c.ok);
    EXPECT_NE(c.message.find("where ReduceLab passes three, the input, the output and the tile totals"),
              std::string::npos) << c.message;
    EXPECT_NE(c.message.find("__global T *sums"), std::string::npos) << c.message;
    // No count: the last tile would write past the end of out.
    c = checkSignature("__kernel void k(__global const T *in, __global T *out, __global T *sums, __local T *s) {}",
                       "", Pattern::Scan);
    EXPECT_FALSE(c.ok);
    EXPECT_NE(c.message.find("no element count"), std::string::npos) << c.message;
    // Two const pointers: only the input may be.
    c = checkSignature("__kernel void k(__global const T *in, __global const T *out, __global T *sums, uint n, "
                       "__local T *s) {}",
                       "", Pattern::Scan);
    EXPECT_FALSE(c.ok);
    EXPECT_NE(c.message.find("2 global pointers are const"), std::string::npos) << c.message;
    // Mixed element types name all four buffers.
    c = checkSignature("__kernel void k(__global const int *in, __global int *out, __global float *sums, uint n, "
                       "__local int *s) {}",
                       "", Pattern::Scan);
    EXPECT_FALSE(c.ok);
    EXPECT_NE(c.message.find("(int, int, float, int)"), std::string::npos) << c.message;
}

TEST(WorkbenchSignature, AScanKernelsDescriptionTravelsWithItsPatternAndTotals) {
    const auto read = checkSignature("__kernel void k(__global const T *in, __global T *out, __global T *sums, "
                                     "const uint n, __local T *s) {}",
                                     "", Pattern::Scan);
    ASSERT_TRUE(read.ok) << read.message;
    const SignatureCheck back = signatureFromJson(toJson(read));
    EXPECT_EQ(back.pattern, Pattern::Scan);
    EXPECT_EQ(back.args.sums, 2);
    EXPECT_EQ(back.args.count, 3);
    auto bad = toJson(read);
    bad["args"]["sums"] = -1;
    EXPECT_THROW(signatureFromJson(bad), Error);
    bad = toJson(read);
    bad["pattern"] = "histogram";
    EXPECT_THROW(signatureFromJson(bad), Error);
}

}  // namespace
}  // namespace rl::workbench
