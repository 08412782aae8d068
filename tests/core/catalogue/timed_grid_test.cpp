// best-gpu's timed grid per size: from the device's compute units and the work-group size, never a table
// for one GPU; the other fixed-grid variants keep their groups per compute unit.
#include <gtest/gtest.h>

#include "core/catalogue/pass_plan.h"
#include "core/patterns/reduce/variants.h"

namespace rl {
namespace {

TEST(TimedGrid, BestGpuTakesOneLoadStepPerItemThenTwoThenFourThenWgGroupsThenShortGroupsForTheStream) {
    const VariantInfo& v = *findVariant("best-gpu");
    // 132 compute units (H100, H200), wg 256. Small inputs: one step of four 16-byte loads (16 floats) per item,
    // up to wg / 4 = 64 groups.
    EXPECT_EQ(timedGrid(v, size_t(1) << 16, 256, 132), 16u);
    EXPECT_EQ(timedGrid(v, size_t(1) << 18, 256, 132), 64u);
    // Then two steps per item (32 floats) up to wg / 2 groups, wg / 2 groups up to four steps (64 floats), and four
    // steps per item up to wg groups.
    EXPECT_EQ(timedGrid(v, (size_t(1) << 18) + 1, 256, 132), 64u);
    EXPECT_EQ(timedGrid(v, size_t(1) << 19, 256, 132), 64u);
    EXPECT_EQ(timedGrid(v, size_t(1) << 20, 256, 132), 128u);  // 128 x 256 x 32
    EXPECT_EQ(timedGrid(v, (size_t(1) << 20) + 1, 256, 132), 128u);
    EXPECT_EQ(timedGrid(v, size_t(1) << 21, 256, 132), 128u);  // 128 x 256 x 64
    EXPECT_EQ(timedGrid(v, (size_t(1) << 21) + 1, 256, 132), 129u);
    EXPECT_EQ(timedGrid(v, size_t(1) << 22, 256, 132), 256u);  // 256 x 256 x 64: one partial per item
    // Then wg groups, more steps per item, up to 256 elements per item (2^24).
    EXPECT_EQ(timedGrid(v, size_t(1) << 24, 256, 132), 256u);
    // Then the persistent grid, up to 4 x 132 = 528 rounded down to 512 groups, while that is at most
    // kLastGroupMaxPersistentElems (512) elements per item.
    EXPECT_EQ(timedGrid(v, (size_t(1) << 24) + 1, 256, 132), 257u);
    EXPECT_EQ(timedGrid(v, size_t(1) << 25, 256, 132), 512u);  // 256 per item
    EXPECT_EQ(timedGrid(v, size_t(1) << 26, 256, 132), 512u);  // 512 per item
    // Then many short groups of kLastGroupStreamElems (64) elements per item, up to wg x wg.
    const size_t stream = 256 * kLastGroupStreamElems;
    EXPECT_EQ(timedGrid(v, (size_t(1) << 26) + 1, 256, 132), (size_t(1) << 26) / stream + 1);  // 4097
    EXPECT_EQ(timedGrid(v, size_t(1) << 27, 256, 132), (size_t(1) << 27) / stream);  // 8192
    EXPECT_EQ(timedGrid(v, size_t(1) << 28, 256, 132), (size_t(1) << 28) / stream);  // 16384
    EXPECT_EQ(timedGrid(v, 256 * 256 * stream, 256, 132), 256u * 256u);
    EXPECT_EQ(timedGrid(v, size_t(1) << 32, 256, 132), 256u * 256u);
    EXPECT_EQ(timedGrid(v, 5, 256, 132), 1u);
    EXPECT_EQ(timedGrid(v, 0, 256, 132), 1u);
    // A grid smaller than one work-group is not rounded: 2 compute units (PoCL here) give at most 8 groups.
    EXPECT_EQ(timedGrid(v, size_t(1) << 24, 256, 2), 8u);
    EXPECT_EQ(timedGrid(v, size_t(1) << 16, 256, 2), 8u);
    EXPECT_EQ(timedGrid(v, size_t(1) << 24, 64, 2), 8u);
    EXPECT_EQ(timedGrid(v, 4096, 256, 2), 1u);
    // Another device, another grid: 108 units, wg 128: one step per item up to 32 groups (2^16), two steps up to
    // 64 groups (2^18), four steps up to 128 groups (2^20), 128 groups up to 2^22, the persistent grid (at most
    // 4 x 108 = 432, rounded down to 384) up to 512 elements per item, then short groups of 64 elements per item.
    EXPECT_EQ(timedGrid(v, size_t(1) << 16, 128, 108), 32u);
    EXPECT_EQ(timedGrid(v, size_t(1) << 18, 128, 108), 64u);
    EXPECT_EQ(timedGrid(v, size_t(1) << 19, 128, 108), 64u);
    EXPECT_EQ(timedGrid(v, size_t(1) << 20, 128, 108), 128u);
    EXPECT_EQ(timedGrid(v, size_t(1) << 21, 128, 108), 128u);
    EXPECT_EQ(timedGrid(v, size_t(1) << 22, 128, 108), 128u);
    EXPECT_EQ(timedGrid(v, size_t(1) << 23, 128, 108), 256u);  // 256 per item
    EXPECT_EQ(timedGrid(v, size_t(1) << 24, 128, 108), 384u);  // 341.3 per item
    EXPECT_EQ(timedGrid(v, size_t(1) << 26, 128, 108), (size_t(1) << 26) / (128 * kLastGroupStreamElems));
    // The plan launches exactly that grid and finishes in two levels: a block's tree per 256 groups, then one.
    RunConfig c;
    c.variant = v.id;
    c.n = size_t(1) << 28;
    c.wg = 256;
    c.groups = timedGrid(v, c.n, c.wg, 132);
    const auto plan = planPasses(v, c);
    ASSERT_EQ(plan.size(), 3u);
    EXPECT_EQ(plan[0].groups, c.groups);
    EXPECT_EQ(plan[0].elemsPerItem, int(kLastGroupStreamElems));
    EXPECT_TRUE(plan[1].inPreviousLaunch);
    EXPECT_EQ(plan[1].n, c.groups);
    EXPECT_EQ(plan[1].groups, c.groups / 256);
    EXPECT_TRUE(plan[2].inPreviousLaunch);
    EXPECT_EQ(plan[2].groups, 1u);
    EXPECT_EQ(plan[2].n, plan[1].groups);
}

TEST(TimedGrid, BestCpuGrowsItsGridWithTheInputBetweenTwoAndOneHundredTwentyEightGroupsPerUnit) {
    const VariantInfo& v = *findVariant("best-cpu");
    // 2 compute units (PoCL here): 2 per unit up to 2^20 elements, then one group per 2^18 elements, at most 256.
    EXPECT_EQ(timedGrid(v, size_t(1) << 20, 256, 2), 4u);
    EXPECT_EQ(timedGrid(v, (size_t(1) << 20) + 1, 256, 2), 5u);
    EXPECT_EQ(timedGrid(v, size_t(1) << 22, 256, 2), 16u);
    EXPECT_EQ(timedGrid(v, size_t(1) << 24, 256, 2), 64u);
    EXPECT_EQ(timedGrid(v, size_t(1) << 26, 256, 2), 256u);
    EXPECT_EQ(timedGrid(v, size_t(1) << 28, 256, 2), 256u);
    EXPECT_EQ(timedGrid(v, 0, 256, 2), 4u);
    // 16 units: 32 groups up to 2^23 elements, 2048 at most.
    EXPECT_EQ(timedGrid(v, size_t(1) << 23, 256, 16), 32u);
    EXPECT_EQ(timedGrid(v, size_t(1) << 27, 256, 16), 512u);
    EXPECT_EQ(timedGrid(v, size_t(1) << 30, 256, 16), 2048u);
    // The plan launches that grid; every work-item still gets at least one 16-element vector at 2^26.
    RunConfig c;
    c.variant = v.id;
    c.n = size_t(1) << 26;
    c.wg = 256;
    c.groups = timedGrid(v, c.n, c.wg, 2);
    const auto plan = planPasses(v, c);
    ASSERT_EQ(plan.size(), 2u);
    EXPECT_EQ(plan[0].groups, 256u);
    EXPECT_EQ(plan[1].n, 256u);
    EXPECT_GE(c.n / (plan[0].groups * c.wg), 16u);
}

TEST(TimedGrid, OtherFixedGridsKeepTheirGroupsPerUnit) {
    EXPECT_EQ(timedGrid(*findVariant("grid-stride"), size_t(1) << 20, 256, 132), 528u);
    EXPECT_EQ(timedGrid(*findVariant("sequential"), size_t(1) << 20, 256, 132), 0u);
}

// The words the explorer and the CLI use for best-gpu's finishing passes (they have no launch of their own).
TEST(FinishingRole, NamesTheLastGroupOrTheBlocksThenTheTop) {
    EXPECT_EQ(finishingRole(0, 2, 256), "");
    EXPECT_EQ(finishingRole(1, 2, 256), "the last work-group to start");
    EXPECT_EQ(finishingRole(1, 3, 256), "the last work-group of each block of 256 to start");
    EXPECT_EQ(finishingRole(2, 3, 16), "the last of the blocks' finishers");
}

TEST(TimedTile, ChunkedLookBackOnACpuFillsATileOf64KiWithRunsOfAtLeast256) {
    const VariantInfo& v = *findVariant("chunked-look-back");
    EXPECT_EQ(cpuTimedElementsPerItem(v, 256), 256);
    EXPECT_EQ(cpuTimedElementsPerItem(v, 32), 2048);
    EXPECT_EQ(cpuTimedElementsPerItem(v, 16), 4096);
    EXPECT_EQ(cpuTimedElementsPerItem(v, 1), 4096);     // capped at the largest run a setting takes
    EXPECT_EQ(cpuTimedElementsPerItem(v, 1024), 256);   // never shorter than its fixed runs
    // A streamed build keeps only its input in the cache between its walks: twice the tile.
    EXPECT_EQ(cpuTimedElementsPerItem(v, 32, true), 4096);
    EXPECT_EQ(cpuTimedElementsPerItem(v, 256, true), 512);
    EXPECT_EQ(cpuTimedElementsPerItem(v, 16, true), 4096);  // capped
    // Variants without a tile for CPUs keep their fixed runs (or none).
    EXPECT_EQ(cpuTimedElementsPerItem(*findVariant("decoupled-look-back"), 32), 24);
    EXPECT_EQ(cpuTimedElementsPerItem(*findVariant("sequential"), 32), 0);
}

// The work-group size a benchmark times a variant at unless told one: chunked-look-back's own on a CPU, where fewer
// work-items with longer runs cost PoCL less; RunConfig's 256 for every other variant, and for it on a GPU.
TEST(TimedWorkGroup, ChunkedLookBackIsTimedAt32OnACpuAndEveryOtherVariantAt256) {
    EXPECT_EQ(timedWorkGroup(*findVariant("chunked-look-back"), true), 32u);
    EXPECT_EQ(timedWorkGroup(*findVariant("chunked-look-back"), false), 256u);
    EXPECT_EQ(cpuTimedElementsPerItem(*findVariant("chunked-look-back"), 32), 2048);  // the runs it then takes
    for (const char* id : {"decoupled-look-back", "chunked", "sequential", "best-cpu", "best-gpu"}) {
        EXPECT_EQ(timedWorkGroup(*findVariant(id), true), 256u) << id;
        EXPECT_EQ(timedWorkGroup(*findVariant(id), false), 256u) << id;
    }
}

}  // namespace
}  // namespace rl

namespace rl {
namespace {

TEST(TimedTile, DecoupledLookBackTakesTheLargestTileLocalMemoryHoldsUpTo32PerItem) {
    const VariantInfo& v = *findVariant("decoupled-look-back");
    // 48 KiB of local memory (NVIDIA): wg x (epi + 3) elements plus the kernel's margin. At wg 256 and 4 bytes,
    // epi 32 takes 256 x 35 x 4 + 512 = 36352 bytes; 40 would fit (44544) but is past the cap.
    EXPECT_EQ(timedElementsPerItem(v, 256, 4, 49152), 32);
    EXPECT_EQ(timedElementsPerItem(v, 128, 4, 49152), 32);  // capped: 88 would fit
    EXPECT_EQ(timedElementsPerItem(v, 256, 8, 49152), 16);  // long and double: 256 x 19 x 8 + 512 = 39424; 24: 55808
    EXPECT_EQ(timedElementsPerItem(v, 512, 4, 524288), 32);  // PoCL's 512 KiB (a GPU's rule: PoCL times 24)
    // 32 KiB (an older GPU): 256 x 27 x 4 + 512 = 28160 fits 24; 32 would take 36352.
    EXPECT_EQ(timedElementsPerItem(v, 256, 4, 32768), 24);
    // Too little for 8 per work-item: no rule (the variant's fixed default applies).
    EXPECT_EQ(timedElementsPerItem(v, 1024, 4, 16384), 0);
    // A variant without the rule.
    EXPECT_EQ(timedElementsPerItem(*findVariant("reduce-then-scan"), 256, 4, 49152), 0);
    EXPECT_EQ(timedElementsPerItem(*findVariant("sequential"), 256, 4, 49152), 0);
}

}  // namespace
}  // namespace rl
