// The grader: the runs of an attempt through `reducelab check`, the timed step, then the checks on their facts.
#include "core/exercise/grade.h"

#include <algorithm>
#include <chrono>
#include <random>

#include "core/check/check.h"
#include "core/exercise/evaluate.h"
#include "core/exercise/timing_step.h"
#include "core/workbench/check_sizes.h"
#include "core/workbench/diagnostics.h"

namespace rl::exercise {
namespace {

bool timedChecks(const Exercise& e) {
    for (const CheckSpec& c : e.checks)
        if (const CheckKind* k = findCheckKind(c.kind); k && k->timed) return true;
    return false;
}

std::string modelOf(const Exercise& e) {
    for (const CheckSpec& c : e.checks)
        if (c.kind == "matches_model") return c.text("variant");
    return "";
}

std::string summaryOf(const workbench::CheckReport& r) {
    size_t right = 0;
    for (const auto& s : r.sizes) right += s.ran && s.correct ? 1 : 0;
    std::string s = std::to_string(right) + "/" + std::to_string(r.sizes.size()) + " sizes right";
    s += r.simulated ? ", " + std::to_string(r.stages.size()) + " stages on Oclgrind, " +
                           std::to_string(r.races.size() + r.uninitialised.size() + r.outOfBounds.size() +
                                          r.barrierDivergence.size()) + " findings"
                     : ", not simulated";
    for (const auto& f : r.failures) s += "; " + f.step + " " + f.kind;
    return s;
}

bool brokenRun(const workbench::CheckReport& r) {
    for (const auto& f : r.failures)
        if (f.kind == "timeout" || f.kind == "crash") return true;
    return false;
}

std::string firstLines(const std::string& text, int lines) {
    size_t pos = 0;
    for (int i = 0; i < lines && pos != std::string::npos; ++i) {
        pos = text.find('\n', pos);
        if (pos != std::string::npos) ++pos;
    }
    return pos == std::string::npos ? text : text.substr(0, pos);
}

// Every check of the exercise, failed with no score, where the attempt could not run: its grade still counts out of
// the exercise's points, check by check (a batch's columns, a classroom's total), not out of nothing.
std::vector<CheckOutcome> notRun(const Exercise& exercise, const std::string& why) {
    std::vector<CheckOutcome> out;
    for (const CheckSpec& spec : exercise.checks) {
        CheckOutcome o;
        o.name = spec.name;
        o.kind = spec.kind;
        o.hidden = spec.hidden;
        o.maxScore = spec.points;
        o.message = "not run: " + why;
        out.push_back(std::move(o));
    }
    return out;
}

}  // namespace

uint64_t freshSeed() {
    std::random_device device;
    return 1 + (uint64_t(device()) % 0x7FFFFFFEu);
}

std::vector<workbench::SizeCase> hiddenSizes(size_t wg, uint64_t seed) {
    std::mt19937_64 rng(seed * 0x9E3779B97F4A7C15ull + wg);
    auto in = [&](size_t lo, size_t hi) { return lo + size_t(rng() % (hi - lo + 1)); };
    std::vector<workbench::SizeCase> sizes;
    if (wg >= 4) {
        size_t small = in(2, wg - 1);
        if ((small & (small - 1)) == 0) small = small + 1 < wg ? small + 1 : small - 1;
        sizes.push_back({small, "a hidden size below one work-group"});
    }
    sizes.push_back({workbench::primeAtLeast(in(2 * wg + 1, 24 * wg)), "a hidden prime"});
    sizes.push_back({in(24 * wg + 1, std::max<size_t>(64 * wg, wg * wg + 5 * wg)), "a hidden size of many groups"});
    return sizes;
}

GradeResult gradeAttempt(const Exercise& exercise, const std::string& text, const std::string& file,
                         const GradeOptions& options) {
    if (exercise.ops.empty() || exercise.types.empty() || exercise.workGroupSizes.empty() || exercise.checks.empty())
        throw Error(ErrorKind::BadInput, "exercise '" + exercise.id + "' names no op, type, work-group size or check");
    const auto start = std::chrono::steady_clock::now();
    GradeResult g;
    g.exercise = exercise.id;
    g.title = exercise.title;
    g.file = workbench::displayName(file);
    g.seed = options.seed != 0 ? options.seed : freshSeed();
    const double timeout = options.timeoutSeconds > 0 ? options.timeoutSeconds : exercise.timeoutSeconds;

    std::vector<std::pair<Op, ElemType>> combos;
    for (Op op : exercise.ops)
        for (ElemType type : exercise.types) combos.push_back({op, type});
    const size_t runs = std::max(exercise.workGroupSizes.size(), combos.size());

    AttemptFacts facts;
    for (size_t i = 0; i < runs; ++i) {
        AttemptRun run;
        run.wg = exercise.workGroupSizes[i % exercise.workGroupSizes.size()];
        run.op = combos[i % combos.size()].first;
        run.type = combos[i % combos.size()].second;
        check::CheckRequest req;
        req.text = text;
        req.file = file;
        req.pattern = exercise.pattern;
        req.config.op = run.op;
        req.config.type = run.type;
        req.config.wg = run.wg;
        req.config.n = 3 * run.wg + run.wg / 2 + 1;  // traced: the last of four work-groups partly empty
        req.config.data = DataPattern::Random;
        req.config.seed = g.seed + i;
        req.device = options.device;
        req.model = modelOf(exercise);
        req.timeoutSeconds = timeout;
        req.allOpsAndTypes = false;  // the exercise names its ops and types: each gets a run of its own
        req.inputSeed = g.seed * 1000003ull + i * 7919ull + 1;
        req.extraSizes = hiddenSizes(run.wg, g.seed + i);
        run.report = check::checkKernel(req);
        const auto& r = run.report;
        if (g.device.empty()) g.device = r.device;
        if (!r.contract.empty() || !r.builds) {
            g.status = "error";
            g.error = !r.contract.empty() ? r.contract
                                          : "the kernel does not build (" + run.label() + "): " +
                                                (r.diagnostics.empty() ? firstLines(r.buildLog, 3)
                                                 : r.diagnostics[0].line > 0
                                                     ? "line " + std::to_string(r.diagnostics[0].line) + ": " +
                                                           r.diagnostics[0].message
                                                     : r.diagnostics[0].message);
            g.buildLog = r.buildLog;
            g.checks = notRun(exercise, r.builds ? "the kernel breaks the exercise's contract (above)"
                                                 : "the kernel does not build (above)");
            g.report = r;
            g.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            return g;
        }
        g.runs.push_back(run.label() + ": " + summaryOf(r));
        facts.runs.push_back(std::move(run));
        if (brokenRun(facts.runs.back().report)) {
            g.runs.push_back("the other runs were skipped: the kernel did not finish (or crashed) in this one");
            break;
        }
    }

    if (timedChecks(exercise)) {
        bool correct = !facts.runs.empty();
        for (const auto& run : facts.runs) correct = correct && run.report.correct && !brokenRun(run.report);
        if (!correct) {
            facts.timings.why = facts.floatError.why = "the kernel is not right on every size yet (see the first check)";
        } else {
            TimingRequest t;
            t.text = text;
            t.file = file;
            t.starter = exercise.starter;
            t.device = options.device;
            t.op = exercise.ops.front();
            t.pattern = exercise.pattern;
            t.type = exercise.types.front();
            t.wg = *std::max_element(exercise.workGroupSizes.begin(), exercise.workGroupSizes.end());
            t.seed = g.seed;
            t.timeoutSeconds = timeout * 3;
            for (const CheckSpec& c : exercise.checks) {
                if (c.kind == "speedup_over_starter" || c.kind == "percent_of_copy") {
                    t.timedN = std::max(t.timedN, size_t(c.number("n", double(t.timedN))));
                    t.rounds = std::max(t.rounds, int(c.number("rounds", t.rounds)));
                    if (const auto data = parseDataPattern(c.text("data", "random")); data && !fromFile(*data))
                        t.data = *data;
                    t.time = true;
                }
                if (c.kind == "speedup_over_starter") t.speedupMin = std::max(t.speedupMin, c.number("min", 1));
                if (c.kind == "float_error") t.floatN = size_t(c.number("n", double(1 << 20)));
            }
            runTimingStep(t, &facts.timings, &facts.floatError);
        }
    }

    g.checks = evaluate(exercise, facts);
    if (options.requireAll)
        for (CheckOutcome& c : g.checks)
            if (!c.graded) {
                c.graded = true;  // counted: for this grader a check that did not run is a failed one
                c.passed = false;
                c.message = "not run here, and --require-all counts that as a failure: " + c.message;
            }
    bool all = true;
    for (const CheckOutcome& c : g.checks) all = all && (c.passed || !c.graded);
    g.status = all ? "pass" : "fail";
    // The report the tree shows: the run the first failed check is about, else the first run.
    for (const CheckOutcome& c : g.checks)
        for (const AttemptRun& run : facts.runs)
            if (!g.report && c.graded && !c.passed && !c.run.empty() && run.label() == c.run) g.report = run.report;
    if (!g.report && !facts.runs.empty()) g.report = facts.runs.front().report;
    g.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return g;
}

}  // namespace rl::exercise
