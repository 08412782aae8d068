// The timing step: a forked child opens the device, times, and prints one JSON event per measurement.
#include "core/exercise/timing_step.h"

#include <chrono>
#include <cmath>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "core/check/simulator_process.h"
#include "core/exercise/measures.h"
#include "core/cl/devices.h"
#include "core/cl/engine.h"
#include "core/input.h"
#include "core/files/json_io.h"
#include "core/process/child_process.h"
#include "core/workbench/student_kernel.h"

namespace rl::exercise {
namespace {

using nlohmann::json;

void emit(const json& e) {
    const std::string line = e.dump() + "\n";
    std::fwrite(line.data(), 1, line.size(), stdout);
    std::fflush(stdout);
}

void measure(const TimingRequest& t) {
    Engine engine(selectDevice(t.device));
    if (t.time) {
        try {
            RunConfig c;
            c.op = t.op;
            c.type = t.type;
            c.wg = t.wg;
            c.n = t.timedN;
            c.seed = t.seed;
            const VariantInfo attempt = workbench::studentVariant(t.text, t.file, "", t.type, t.pattern);
            const VariantInfo starter = workbench::studentVariant(t.starter, "starter.cl", "", t.type, t.pattern);
            const HostArray input = makeInput(t.type, t.data, c.n, t.seed);
            std::vector<double> mine, theirs, ratios;
            // Rounds that time both, the one going first taking turns: a machine busy with something else slows
            // both alike, and neither always meets what the other left in the caches.
            const auto round = [&](int r) {
                RunResult a, s;
                const int warm = r == 0 ? 1 : 0;
                if (r % 2 == 0) {
                    a = engine.run(attempt, c, input, warm, 3);
                    s = engine.run(starter, c, input, warm, 3);
                } else {
                    s = engine.run(starter, c, input, warm, 3);
                    a = engine.run(attempt, c, input, warm, 3);
                }
                if (!a.correct) throw Error(ErrorKind::DeviceFailure, "the attempt was wrong at n = " +
                                                                          std::to_string(c.n) + ": " + a.verdict);
                mine.push_back(a.medianMs);
                theirs.push_back(s.medianMs);
                ratios.push_back(a.medianMs > 0 ? s.medianMs / a.medianMs : 0);
            };
            const auto started = std::chrono::steady_clock::now();
            int done = 0;
            while (done < t.rounds) round(done++);
            // Rounds on both sides of the speed check's bar: as many again, up to three times the rounds, while
            // another batch fits in half the time the step has left.
            while (t.speedupMin > 0 && done < 3 * t.rounds &&
                   speedupUndecided(speedupBounds(ratios), t.speedupMin)) {
                const double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
                if (spent + spent / done * t.rounds > 0.5 * t.timeoutSeconds) break;
                for (int i = 0; i < t.rounds; ++i) round(done++);
            }
            const CopyCeiling copy = engine.copyCeiling(c.n, t.type, 1, 2 * t.rounds);
            const double ms = median(mine);
            const double gbps = ms > 0 ? double(c.n * elemSize(t.type)) / (ms * 1e6) : 0;
            emit({{"event", "timing"}, {"n", c.n}, {"attempt_ms", ms}, {"starter_ms", median(theirs)},
                  {"attempt_gbps", gbps}, {"copy_gbps", copy.gbps}, {"ratios", ratios}});
        } catch (const std::exception& e) {
            emit({{"event", "timing_failed"}, {"message", e.what()}});
        }
    }
    if (t.floatN > 0) {
        // The worst of several inputs: a long chain's rounding errors are a random walk that now and then ends near
        // zero (about one input in thirty for a serial loop at 2^20), so one input could let a chain pass; a tree
        // stays under the bound on every input.
        try {
            RunConfig c;
            c.op = Op::Sum;
            c.type = ElemType::Float;
            c.wg = t.wg;
            c.n = t.floatN;
            const VariantInfo attempt = workbench::studentVariant(t.text, t.file, "", ElemType::Float);
            json worst;
            double worstEps = -1;
            for (int k = 0; k < kFloatErrorInputs; ++k) {
                HostArray input = makeInput(ElemType::Float, DataPattern::Random, c.n, t.seed + 17 + uint64_t(k));
                double sumAbs = 0;
                for (float& x : input.floats) {
                    x = std::fabs(x);
                    sumAbs += x;
                }
                const RunResult r = engine.run(attempt, c, input);
                const double eps = roundoffInEps(r.result, r.reference, sumAbs);
                const double rank = std::isnan(eps) ? HUGE_VAL : eps;  // a result that is not finite is the worst
                if (rank > worstEps) {
                    worstEps = rank;
                    worst = {{"event", "float_error"}, {"n", c.n}, {"result", rl::json::value(r.result)},
                             {"reference", rl::json::value(r.reference)}, {"sum_abs", sumAbs},
                             {"inputs", kFloatErrorInputs}};
                }
            }
            emit(worst);
        } catch (const std::exception& e) {
            emit({{"event", "float_error_failed"}, {"message", e.what()}});
        }
    }
}

}  // namespace

void runTimingStep(const TimingRequest& t, Timings* timings, FloatError* floatError) {
    const process::ChildResult child = process::runForked(
        [&] {
            measure(t);
            return std::string();
        },
        t.timeoutSeconds);
    std::string ending;
    if (!(child.exited() && child.exitCode == 0))
        ending = child.end == process::ChildResult::End::TimedOut
                     ? "the timed runs did not finish within " + std::to_string(int(t.timeoutSeconds)) + " s"
                     : "the timed runs " + child.describe() + (child.err.empty() ? "" : ": " + child.err);
    timings->why = t.time ? (ending.empty() ? "the timed runs reported nothing" : ending) : "no timed check";
    floatError->why = t.floatN > 0 ? (ending.empty() ? "the float run reported nothing" : ending) : "no float check";
    for (const json& e : check::eventLines(child.out)) {
        const std::string what = e.value("event", "");
        if (what == "timing") {
            timings->measured = true;
            timings->n = e.value("n", size_t(0));
            timings->studentMs = e.value("attempt_ms", 0.0);
            timings->starterMs = e.value("starter_ms", 0.0);
            timings->studentGbps = e.value("attempt_gbps", 0.0);
            timings->copyGbps = e.value("copy_gbps", 0.0);
            timings->ratios = e.value("ratios", std::vector<double>{});
        } else if (what == "timing_failed") {
            timings->why = e.value("message", "");
        } else if (what == "float_error") {
            floatError->measured = true;
            floatError->n = e.value("n", size_t(0));
            try {
                floatError->result = rl::json::toValue(e.at("result"));
                floatError->reference = rl::json::toValue(e.at("reference"));
            } catch (const std::exception&) {
                floatError->measured = false;
                floatError->why = "the float run's result could not be read";
            }
            floatError->sumAbs = e.value("sum_abs", 0.0);
            floatError->inputs = e.value("inputs", 1);
        } else if (what == "float_error_failed") {
            floatError->why = e.value("message", "");
        }
    }
}

}  // namespace rl::exercise
