// Sessions recorded on the OpenCL device (PoCL in CI): trace and time, save, reopen, and get the identical trace,
// every value bit for bit and every operation, for every variant the device runs, every type (long and double
// where the variant and the device take them), one and two passes.
#include <gtest/gtest.h>

#include <cstdio>
#include <unistd.h>

#include "core/session/session.h"
#include "tests/support/device_fixture.h"
#include "tests/support/session_test_util.h"

namespace rl {
namespace {

std::string tempPath(const std::string& name) {
    return testing::TempDir() + "rl_session_" + std::to_string(::getpid()) + "_" + name + ".json";
}

Session record(const RunConfig& c) {
    Engine& e = test::engine();
    const HostArray input = makeInput(c.type, c.data, c.n, c.seed);
    Session s;
    s.device = e.device();
    s.config = c;
    s.trace = e.trace(c, input);
    s.timings = e.run(c, input, 0, 3);
    s.savedBy = "ReduceLab round-trip test";
    return s;
}

struct Case {
    ElemType type;
    Op op;
    size_t n, wg;
};

TEST(SessionRoundTrip, EveryVariantReopensIdentical) {
    const Case cases[] = {{ElemType::Int, Op::Sum, 16, 16},
                          {ElemType::Float, Op::Sum, 1000, 64},   // two passes, padded last group
                          {ElemType::Float, Op::Min, 300, 128},
                          {ElemType::Int, Op::Max, 4096, 64},
                          {ElemType::Long, Op::Min, 300, 64},      // padded with LONG_MAX (2^63 as a double)
                          {ElemType::Double, Op::Sum, 300, 64}};
    // Every variant with the first case, and with one other case in turn: each case still meets several variants
    // (every kernel built for every case took minutes on a CPU device, for the same check of the file).
    const size_t caseCount = sizeof cases / sizeof cases[0];
    int roundTrips = 0, longTrips = 0;
    size_t index = 0;
    for (const VariantInfo& v : reduceVariants()) {
        const size_t other = 1 + index++ % (caseCount - 1);
        for (const Case& k : {cases[0], cases[other]}) {
            RunConfig c;
            c.variant = v.id;
            c.type = k.type;
            c.op = k.op;
            c.n = k.n;
            c.wg = k.wg;
            c.seed = 11;
            Session original;
            try {
                original = record(c);
            } catch (const Error& e) {
                // A variant this device cannot run with these parameters (e.g. a minimum work-group size).
                if (e.kind() == ErrorKind::Unsupported || e.kind() == ErrorKind::BadInput) continue;
                throw;
            }
            SCOPED_TRACE(v.id + " " + std::string(toString(k.type)) + " " + std::string(toString(k.op)) +
                         " n=" + std::to_string(k.n));
            const std::string path = tempPath(v.id);
            saveSession(original, path);
            const Session reopened = loadSession(path);
            std::remove(path.c_str());
            test::expectSameSession(original, reopened);
            // Saving the reopened session gives the same file: nothing was lost or reinterpreted.
            EXPECT_EQ(serializeSession(original), serializeSession(reopened));
            ++roundTrips;
            longTrips += k.type == ElemType::Long;
        }
    }
    EXPECT_GE(roundTrips, 4) << "no variant could be recorded on this device";
    EXPECT_GE(longTrips, 2) << "long sessions: the variants given the long case, but best-gpu and the built-ins the "
                               "device lacks";
}

// A histogram's session keeps its bins, its range, its data and the elements per work-item its run completed; the
// trace's stages are the local bins. Replicated (copies of the bins, summed) and two-pass (rows, then a second
// launch) are the two that differ most from the others; 300 bins is more than the work-group, a range the data's
// values partly miss, and skewed data makes several lanes hit one bin.
TEST(SessionRoundTrip, AHistogramReopensIdentical) {
    for (const char* id : {"replicated", "two-pass"}) {
        SCOPED_TRACE(id);
        RunConfig c;
        c.variant = id;
        c.type = ElemType::Int;
        c.n = 100;
        c.wg = 16;
        c.bins = 300;
        c.rangeSet = true;
        c.rangeLo = 0;
        c.rangeHi = 1023;
        c.data = DataPattern::Zipf;
        c.seed = 5;
        const Session original = record(c);
        ASSERT_TRUE(original.timings && original.timings->correct) << original.timings->verdict;
        EXPECT_GT(original.timings->config.elemsPerItem, 0) << "the timed run names the elements per work-item";
        const std::string path = tempPath(id);
        saveSession(original, path);
        const Session reopened = loadSession(path);
        std::remove(path.c_str());
        test::expectSameSession(original, reopened);
        EXPECT_EQ(reopened.config.bins, 300u);
        EXPECT_EQ(reopened.config.rangeHi, 1023);
        EXPECT_EQ(serializeSession(original), serializeSession(reopened));
    }
}

TEST(SessionRoundTrip, NegativeZeroAndInfinitiesKeepTheirBits) {
    Session s = record(RunConfig{"sequential", 16, Op::Min, ElemType::Float, 16});
    // A trace as the device could have recorded it with such inputs: the identity of float min pads with +inf.
    Stage& load = s.trace.passes[0].traced[0].stages[0];
    load.values[0] = -0.0;
    load.values[1] = std::numeric_limits<double>::infinity();
    load.values[2] = -std::numeric_limits<double>::infinity();
    load.values[3] = double(1.0f / 3.0f);
    const Session reopened = parseSession(serializeSession(s));
    test::expectSameSession(s, reopened);
    EXPECT_TRUE(std::signbit(reopened.trace.passes[0].traced[0].stages[0].values[0]));
}

TEST(SessionRoundTrip, FailedSaveLeavesTheOldFileUntouched) {
    const Session s = record(RunConfig{"sequential", 16, Op::Sum, ElemType::Int, 16});
    const std::string path = tempPath("keep");
    saveSession(s, path);
    const std::string before = test::readFile(path);
    Session broken = s;
    broken.trace.passes[0].traced[0].stages[0].analysis.activeItems += 1;  // inconsistent: refused before writing
    EXPECT_THROW(saveSession(broken, path), Error);
    EXPECT_EQ(test::readFile(path), before);
    std::remove(path.c_str());
}

TEST(SessionRoundTrip, UnwritablePathIsAClearError) {
    const Session s = record(RunConfig{"sequential", 16, Op::Sum, ElemType::Int, 16});
    try {
        saveSession(s, "/nonexistent-dir/session.json");
        FAIL() << "saving into a missing directory succeeded";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("/nonexistent-dir/session.json"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("No such file"), std::string::npos) << e.what();
    }
    EXPECT_THROW(saveSession(s, testing::TempDir()), Error);  // a directory
}

}  // namespace
}  // namespace rl
