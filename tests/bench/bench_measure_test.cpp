// The bench's timing loop over several sizes: pooling the passes, the order in which calls are taken and how long
// each method warms up, checked with stand-in methods whose calls return a known value (bench/measure.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <iterator>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>

#include "bench/busy_device.h"
#include "bench/measure.h"
#include "tests/support/device_fixture.h"

namespace rl::bench {
namespace {

Measurement withCalls(std::vector<double> ms, bool correct = true, double result = 1.0) {
    Measurement m;
    m.method = "m";
    m.checked = true;
    m.correct = correct;
    m.result = result;
    m.verdict = correct ? "ok" : "off by one";
    double start = 0;
    for (double t : ms) m.calls.push_back({start += 1, t, 0});
    return m;
}

TEST(BenchPooled, TakesTheStatisticsOverEveryPassesCalls) {
    const Measurement m = pooled({withCalls({1, 2, 3}), withCalls({10, 11}), withCalls({4})});
    EXPECT_EQ(m.repeats, 6);
    EXPECT_DOUBLE_EQ(m.medianMs, 3.5);  // of 1 2 3 4 10 11
    EXPECT_DOUBLE_EQ(m.minMs, 1);
    EXPECT_DOUBLE_EQ(m.maxMs, 11);
    ASSERT_EQ(m.calls.size(), 6u);
    EXPECT_DOUBLE_EQ(m.calls[3][1], 10);  // in the order the passes ran
    EXPECT_TRUE(m.correct);
}

TEST(BenchPooled, IsWrongWhenAnyPassIsWrongAndSaysWhy) {
    const Measurement m = pooled({withCalls({1}), withCalls({2}, false, 7.0), withCalls({3})});
    EXPECT_FALSE(m.correct);
    EXPECT_DOUBLE_EQ(m.result, 7.0);
    EXPECT_EQ(m.verdict, "off by one");
}

TEST(BenchPooled, IsSkippedWhenAnyPassWasSkipped) {
    Measurement skipped = withCalls({});
    skipped.skipped = true;
    skipped.verdict = "the library is missing";
    const Measurement m = pooled({withCalls({1}), skipped});
    EXPECT_TRUE(m.skipped);
    EXPECT_EQ(m.verdict, "the library is missing");
}

// Stand-ins: method k of size s returns its size's reference value (or a wrong one), instantly.
struct Sizes {
    std::vector<Reference> refs;
    std::vector<std::vector<Method>> methods;
    std::vector<std::vector<Method>*> pointers;

    Sizes(int sizes, int methodsPerSize, int wrongSize = -1) {
        refs.resize(sizes);
        for (int s = 0; s < sizes; ++s) refs[s] = {100.0 + s, 100.0 + s, size_t(1) << (16 + s)};
        methods.resize(sizes);
        for (int s = 0; s < sizes; ++s)
            for (int k = 0; k < methodsPerSize; ++k) {
                Method m;
                m.label = "method " + std::to_string(k);
                m.bytes = 4.0 * refs[s].n;
                m.ref = &refs[s];
                const double value = s == wrongSize ? refs[s].value + 50 : refs[s].value;
                m.once = [value](double*) { return value; };
                methods[s].push_back(m);
            }
        for (auto& m : methods) pointers.push_back(&m);
    }
};

TEST(BenchOrder, PassesSweepTheSizesGivingEachItsShareOfTheCalls) {
    Sizes sizes(2, 2);
    const auto out = timeSizesInPasses(sizes.pointers, 3, 0, 7, false, {});
    ASSERT_EQ(out.size(), 2u);
    for (int s = 0; s < 2; ++s) {
        ASSERT_EQ(out[s].size(), 2u);
        for (const Measurement& m : out[s]) {
            EXPECT_EQ(m.repeats, 7);
            EXPECT_EQ(m.n, sizes.refs[s].n);
            EXPECT_TRUE(m.correct) << m.verdict;
            EXPECT_TRUE(std::is_sorted(m.calls.begin(), m.calls.end()));
        }
    }
    // 7 calls in passes of 2, 2 and 3: size 0's first two, then size 1's first two, then size 0's next two ...
    const auto& a = out[0][0].calls;
    const auto& b = out[1][0].calls;
    EXPECT_LT(a[1][0], b[0][0]);
    EXPECT_LT(b[1][0], a[2][0]);
    EXPECT_LT(a[3][0], b[2][0]);
    EXPECT_LT(b[3][0], a[4][0]);
    // ... and within a size, the methods round-robin
    EXPECT_LT(out[0][0].calls[0][0], out[0][1].calls[0][0]);
    EXPECT_LT(out[0][1].calls[0][0], out[0][0].calls[1][0]);
}

TEST(BenchOrder, EveryMethodIsCheckedAgainstItsOwnSizesReference) {
    Sizes sizes(2, 1, /*wrongSize=*/1);
    const auto out = timeSizesInPasses(sizes.pointers, 2, 0, 4, false, {});
    EXPECT_TRUE(out[0][0].correct) << out[0][0].verdict;
    EXPECT_FALSE(out[1][0].correct);
    EXPECT_DOUBLE_EQ(out[1][0].result, 151.0);
}

TEST(BenchOrder, AMethodThatFailsInAnyPassIsSkippedWithItsReason) {
    Sizes sizes(2, 2);
    auto calls = std::make_shared<int>(0);
    sizes.methods[1][1].once = [calls, value = sizes.refs[1].value](double*) -> double {
        // fails from its 100001st call on: past the first pass's warm-up (100000 calls at most), in some pass
        if (++*calls > 100000) throw std::runtime_error("the device was lost");
        return value;
    };
    const auto out = timeSizesInPasses(sizes.pointers, 3, 0, 6, false, {});
    EXPECT_TRUE(out[1][1].skipped);
    EXPECT_EQ(out[1][1].verdict, "the device was lost");
    EXPECT_FALSE(out[1][0].skipped);
    EXPECT_EQ(out[1][0].repeats, 6);
}

TEST(BenchOrder, OnACpuHostTheUntimedRunBeforeEachCallIsNotCounted) {
    Sizes sizes(1, 2);
    const auto out = timeSizesInPasses(sizes.pointers, 2, 0, 4, /*cpuHost=*/true, {});
    for (const Measurement& m : out[0]) {
        EXPECT_EQ(m.repeats, 4);
        EXPECT_EQ(m.calls.size(), 4u);
        EXPECT_TRUE(m.correct) << m.verdict;
    }
}

// Calls of each stand-in method, each call taking a millisecond at least (so that a 200 ms warm-up is many calls).
std::vector<std::shared_ptr<int>> countCalls(Sizes& sizes) {
    std::vector<std::shared_ptr<int>> counts;
    for (size_t k = 0; k < sizes.methods[0].size(); ++k) counts.push_back(std::make_shared<int>(0));
    for (auto& size : sizes.methods)
        for (size_t k = 0; k < size.size(); ++k)
            size[k].once = [count = counts[k], value = size[k].ref->value](double*) {
                ++*count;
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
                return value;
            };
    return counts;
}

TEST(BenchWarmUp, EveryMethodWarmsUpForTheFloorUnlessOnlyTheFirstAtASizeIsAsked) {
    constexpr int warmup = 3, repeats = 4, passes = 2;
    constexpr int counted = passes * warmup + repeats;  // per size: its warm-up calls in each pass, and its timed calls
    {
        Sizes sizes(2, 3);
        const auto counts = countCalls(sizes);
        timeSizesInPasses(sizes.pointers, passes, warmup, repeats, false, {});
        for (const auto& c : counts) EXPECT_GT(*c, 2 * counted + 50);  // 200 ms of 1 ms calls, every pass and size
    }
    {
        Sizes sizes(2, 3);
        const auto counts = countCalls(sizes);
        TimingContext once;
        once.warmFloorOnce = true;
        timeSizesInPasses(sizes.pointers, passes, warmup, repeats, false, once);
        EXPECT_GT(*counts[0], 2 * counted + 50);  // the first method at each size, in each pass: the floor
        EXPECT_EQ(*counts[1], 2 * counted);        // the others: their warm-up count only
        EXPECT_EQ(*counts[2], 2 * counted);
    }
    {
        // A method that could not be set up warms nothing: the floor goes to the first that runs.
        Sizes sizes(1, 3);
        const auto counts = countCalls(sizes);
        sizes.methods[0][0].skipped = "the library is missing";
        TimingContext once;
        once.warmFloorOnce = true;
        timeSizesInPasses(sizes.pointers, 1, warmup, repeats, false, once);
        EXPECT_EQ(*counts[0], 0);
        EXPECT_GT(*counts[1], warmup + repeats + 50);
        EXPECT_EQ(*counts[2], warmup + repeats);
    }
}

TEST(BenchOrder, AMethodWithoutItsReferenceIsRefused) {
    Sizes sizes(1, 2);
    sizes.methods[0][1].ref = nullptr;
    EXPECT_THROW(timeSizesInPasses(sizes.pointers, 1, 0, 1, false, {}), std::invalid_argument);
}

TEST(BenchOrder, RoundsCallEveryMethodAtEverySizeOncePerRound) {
    Sizes sizes(3, 2);
    const auto out = timeSizesInRounds(sizes.pointers, 0, 4, false, {});
    ASSERT_EQ(out.size(), 3u);
    for (int s = 0; s < 3; ++s) {
        ASSERT_EQ(out[s].size(), 2u);
        EXPECT_EQ(out[s][0].method, "method 0");
        EXPECT_EQ(out[s][1].method, "method 1");
        EXPECT_EQ(out[s][0].n, sizes.refs[s].n);
        EXPECT_EQ(out[s][0].repeats, 4);
        EXPECT_TRUE(out[s][1].correct) << out[s][1].verdict;
    }
    for (int r = 0; r + 1 < 4; ++r) {  // round r: size 0, 1, 2, then round r + 1
        EXPECT_LT(out[0][1].calls[r][0], out[1][0].calls[r][0]);
        EXPECT_LT(out[2][1].calls[r][0], out[0][0].calls[r + 1][0]);
    }
}

// Device timing behind a busy device (--cold-l2): with the cache to clear, each call's spin is preceded by the write
// of the scratch, and every device-queued method's note says how much was written; without it, nothing is said.
TEST(BenchBusyDevice, ClearingTheCacheBeforeEachCallIsSaidInTheNote) {
    Engine& engine = test::engine();
    std::ifstream f(std::string(REDUCELAB_SOURCE_DIR) + "/bench/busy_spin.cl");
    const std::string spin((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    ASSERT_FALSE(spin.empty());
    BusyDevice busy(engine.context(), engine.clDevice(), engine.queue(), spin, 50.0);
    Reference ref{7.0, 7.0, 1024};
    auto measure = [&] {
        std::vector<Method> methods(1);
        methods[0].label = "marker";
        methods[0].bytes = 4096;
        methods[0].deviceQueue = true;
        auto last = std::make_shared<cl::Event>();
        methods[0].once = [&engine, last](double* deviceMs) {
            engine.queue().enqueueMarkerWithWaitList(nullptr, last.get());
            last->wait();
            if (deviceMs) *deviceMs = 0.001;
            return 7.0;
        };
        methods[0].firstStartNs = [last] { return last->getProfilingInfo<CL_PROFILING_COMMAND_START>(); };
        TimingContext context;
        context.busy = &busy;
        return timeMethods(methods, Timing::Device, 0, 3, ref, false, context).at(0);
    };
    const Measurement warm = measure();
    EXPECT_TRUE(warm.correct) << warm.verdict;
    EXPECT_EQ(warm.note.find("cache cleared"), std::string::npos) << warm.note;

    busy.clearCacheFirst(engine.context(), (size_t(1) << 20) + 3);
    EXPECT_EQ(busy.clearBytes(), size_t(1) << 20);  // whole 32-bit words
    const Measurement cold = measure();
    EXPECT_TRUE(cold.correct) << cold.verdict;
    EXPECT_NE(cold.note.find("the cache cleared first (1 MiB written)"), std::string::npos) << cold.note;
    engine.queue().finish();
}

}  // namespace
}  // namespace rl::bench
