// Timing in turns (core/cl/timed_run.h): reductions that share one uploaded input, timed one call each in rounds,
// give each its own result, its own count of timed calls and its own verdict; a wrong-by-design variant stays
// wrong beside correct ones; a config the device refuses is refused when the reduction is prepared, before any call;
// and the copy kernel timed in the same rounds gives a ceiling with the bytes it moved. The rounds' own rule is
// tested with recording calls.
#include <gtest/gtest.h>

#include <cmath>

#include "core/cl/timed_run.h"
#include "core/input.h"
#include "core/model/reference.h"
#include "tests/support/device_fixture.h"

namespace rl {
namespace {

TEST(TimedInTurns, RowsSharingOneInputEachKeepTheirOwnCallsAndVerdicts) {
    Engine& engine = test::engine();
    RunConfig base;
    base.n = 1 << 16;
    base.type = ElemType::Int;
    base.data = DataPattern::Digits;
    const HostArray input = makeInput(base);
    const cl::Buffer uploaded = engine.upload(input);
    const Reference reference = computeReference(input, base.op);
    ASSERT_GT(reference.value, 0);

    std::vector<TimedRun> rows;
    for (const char* id : {"sequential", "best-cpu", "global-top-down"}) {
        RunConfig c = base;
        c.variant = id;
        rows.emplace_back(engine, *findVariant(id), c, input, uploaded, reference);
        rows.back().warmup(1);
    }
    TimedCopy copy(engine, base.n, base.type);
    copy.warmup(1);
    for (int round = 0; round < 3; ++round) {
        copy.timeOnce();
        for (auto& row : rows) row.timeOnce();
    }
    rows[1].timeOnce();  // one row may be called more often than the others

    const RunResult sequential = rows[0].result(), bestCpu = rows[1].result(), topDown = rows[2].result();
    EXPECT_EQ(sequential.variant, "sequential");
    EXPECT_EQ(bestCpu.variant, "best-cpu");
    EXPECT_EQ(sequential.repeats, 3);
    EXPECT_EQ(bestCpu.repeats, 4);
    EXPECT_TRUE(sequential.correct) << sequential.verdict;
    EXPECT_TRUE(bestCpu.correct) << bestCpu.verdict;
    EXPECT_EQ(sequential.result, reference.value);
    EXPECT_EQ(bestCpu.result, reference.value);
    // global-top-down races across work-groups: wrong by design, and its verdict says so, correct or not.
    EXPECT_NE(topDown.verdict.find("by design"), std::string::npos) << topDown.verdict;
    for (const RunResult& r : {sequential, bestCpu, topDown}) {
        EXPECT_GT(r.medianMs, 0) << r.variant;
        EXPECT_LE(r.minMs, r.medianMs) << r.variant;
        EXPECT_GE(r.maxMs, r.medianMs) << r.variant;
        EXPECT_FALSE(r.passes.empty()) << r.variant;
    }
    // The input was read, never written: a run of its own afterwards still agrees with the reference.
    RunConfig again = base;
    again.variant = "sequential";
    EXPECT_TRUE(engine.run(again, input).correct);

    const CopyCeiling ceiling = copy.result();
    EXPECT_EQ(ceiling.n, base.n);
    EXPECT_GT(ceiling.medianMs, 0);
    EXPECT_NEAR(ceiling.gbps, 2.0 * base.n * 4 / (ceiling.medianMs * 1e6), ceiling.gbps * 1e-9);
}

TEST(TimedInTurns, AConfigTheDeviceRefusesIsRefusedBeforeAnyCall) {
    Engine& engine = test::engine();
    RunConfig c;
    c.variant = "sequential";
    c.n = 4096;
    c.wg = engine.device().maxWorkGroup * 2;  // past what the device accepts
    const HostArray input = makeInput(c);
    const cl::Buffer uploaded = engine.upload(input);
    try {
        TimedRun r(engine, *findVariant("sequential"), c, input, uploaded, computeReference(input, c.op));
        FAIL() << "a work-group of " << c.wg << " was accepted";
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::BadInput);
        EXPECT_NE(std::string(e.what()).find(std::to_string(c.wg)), std::string::npos) << e.what();
    }
    // An input that is not the config's N is refused too.
    RunConfig other = c;
    other.wg = 64;
    other.n = 4095;
    EXPECT_THROW(TimedRun(engine, *findVariant("sequential"), other, input, uploaded,
                                computeReference(input, c.op)),
                 Error);
}

// The rounds themselves: each starts one call later, a null entry is left out, a call that fails is reported once
// and left out of later rounds, and the round callback can stop them.
struct Recorder : TimedCall {
    Recorder(std::vector<int>* log, int id, int failOnCall = -1) : log(log), id(id), failOn(failOnCall) {}
    void warmup(int) override {}
    void timeOnce() override {
        if (++calls == failOn) throw Error(ErrorKind::DeviceFailure, "call " + std::to_string(calls) + " failed");
        log->push_back(id);
    }
    std::vector<int>* log;
    int id, failOn, calls = 0;
};

TEST(TimedInTurns, RoundsRotateLeaveOutNullsAndFailuresAndCanStop) {
    std::vector<int> log;
    Recorder a(&log, 0), b(&log, 1, 2), c(&log, 3);
    std::vector<std::pair<size_t, std::string>> failures;
    std::vector<int> rounds;
    timeInTurns({&a, &b, nullptr, &c}, 3,
                [&](size_t i, const Error& e) { failures.emplace_back(i, e.what()); },
                [&](int done) { rounds.push_back(done); return true; });
    // Round 1 from entry 0, round 2 from entry 1 (b fails on its second call), round 3 from entry 2 (the null).
    EXPECT_EQ(log, (std::vector<int>{0, 1, 3, 3, 0, 3, 0}));
    ASSERT_EQ(failures.size(), 1u);
    EXPECT_EQ(failures[0].first, 1u);
    EXPECT_EQ(failures[0].second, "call 2 failed");
    EXPECT_EQ(rounds, (std::vector<int>{1, 2, 3}));
    EXPECT_EQ(b.calls, 2);

    log.clear();
    Recorder d(&log, 7);
    timeInTurns({&d}, 10, [](size_t, const Error&) {}, [](int done) { return done < 2; });
    EXPECT_EQ(log.size(), 2u);  // stopped after the second round
}

TEST(TimedInTurns, ACopyOfLessThanOneVectorIsAnEmptyCeiling) {
    TimedCopy copy(test::engine(), 3, ElemType::Int);  // 12 bytes: no 16-byte vector to move
    copy.warmup(1);
    copy.timeOnce();
    const CopyCeiling c = copy.result();
    EXPECT_EQ(c.n, 3u);
    EXPECT_EQ(c.gbps, 0);
    EXPECT_EQ(c.medianMs, 0);
}

}  // namespace
}  // namespace rl
