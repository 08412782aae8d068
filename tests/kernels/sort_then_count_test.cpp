// sort-then-count on the device, beyond the histograms' shared tests (histogram_test.cpp): the bins where no local
// bins fit (4096, and 65536 with only a key per work-item of local memory); its trace, a tile's keys sorted step by
// step and each run counted by one work-item (on constant data one atomic per tile, no contention); and the refusal
// of a work-group size that is not a power of two.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/input.h"
#include "core/pattern.h"
#include "core/patterns/histogram/binning.h"
#include "core/patterns/histogram/model_histogram.h"
#include "tests/support/device_fixture.h"
#include "tests/support/ladder_trace_compare.h"

namespace rl {
namespace {

RunConfig configFor(size_t n, size_t wg, size_t bins, DataPattern data, ElemType type) {
    RunConfig c;
    c.variant = "sort-then-count";
    c.n = n;
    c.wg = wg;
    c.bins = bins;
    c.data = data;
    c.type = type;
    c.seed = 5 + n;
    return c;
}

std::string where(const RunConfig& c) {
    return "n=" + std::to_string(c.n) + " wg=" + std::to_string(c.wg) + " bins=" + std::to_string(c.bins) + " " +
           std::string(toString(c.data)) + " " + std::string(toString(c.type));
}

// Bins past what local bins hold, at sizes that are no multiple of the tile (1, a prime, 3 tiles and 5).
TEST(SortThenCount, CountsManyBinsAtAwkwardSizes) {
    for (ElemType type : {ElemType::Int, ElemType::Float})
        for (DataPattern data : {DataPattern::Random, DataPattern::Zipf, DataPattern::Constant})
            for (size_t bins : {size_t(4096), size_t(65536)})
                for (size_t n : {size_t(1), size_t(3 * 256 + 5), size_t(100003)}) {
                    const RunConfig c = configFor(n, 256, bins, data, type);
                    const HostArray input = makeInput(c);
                    const RunResult r = test::engine().run(c, input, 0, 2);
                    EXPECT_TRUE(r.correct) << where(c) << ": " << r.verdict;
                }
}

// The trace: the load, log2 wg x (log2 wg + 1) / 2 sort steps with their k and d, the runs counted; the last step's
// keys in order; each bin counted by at most one work-item, with the tile's count of it.
TEST(SortThenCount, SortsTheTileThenCountsEachRunOnce) {
    for (DataPattern data : {DataPattern::Random, DataPattern::Zipf, DataPattern::Constant}) {
        const RunConfig c = configFor(3 * 64 + 5, 64, 40, data, ElemType::Int);
        const HostArray input = makeInput(c);
        const TraceRun t = test::engine().trace(c, input);
        ASSERT_EQ(test::traceDifference(t, *findVariant(c.variant), c, input), "") << where(c);
        const Binning binning = binningOf(c, input);
        ASSERT_FALSE(t.passes.empty());
        for (const GroupTrace& g : t.passes.front().traced) {
            ASSERT_EQ(g.stages.size(), model::bitonicSteps(64) + 2) << where(c);
            EXPECT_EQ(g.stages.front().label, "load");
            EXPECT_EQ(g.stages[1].label, "k=2 d=1");
            EXPECT_EQ(g.stages[model::bitonicSteps(64)].label, "k=64 d=1");
            const Stage& counted = g.stages.back();
            EXPECT_EQ(counted.label, "runs counted");
            const Stage& sorted = g.stages[g.stages.size() - 2];
            EXPECT_TRUE(std::is_sorted(sorted.values.begin(), sorted.values.begin() + 64)) << where(c);
            // The tile's own histogram, counted by the first work-item of each run.
            std::vector<double> want(c.bins, 0.0);
            for (size_t i = size_t(g.group) * 64; i < std::min(c.n, size_t(g.group + 1) * 64); ++i)
                if (const size_t b = binning.binOf(input.at(i)); b < c.bins) want[b] += 1;
            std::vector<int> updates(c.bins, 0);
            for (const WorkItemOp& op : counted.ops)
                if (op.active) ++updates[size_t(op.w) - 64];
            for (size_t b = 0; b < c.bins; ++b) {
                EXPECT_EQ(counted.values[64 + b], want[b]) << where(c) << " group " << g.group << " bin " << b;
                EXPECT_EQ(updates[b], want[b] > 0 ? 1 : 0) << where(c) << " group " << g.group << " bin " << b;
            }
            EXPECT_EQ(counted.analysis.contentionDegree, 1) << where(c);
        }
    }
}

TEST(SortThenCount, RefusesAWorkGroupThatIsNoPowerOfTwo) {
    const RunConfig c = configFor(100, 12, 16, DataPattern::Random, ElemType::Int);
    const HostArray input = makeInput(c);
    try {
        test::engine().run(c, input);
        FAIL() << "a work-group of 12 was accepted";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("power-of-two work-group size"), std::string::npos) << e.what();
    }
}

}  // namespace
}  // namespace rl
