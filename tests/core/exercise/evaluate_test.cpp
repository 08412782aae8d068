// The checks as facts about recorded runs, on hand-made reports: each passes when the fact holds and otherwise
// says what it saw and where (stage, cell, line), and a run that was not simulated never passes a simulator check.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>

#include "core/exercise/evaluate.h"

namespace {

using namespace rl;
using namespace rl::exercise;
using workbench::CheckReport;

CheckSpec spec(const std::string& kind, nlohmann::json params = nlohmann::json::object()) {
    params["kind"] = kind;
    return readCheckSpec(params, 0);
}

// A traced work-group of 4 items: the load, then two sequential stages.
CheckReport report() {
    CheckReport r;
    r.wg = 4;
    r.builds = r.correct = r.simulated = true;
    r.sizes.push_back({5, 4, "a prime", true, true, 10, 10, "ok"});
    TraceRun t;
    t.type = ElemType::Int;
    t.wg = 4;
    PassTrace p;
    GroupTrace g;
    Stage load;
    load.values = {1, 2, 3, 4};
    load.ops = {{true, -1, -1, 0}, {true, -1, -1, 1}, {true, -1, -1, 2}, {true, -1, -1, 3}};
    Stage s2;
    s2.label = "s = 2";
    s2.values = {4, 6, 3, 4};
    s2.ops = {{true, 0, 2, 0}, {true, 1, 3, 1}, {}, {}};
    s2.line = 8;
    Stage s1;
    s1.label = "s = 1";
    s1.values = {10, 6, 3, 4};
    s1.ops = {{true, 0, 1, 0}, {}, {}, {}};
    s1.line = 8;
    g.stages = {load, s2, s1};
    p.traced = {g};
    t.passes = {p};
    r.trace = t;
    r.stages = {{"load", 5, 4, 0, 1}, {"s = 2", 8, 2, 1, 1}, {"s = 1", 8, 1, 1, 1}};
    workbench::InputReads reads;
    reads.n = 5;
    reads.groups = 2;
    reads.groupsReading = 2;
    r.inputReads = reads;
    return r;
}

AttemptFacts facts(const CheckReport& r) {
    AttemptFacts f;
    f.runs.push_back({4, Op::Sum, ElemType::Int, r});
    return f;
}

TEST(Evaluate, EveryFactOfAGoodRunPasses) {
    const AttemptFacts f = facts(report());
    for (const char* kind : {"correct", "no_races", "no_uninitialised", "no_out_of_bounds", "no_barrier_divergence",
                             "matches_model", "no_read_before_write", "active_set_shrinks", "reads_each_input_once"}) {
        nlohmann::json params = nlohmann::json::object();
        if (std::string(kind) == "matches_model") params["variant"] = "sequential";
        const CheckOutcome o = evaluateCheck(spec(kind, params), f);
        EXPECT_TRUE(o.passed) << kind << ": " << o.message;
        EXPECT_EQ(o.score, 1) << kind;
    }
    EXPECT_TRUE(evaluateCheck(spec("max_divergent_warps", {{"max", 1}}), f).passed);
    EXPECT_TRUE(evaluateCheck(spec("bank_conflict_degree", {{"max", 1}}), f).passed);
    EXPECT_TRUE(evaluateCheck(spec("max_stages", {{"extra", 0}}), f).passed);
    EXPECT_TRUE(evaluateCheck(spec("max_loading_groups", {{"elements_per_item", 1}}), f).passed);
}

TEST(Evaluate, AModelDepartureSaysWhetherACellOrTheStagesThemselvesDiffer) {
    CheckReport r = report();
    workbench::Mismatch m;
    m.model = "privatized";
    m.cell = 3;
    m.message = "pass 0, work-group 0, stage 1 (counted), cell 3: device 5, model 4";
    r.firstMismatch = m;
    CheckOutcome o = evaluateCheck(spec("matches_model", {{"variant", "privatized"}}), facts(r));
    EXPECT_FALSE(o.passed);
    EXPECT_NE(o.message.find("cell 3: device 5, model 4: the kernel combines other cells"), std::string::npos)
        << o.message;
    // No stage at all where the model has three (global atomics for private bins): not a matter of cells
    m.cell = -1;
    m.message = "pass 0, work-group 0: 0 stages where privatized has 3";
    r.firstMismatch = m;
    o = evaluateCheck(spec("matches_model", {{"variant", "privatized"}}), facts(r));
    EXPECT_FALSE(o.passed);
    EXPECT_NE(o.message.find("0 stages where privatized has 3: the kernel keeps other stages in local memory"),
              std::string::npos) << o.message;
    EXPECT_EQ(o.message.find("combines other cells"), std::string::npos) << o.message;
}

TEST(Evaluate, AWrongSizeNamesTheSizeAndTheRun) {
    CheckReport r = report();
    r.sizes.push_back({3, 4, "three elements", true, false, 7, 6, "wrong"});
    const CheckOutcome o = evaluateCheck(spec("correct"), facts(r));
    EXPECT_FALSE(o.passed);
    EXPECT_EQ(o.score, 0);
    EXPECT_NE(o.message.find("wg 4, sum int: n = 3 (three elements): the kernel gave 7"), std::string::npos)
        << o.message;
    EXPECT_NE(o.message.find("fewer elements than work-items"), std::string::npos) << o.message;
}

TEST(Evaluate, DivergenceAndBanksSayWhichStage) {
    CheckReport r = report();
    r.stages[1].divergentWarps = 3;
    r.stages[2].bankConflictDegree = 4;
    const CheckOutcome d = evaluateCheck(spec("max_divergent_warps", {{"max", 1}}), facts(r));
    EXPECT_FALSE(d.passed);
    EXPECT_EQ(d.stage, 1);
    EXPECT_EQ(d.line, 8);
    EXPECT_NE(d.message.find("3 divergent SIMD groups, at most 1"), std::string::npos) << d.message;
    EXPECT_TRUE(evaluateCheck(spec("max_divergent_warps", {{"max", 1}, {"stage", 2}}), facts(r)).passed);
    const CheckOutcome b = evaluateCheck(spec("bank_conflict_degree", {{"max", 1}}), facts(r));
    EXPECT_FALSE(b.passed);
    EXPECT_EQ(b.stage, 2);
    EXPECT_NE(b.message.find("4-way bank conflicts"), std::string::npos) << b.message;
}

TEST(Evaluate, AReadOfAPoisonedCellIsAReadBeforeWrite) {
    CheckReport r = report();
    r.trace->passes[0].traced[0].stages[0].values[3] = 2142952365.0;  // cell 3 never loaded
    r.trace->passes[0].traced[0].stages[0].ops[3] = {};
    const CheckOutcome o = evaluateCheck(spec("no_read_before_write"), facts(r));
    EXPECT_FALSE(o.passed);
    EXPECT_EQ(o.stage, 1);
    EXPECT_EQ(o.cell, 3);
    EXPECT_NE(o.message.find("work-item 1 read scratch[3] before any work-item wrote it"), std::string::npos)
        << o.message;
}

TEST(Evaluate, AnItemWakingUpBreaksTheShrinkingActiveSet) {
    CheckReport r = report();
    r.trace->passes[0].traced[0].stages[2].ops[2] = {true, 2, 3, 2};
    const CheckOutcome o = evaluateCheck(spec("active_set_shrinks"), facts(r));
    EXPECT_FALSE(o.passed);
    EXPECT_EQ(o.stage, 2);
    EXPECT_NE(o.message.find("work-item 2 is active in stage 2"), std::string::npos) << o.message;
}

TEST(Evaluate, InputReadsAndLoadingGroups) {
    CheckReport r = report();
    r.inputReads->readMoreThanOnce = 2;
    r.inputReads->firstReadMoreThanOnce = 4;
    r.inputReads->timesFirstReadMoreThanOnce = 2;
    r.inputReads->lineOfSecondRead = 7;
    const CheckOutcome o = evaluateCheck(spec("reads_each_input_once"), facts(r));
    EXPECT_FALSE(o.passed);
    EXPECT_EQ(o.line, 7);
    EXPECT_NE(o.message.find("in[4] 2 times, again on line 7"), std::string::npos) << o.message;
    const CheckOutcome g = evaluateCheck(spec("max_loading_groups", {{"elements_per_item", 2}}), facts(r));
    EXPECT_FALSE(g.passed);  // 5 elements, 2 per item, groups of 4: one group would do, two read
    EXPECT_NE(g.message.find("2 of the 2 work-groups"), std::string::npos) << g.message;
    EXPECT_NE(g.message.find("before the tree"), std::string::npos) << g.message;
    // A histogram's kernel is told in its own words: no tree, no identity.
    r.kernel = workbench::SignatureCheck{};
    r.kernel->pattern = Pattern::Histogram;
    const CheckOutcome h = evaluateCheck(spec("max_loading_groups", {{"elements_per_item", 2}}), facts(r));
    EXPECT_FALSE(h.passed);
    EXPECT_NE(h.message.find("count several elements"), std::string::npos) << h.message;
    EXPECT_EQ(h.message.find("tree"), std::string::npos) << h.message;
}

TEST(Evaluate, ARunNotSimulatedPassesNoSimulatorCheck) {
    CheckReport r = report();
    r.simulated = false;
    r.failures.push_back({"trace", "timeout", "the kernel did not finish within 3 s on Oclgrind"});
    for (const char* kind : {"no_races", "no_uninitialised", "reads_each_input_once"}) {
        const CheckOutcome o = evaluateCheck(spec(kind), facts(r));
        EXPECT_FALSE(o.passed) << kind;
        EXPECT_NE(o.message.find("did not finish"), std::string::npos) << o.message;
    }
    EXPECT_FALSE(evaluateCheck(spec("correct"), facts(r)).passed);  // a timeout is never right
}

TEST(Evaluate, TheRoundsSpeedUpsGiveTheirMedianAndAnIntervalThatHoldsItNineTimesInTen) {
    // Five rounds: their lowest and highest (1 - 2/32 = 94% sure to hold the median); the next ones in would be 62%
    SpeedupBounds b = speedupBounds({1.4, 1.9, 1.6, 1.5, 1.7});
    EXPECT_EQ(b.rounds, 5);
    EXPECT_DOUBLE_EQ(b.median, 1.6);
    EXPECT_DOUBLE_EQ(b.low, 1.4);
    EXPECT_DOUBLE_EQ(b.high, 1.9);
    // Fifteen: the 4th lowest and highest (1 - 2 x 576/32768 = 96.5%; the 5th would be 88%)
    std::vector<double> fifteen;
    for (int i = 15; i >= 1; --i) fifteen.push_back(1.0 + 0.1 * i);
    b = speedupBounds(fifteen);
    EXPECT_DOUBLE_EQ(b.median, 1.8);
    EXPECT_DOUBLE_EQ(b.low, 1.4);
    EXPECT_DOUBLE_EQ(b.high, 2.2);
    // Ten: the 2nd (1 - 2 x 11/1024 = 97.9%; the 3rd would be 89%), the median between the middle two
    std::vector<double> ten(fifteen.begin() + 5, fifteen.end());  // 2.0 down to 1.1
    b = speedupBounds(ten);
    EXPECT_NEAR(b.median, 1.55, 1e-12);
    EXPECT_DOUBLE_EQ(b.low, 1.2);
    EXPECT_DOUBLE_EQ(b.high, 1.9);
    // Fewer than five are never that sure: the whole range
    b = speedupBounds({2.0, 1.0, 3.0});
    EXPECT_DOUBLE_EQ(b.low, 1.0);
    EXPECT_DOUBLE_EQ(b.high, 3.0);
    EXPECT_EQ(speedupBounds({}).rounds, 0);
    // More rounds can change the verdict only where the interval holds the bar
    EXPECT_TRUE(speedupUndecided(speedupBounds({1.1, 1.3, 1.6, 1.7, 1.8}), 1.5));
    EXPECT_FALSE(speedupUndecided(speedupBounds({1.51, 1.6, 1.7, 1.8, 1.9}), 1.5));
    EXPECT_FALSE(speedupUndecided(speedupBounds({0.9, 1.0, 1.1, 1.2, 1.49}), 1.5));
    EXPECT_FALSE(speedupUndecided(speedupBounds({}), 1.5));
}

TEST(Evaluate, ASpeedCheckGoesByTheMedianRoundAndSaysHowFarTheRoundsSpread) {
    AttemptFacts f = facts(report());
    f.timings = {true, "", 1 << 22, 10.0, 16.0, 1.6, 40.0, {1.55, 1.62, 1.58, 1.70, 1.52}};
    CheckOutcome o = evaluateCheck(spec("speedup_over_starter", {{"min", 1.5}}), f);
    EXPECT_TRUE(o.passed);
    EXPECT_NE(o.message.find("1.58x the starter's speed at n = 4194304 (the median of 5 rounds, each timing both: "
                             "1.52x to 1.70x; 10.000 ms against 16.000 ms, medians), at least 1.50x"),
              std::string::npos) << o.message;
    EXPECT_EQ(o.message.find("both sides"), std::string::npos) << o.message;
    // An unchanged starter on a busy machine: rounds on both sides of the bar, the median below it
    f.timings.ratios = {0.95, 1.0, 1.05, 1.6, 0.9};
    o = evaluateCheck(spec("speedup_over_starter", {{"min", 1.5}}), f);
    EXPECT_FALSE(o.passed);
    EXPECT_NE(o.message.find("1.00x the starter's speed"), std::string::npos) << o.message;
    EXPECT_NE(o.message.find("the rounds lie on both sides of it, so their median decides"), std::string::npos)
        << o.message;
}

TEST(Evaluate, TimingsAndRoundOff) {
    AttemptFacts f = facts(report());
    EXPECT_NE(evaluateCheck(spec("speedup_over_starter", {{"min", 2}}), f).message.find("not timed"),
              std::string::npos);
    f.timings = {true, "", 1 << 22, 10.0, 30.0, 1.6, 40.0};
    EXPECT_TRUE(evaluateCheck(spec("speedup_over_starter", {{"min", 2}}), f).passed);
    EXPECT_FALSE(evaluateCheck(spec("speedup_over_starter", {{"min", 4}}), f).passed);
    const CheckOutcome pct = evaluateCheck(spec("percent_of_copy", {{"min", 5}}), f);
    EXPECT_FALSE(pct.passed);  // 1.6 of 40 GB/s: 4 %
    EXPECT_NE(pct.message.find("4.0% of this device's copy bandwidth"), std::string::npos) << pct.message;
    f.floatError = {true, "", 1 << 20, 1000.0 + 20 * FLT_EPSILON * 1000, 1000.0, 1000.0};
    const CheckOutcome e = evaluateCheck(spec("float_error", {{"max_eps", 4}}), f);
    EXPECT_FALSE(e.passed);
    EXPECT_NE(e.message.find("20.00 x FLT_EPSILON"), std::string::npos) << e.message;
    f.floatError.inputs = 6;  // several inputs: the message says the worst was reported
    const CheckOutcome worst = evaluateCheck(spec("float_error", {{"max_eps", 4}}), f);
    EXPECT_NE(worst.message.find("the worst of 6 sums of 1048576 positive floats"), std::string::npos)
        << worst.message;
    f.floatError.result = std::nan("");
    EXPECT_FALSE(evaluateCheck(spec("float_error", {{"max_eps", 1e9}}), f).passed);
}

}  // namespace
