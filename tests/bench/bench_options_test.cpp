// How wall timing orders its calls (wallPasses, bench/options.h): the default passes on a GPU and a CPU, --passes
// and --interleave taken as given, and every refusal naming the option and its fix.
#include <gtest/gtest.h>

#include <string>

#include "bench/options.h"
#include "core/types.h"

namespace rl::bench {
namespace {

constexpr uint64_t kGiB = uint64_t(1) << 30;

// The refusal wallPasses throws for these arguments ("" when it returns).
std::string refusal(const BenchOptions& o, bool wall, uint64_t inputBytes, bool withRounds) {
    try {
        wallPasses(o, wall, false, inputBytes, 80 * kGiB, withRounds);
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::BadInput);
        return e.what();
    }
    return "";
}

TEST(BenchOptions, WallTimingOnAGpuSweepsInThreePassesWhereTheInputsFitAndOnceElsewhere) {
    BenchOptions o;
    o.repeats = 20;
    EXPECT_EQ(wallPasses(o, true, false, 4 * kGiB, 80 * kGiB, true), 3);
    EXPECT_EQ(wallPasses(o, true, false, 40 * kGiB, 80 * kGiB, false), 3);  // exactly half still fits
    EXPECT_EQ(wallPasses(o, true, false, 41 * kGiB, 80 * kGiB, false), 1);  // past half: one size at a time
    EXPECT_EQ(wallPasses(o, true, true, 4 * kGiB, 80 * kGiB, true), 1);     // a CPU device
    EXPECT_EQ(wallPasses(o, false, false, 4 * kGiB, 80 * kGiB, true), 1);   // device timing
    EXPECT_EQ(wallPasses(o, true, false, 4 * kGiB, 0, true), 3);            // a device that gives no memory size
    o.repeats = 2;  // never more passes than calls
    EXPECT_EQ(wallPasses(o, true, false, 4 * kGiB, 80 * kGiB, true), 2);
    o.repeats = 20;
    o.interleave = true;  // rounds instead of passes
    EXPECT_EQ(wallPasses(o, true, false, 4 * kGiB, 80 * kGiB, true), 1);
    o.interleave = false;
    o.passes = 5;
    EXPECT_EQ(wallPasses(o, true, true, 4 * kGiB, 80 * kGiB, false), 5);  // given: on a CPU too
}

TEST(BenchOptions, WhatWallTimingsOrderCannotDoIsRefusedWithTheFix) {
    BenchOptions o;
    o.repeats = 20;
    o.passes = 3;
    EXPECT_NE(refusal(o, false, kGiB, true).find("--passes is for wall timing"), std::string::npos);
    EXPECT_NE(refusal(o, true, 50 * kGiB, true).find("--passes keeps every size's input on the device at once "
                                                     "(51200 MiB, more than half of its 81920 MiB)"),
              std::string::npos);
    o.passes = 21;
    EXPECT_NE(refusal(o, true, kGiB, true).find("--passes 21 is more than --repeats 20"), std::string::npos);
    o.passes = 3;
    o.interleave = true;
    EXPECT_NE(refusal(o, true, kGiB, true).find("give --passes 1 with it"), std::string::npos);
    o.passes = 0;
    EXPECT_NE(refusal(o, false, kGiB, true).find("--interleave is for wall timing"), std::string::npos);
    EXPECT_NE(refusal(o, true, 50 * kGiB, true).find("leave --interleave out"), std::string::npos);
    // A bench without rounds over every size (the histogram's) says so rather than ignoring the switch
    EXPECT_NE(refusal(o, true, kGiB, false).find("--interleave: this pattern's bench has no rounds"),
              std::string::npos);
    o.interleave = false;
    EXPECT_EQ(refusal(o, true, kGiB, false), "");
}

}  // namespace
}  // namespace rl::bench
