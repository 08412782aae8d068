// The kernel banner parser: paragraphs by their labels, continuation lines joined, the banner's end.
#include <gtest/gtest.h>

#include "core/catalogue/kernel_banner.h"

namespace rl {
namespace {

TEST(KernelBanner, ReadsTitleLessonCostAndRequirements) {
    const KernelBanner b = parseKernelBanner(
        "// mine.cl: a first tree.\n"
        "//\n"
        "// Lesson: halve the stride\n"
        "// each stage.\n"
        "// Cost: half the work-items\n"
        "//   idle.\n"
        "// Requires: a power-of-two work-group size.\n"
        "\n"
        "// Lesson: not part of the banner\n"
        "__kernel void mine() {}\n");
    EXPECT_EQ(b.title, "a first tree.");
    EXPECT_EQ(b.lesson, "halve the stride each stage.");
    EXPECT_EQ(b.cost, "half the work-items idle.");
    EXPECT_EQ(b.requires_, "a power-of-two work-group size");
}

TEST(KernelBanner, AnEmptyCommentLineEndsAParagraph) {
    const KernelBanner b = parseKernelBanner("// k.cl: t\n// Lesson: one\n//\n// An aside that is no field.\n");
    EXPECT_EQ(b.lesson, "one");
    EXPECT_TRUE(b.cost.empty());
    EXPECT_TRUE(b.requires_.empty());
}

TEST(KernelBanner, NoBannerGivesEmptyFields) {
    const KernelBanner b = parseKernelBanner("__kernel void k() {}\n");
    EXPECT_TRUE(b.title.empty());
    EXPECT_TRUE(b.lesson.empty());
}

}  // namespace
}  // namespace rl
