// The check kinds as facts about the recorded runs: each returns what was seen, where, and what it means.
#include "core/exercise/evaluate.h"

#include <algorithm>
#include <cctype>
#include <cfloat>
#include <cmath>
#include <functional>
#include <sstream>

#include "core/pattern.h"
#include "core/trace.h"

namespace rl::exercise {
namespace {

using workbench::CheckReport;
using workbench::Finding;

// What a run-by-run check saw in one run: empty when the fact holds.
struct Seen {
    std::string message;
    int stage = -1, cell = -1, line = 0;
    bool notChecked = false;  // the check could not run (no simulator here): `message` says why
};

std::string num(double v) {
    std::ostringstream o;
    o << v;
    return o.str();
}

std::string fixed(double v, int digits) {
    std::ostringstream o;
    o.setf(std::ios::fixed);
    o.precision(digits);
    o << v;
    return o.str();
}

int log2Of(size_t wg) {
    int k = 0;
    while ((size_t(1) << (k + 1)) <= wg) ++k;
    return k;
}

const std::vector<Stage>* stagesOf(const CheckReport& r) {
    if (!r.trace || r.trace->passes.empty() || r.trace->passes.front().traced.empty()) return nullptr;
    return &r.trace->passes.front().traced.front().stages;
}

// The simulator fills scratch with the word 0x7FBADBAD (twice over for a 64-bit cell): a NaN as a float.
bool isPoison(double v, ElemType type) {
    if (type == ElemType::Float) return std::isnan(v);
    const uint32_t words[2] = {0x7FBADBADu, 0x7FBADBADu};
    return v == valueFromBytes(words, type);
}

// A run whose kernel never finished or crashed: no fact about it can be trusted.
std::string brokenRun(const CheckReport& r) {
    for (const auto& f : r.failures)
        if (f.kind == "timeout" || f.kind == "crash") return f.message;
    return "";
}

Seen findingSeen(const std::vector<Finding>& list, const std::string& meaning) {
    Seen s;
    if (list.empty()) return s;
    const Finding& f = list.front();
    const std::string advice = workbench::sentence(f.advice);
    s.message = f.message + (f.line() > 0 ? " (line " + std::to_string(f.line()) + ")" : "") + ": " +
                workbench::sentence(meaning) + (advice.empty() ? "" : " " + advice);
    if (list.size() > 1) s.message += " (" + std::to_string(list.size() - 1) + " more like it)";
    s.stage = f.stage;
    s.cell = f.cell;
    s.line = f.line();
    return s;
}

Seen notSimulated(const CheckReport& r) {
    Seen s;
    if (!r.simulatorMissing.empty()) {
        s.message = "needs Oclgrind (the simulator), which could not run here: " + r.simulatorMissing;
        s.notChecked = true;
    } else if (!r.simulated)
        s.message = "the run on Oclgrind (the simulator) did not finish, so this could not be checked" +
                    (r.failures.empty() ? std::string() : ": " + r.failures.back().message);
    return s;
}

Seen correctSeen(const CheckReport& r) {
    Seen s;
    if (const std::string broken = brokenRun(r); !broken.empty()) {
        s.message = broken;
        return s;
    }
    for (const auto& size : r.sizes) {
        if (size.ran && size.correct) continue;
        std::ostringstream m;
        m << "n = " << size.n << " (" << size.why << ")";
        if (!size.ran)
            m << " did not run: " << size.message;
        else {
            const PatternInfo& info = patternInfo(r.kernel ? r.kernel->pattern : Pattern::Reduce);
            if (info.resultIsOneValue)
                m << ": the kernel gave " << num(size.result) << ", the reduction of the input is "
                  << num(size.reference);
            else  // every element was checked: the first wrong one
                m << ": " << size.message;
            m << ". What this size tests: "
              << (size.n < r.wg ? info.fewerThanGroupTests
                  : size.n % r.wg != 0 ? info.partialGroupTests
                                       : info.wholeGroupsTests);
        }
        s.message = m.str();
        return s;
    }
    if (r.sizes.empty()) s.message = "no size ran" + (r.failures.empty() ? "" : ": " + r.failures.front().message);
    return s;
}

Seen divergenceSeen(const CheckReport& r, const CheckSpec& spec) {
    Seen s;
    const int max = int(spec.number("max", 0));
    const int only = spec.params.contains("stage") ? int(spec.number("stage", -1)) : -1;
    if (r.stages.empty()) {
        s.message = "no stages were recorded, so the warps could not be counted";
        return s;
    }
    for (size_t k = 0; k < r.stages.size(); ++k) {
        if (only >= 0 && int(k) != only) continue;
        const auto& st = r.stages[k];
        if (st.divergentWarps <= max) continue;
        s.stage = int(k);
        s.line = st.line;
        s.message = "stage " + std::to_string(k) + " (" + st.label + (st.line ? ", line " + std::to_string(st.line)
                                                                                 : std::string()) +
                    ") has " + std::to_string(st.divergentWarps) + " divergent SIMD groups, at most " +
                    std::to_string(max) + " allowed: " + std::to_string(st.activeItems) +
                    " work-items are active but spread over the group, so every SIMD group that holds one runs "
                    "both sides of the branch. Choose the active work-items as a contiguous block (0, 1, 2, ...)";
        return s;
    }
    if (only >= 0 && size_t(only) >= r.stages.size())
        s.message = "stage " + std::to_string(only) + " was asked for, but only " + std::to_string(r.stages.size()) +
                    " stages were recorded";
    return s;
}

Seen bankSeen(const CheckReport& r, const CheckSpec& spec) {
    Seen s;
    const int max = int(spec.number("max", 1));
    if (r.stages.empty()) {
        s.message = "no stages were recorded, so the banks could not be modelled";
        return s;
    }
    for (size_t k = 0; k < r.stages.size(); ++k) {
        const auto& st = r.stages[k];
        if (st.bankConflictDegree <= max) continue;
        s.stage = int(k);
        s.line = st.line;
        s.message = "stage " + std::to_string(k) + " (" + st.label + ") has " +
                    std::to_string(st.bankConflictDegree) + "-way bank conflicts (at most " + std::to_string(max) +
                    "-way allowed): work-items of one SIMD group access cells a multiple of the bank count apart, so "
                    "one bank serves them one after another. Let neighbouring work-items use neighbouring cells";
        return s;
    }
    return s;
}

Seen modelSeen(const CheckReport& r, const CheckSpec& spec) {
    Seen s;
    if (!r.trace) {
        s.message = "no stages were recorded, so they could not be compared with " + spec.text("variant");
        return s;
    }
    if (!r.firstMismatch) return s;
    const auto& m = *r.firstMismatch;
    s.stage = m.stage;
    s.cell = m.cell;
    s.line = m.line;
    // A cell that differs: other cells combined, or in another order; the stages themselves differing (their count
    // or names): the kernel keeps other things in local memory between its barriers
    s.message = "the stages part from " + m.model + "'s at " + m.message +
                (m.cell < 0 ? ": the kernel keeps other stages in local memory (what it holds at each barrier) than "
                              "the kernel the exercise asks for"
                            : ": the kernel combines other cells, or in another order, than the kernel the exercise "
                              "asks for");
    return s;
}

Seen stagesSeen(const CheckReport& r, const CheckSpec& spec) {
    Seen s;
    if (r.stages.empty()) {
        s.message = "no stages were recorded";
        return s;
    }
    const int tree = int(r.stages.size()) - 1;
    const int allowed = log2Of(r.wg) + int(spec.number("extra", 0));
    if (tree <= allowed) return s;
    s.stage = int(r.stages.size()) - 1;
    s.message = std::to_string(tree) + " stages after the load, at most " + std::to_string(allowed) +
                " allowed (log2 " + std::to_string(r.wg) + " = " + std::to_string(log2Of(r.wg)) +
                "): each stage should halve the values still to combine";
    return s;
}

// The operations (the operator applied, by any work-item, in any stage) of each traced work-group of the first
// level or pass, against per_element x the work-group size: Blelloch's 2(wg - 1) against Hillis-Steele's
// wg log2(wg) - wg + 1.
Seen operationsSeen(const CheckReport& r, const CheckSpec& spec) {
    Seen s;
    if (!r.trace || r.trace->passes.empty() || r.trace->passes[0].traced.empty()) {
        s.message = "no stages were recorded, so the operations could not be counted";
        return s;
    }
    const double perElement = spec.number("per_element", 2);
    const size_t allowed = size_t(std::floor(perElement * double(r.wg)));
    for (const GroupTrace& g : r.trace->passes[0].traced) {
        size_t ops = 0;
        int busiest = -1;
        size_t most = 0;
        for (size_t k = 0; k < g.stages.size(); ++k) {
            size_t here = 0;
            forEachOperation(g.stages[k].ops, [&](const CellOp& op) { here += combines(op.a, op.b) ? 1 : 0; });
            ops += here;
            if (here > most) {
                most = here;
                busiest = int(k);
            }
        }
        if (ops <= allowed) continue;
        s.stage = busiest;
        s.message = "work-group " + std::to_string(g.group) + " applies the operator " + std::to_string(ops) +
                    " times for its " + std::to_string(r.wg) + " elements, at most " + std::to_string(allowed) +
                    " allowed (" + fixed(perElement, 1) + " per element). Each step that has every work-item "
                    "combine a cell does wg operations; a tree that halves the active work-items at every level "
                    "(up, then down) does about 2 wg in all";
        return s;
    }
    return s;
}

Seen readsOnceSeen(const CheckReport& r) {
    Seen s;
    if (!r.inputReads) {
        s.message = "Oclgrind did not count the input's loads (the simulator step did not finish)";
        return s;
    }
    const auto& x = *r.inputReads;
    if (x.neverRead > 0) {
        s.message = std::to_string(x.neverRead) + " of the " + std::to_string(x.n) +
                    " input elements were never read (the first is in[" + std::to_string(x.firstNeverRead) +
                    "]): the kernel skips part of the input, so its result cannot depend on it";
    } else if (x.readMoreThanOnce > 0) {
        s.line = x.lineOfSecondRead;
        s.message = std::to_string(x.readMoreThanOnce) + " input elements were read more than once (in[" +
                    std::to_string(x.firstReadMoreThanOnce) + "] " + std::to_string(x.timesFirstReadMoreThanOnce) +
                    " times" + (x.lineOfSecondRead ? ", again on line " + std::to_string(x.lineOfSecondRead) : "") +
                    "): each load costs memory bandwidth; read every element once and keep it in a register";
    }
    return s;
}

Seen loadingGroupsSeen(const CheckReport& r, const CheckSpec& spec) {
    Seen s;
    if (!r.inputReads) {
        s.message = "Oclgrind did not count the input's loads (the simulator step did not finish)";
        return s;
    }
    const auto& x = *r.inputReads;
    const size_t k = std::max<size_t>(1, size_t(spec.number("elements_per_item", 2)));
    const size_t perGroup = k * r.wg;
    const size_t allowed = (x.n + perGroup - 1) / perGroup;
    if (x.groupsReading <= allowed) return s;
    s.message = std::to_string(x.groupsReading) + " of the " + std::to_string(x.groups) +
                " work-groups read the input of n = " + std::to_string(x.n) + "; with " + std::to_string(k) +
                " elements per work-item, " + std::to_string(allowed) +
                " would do: " + patternInfo(r.kernel ? r.kernel->pattern : Pattern::Reduce).loadAdvice;
    return s;
}

Seen readBeforeWriteSeen(const CheckReport& r) {
    Seen s;
    if (!stagesOf(r)) {
        s.message = "no stages were recorded";
        return s;
    }
    const ElemType type = r.trace->type;
    for (const PassTrace& pass : r.trace->passes)
        for (const GroupTrace& group : pass.traced)
            for (size_t k = 0; k < group.stages.size(); ++k) {
                const Stage& st = group.stages[k];
                for (size_t item = 0; item < st.ops.size(); ++item) {
                    const WorkItemOp& op = st.ops[item];
                    if (!op.active) continue;
                    for (int cell : {op.a, op.b}) {
                        if (cell < 0) continue;
                        const auto& before = k == 0 ? std::vector<double>() : group.stages[k - 1].values;
                        if (size_t(cell) < before.size() && !isPoison(before[size_t(cell)], type)) continue;
                        s.stage = int(k);
                        s.cell = cell;
                        s.line = st.line;
                        s.message = "in stage " + std::to_string(k) + " (" + st.label + ") of work-group " +
                                    std::to_string(group.group) + (pass.pass > 0 ? " in pass " +
                                                                   std::to_string(pass.pass) : std::string()) +
                                    ", work-item " + std::to_string(item) + " read scratch[" + std::to_string(cell) +
                                    "] before any work-item wrote it: it held the poison the check fills local "
                                    "memory with. Local memory starts with whatever was there; write every cell "
                                    "before reading it";
                        return s;
                    }
                }
            }
    return s;
}

Seen shrinkingSeen(const CheckReport& r) {
    Seen s;
    const auto* stages = stagesOf(r);
    if (!stages) {
        s.message = "no stages were recorded";
        return s;
    }
    for (size_t k = 2; k < stages->size(); ++k) {
        const auto& prev = (*stages)[k - 1].ops;
        const auto& now = (*stages)[k].ops;
        for (size_t item = 0; item < now.size() && item < prev.size(); ++item) {
            if (!now[item].active || prev[item].active) continue;
            s.stage = int(k);
            s.line = (*stages)[k].line;
            s.message = "work-item " + std::to_string(item) + " is active in stage " + std::to_string(k) + " (" +
                        (*stages)[k].label + ") but was idle in stage " + std::to_string(k - 1) +
                        ": a tree's active work-items should be a shrinking set, each stage some of the previous";
            return s;
        }
    }
    return s;
}

// A check that must hold in every run: the first run where it does not, or a pass.
CheckOutcome everyRun(const AttemptFacts& facts,
                      const std::function<Seen(const AttemptRun&)>& seen) {
    CheckOutcome o;
    if (facts.runs.empty()) {
        o.message = "the kernel did not run";
        return o;
    }
    for (const AttemptRun& run : facts.runs) {
        const Seen s = seen(run);
        if (s.message.empty()) continue;
        if (s.notChecked) {
            o.graded = false;
            o.message = s.message;
            return o;
        }
        o.message = run.label() + ": " + s.message;
        o.wg = run.wg;
        o.run = run.label();
        o.stage = s.stage;
        o.cell = s.cell;
        o.line = s.line;
        return o;
    }
    o.passed = true;
    return o;
}

}  // namespace

std::string AttemptRun::label() const {
    // The op where the check's report names one (a histogram's names none: it counts whatever the op).
    const bool named = report.op.empty() && !report.type.empty();
    return "wg " + std::to_string(wg) + ", " + (named ? std::string() : std::string(toString(op)) + " ") +
           std::string(toString(type));
}

CheckOutcome evaluateCheck(const CheckSpec& spec, const AttemptFacts& facts) {
    CheckOutcome o;
    const std::string& k = spec.kind;
    const auto simulated = [](const std::function<Seen(const CheckReport&)>& f) {
        return [f](const AttemptRun& run) {
            const Seen s = notSimulated(run.report);
            return s.message.empty() ? f(run.report) : s;
        };
    };
    if (k == "correct") {
        o = everyRun(facts, [](const AttemptRun& run) { return correctSeen(run.report); });
    } else if (k == "no_races") {
        o = everyRun(facts, simulated([](const CheckReport& r) {
                         return findingSeen(r.races, "the result depends on which of the two work-items ran first, so "
                                                     "it can change from run to run and from device to device.");
                     }));
    } else if (k == "no_uninitialised") {
        o = everyRun(facts, simulated([](const CheckReport& r) {
                         return findingSeen(r.uninitialised, "the value was never written, so the kernel computes "
                                                              "with whatever the memory held.");
                     }));
    } else if (k == "no_out_of_bounds") {
        o = everyRun(facts, simulated([](const CheckReport& r) {
                         return findingSeen(r.outOfBounds, "the kernel touched memory outside the buffer; on a GPU "
                                                           "this reads garbage or crashes.");
                     }));
    } else if (k == "no_barrier_divergence") {
        o = everyRun(facts, simulated([](const CheckReport& r) {
                         return findingSeen(r.barrierDivergence, "a barrier must be reached by every work-item of "
                                                                 "the group, or by none.");
                     }));
    } else if (k == "max_divergent_warps") {
        o = everyRun(facts, simulated([&](const CheckReport& r) { return divergenceSeen(r, spec); }));
    } else if (k == "bank_conflict_degree") {
        o = everyRun(facts, simulated([&](const CheckReport& r) { return bankSeen(r, spec); }));
    } else if (k == "matches_model") {
        o = everyRun(facts, simulated([&](const CheckReport& r) { return modelSeen(r, spec); }));
    } else if (k == "max_stages") {
        o = everyRun(facts, simulated([&](const CheckReport& r) { return stagesSeen(r, spec); }));
    } else if (k == "max_operations") {
        o = everyRun(facts, simulated([&](const CheckReport& r) { return operationsSeen(r, spec); }));
    } else if (k == "reads_each_input_once") {
        o = everyRun(facts, simulated([](const CheckReport& r) { return readsOnceSeen(r); }));
    } else if (k == "max_loading_groups") {
        o = everyRun(facts, simulated([&](const CheckReport& r) { return loadingGroupsSeen(r, spec); }));
    } else if (k == "no_read_before_write") {
        o = everyRun(facts, simulated([](const CheckReport& r) { return readBeforeWriteSeen(r); }));
    } else if (k == "active_set_shrinks") {
        o = everyRun(facts, simulated([](const CheckReport& r) { return shrinkingSeen(r); }));
    } else if (k == "speedup_over_starter" || k == "percent_of_copy") {
        const Timings& t = facts.timings;
        if (!t.measured) {
            o.message = "not timed: " + t.why;
        } else if (k == "speedup_over_starter") {
            // Each round times both: the rounds' own speed-ups, their median and how far they spread
            const SpeedupBounds b = speedupBounds(t.ratios);
            const double speedup = b.rounds ? b.median : t.studentMs > 0 ? t.starterMs / t.studentMs : 0;
            const double min = spec.number("min", 1);
            o.passed = speedup >= min;
            const std::string spread =
                b.rounds ? "the median of " + std::to_string(b.rounds) + " rounds, each timing both: " +
                               fixed(b.low, 2) + "x to " + fixed(b.high, 2) + "x; "
                         : "";
            o.message = fixed(speedup, 2) + "x the starter's speed at n = " + std::to_string(t.n) + " (" + spread +
                        fixed(t.studentMs, 3) + " ms against " + fixed(t.starterMs, 3) + " ms, medians), " +
                        (o.passed ? "at least " : "the exercise asks for ") + fixed(min, 2) + "x" +
                        (speedupUndecided(b, min) ? ": the rounds lie on both sides of it, so their median decides "
                                                    "(a busy machine spreads them; grade again on an idle one)"
                                                  : "");
        } else {
            const double pct = t.copyGbps > 0 ? 100.0 * t.studentGbps / t.copyGbps : 0;
            const double min = spec.number("min", 0);
            o.passed = pct >= min;
            o.message = fixed(pct, 1) + "% of this device's copy bandwidth (" + fixed(t.studentGbps, 2) +
                        " GB/s against " + fixed(t.copyGbps, 2) + " GB/s) at n = " + std::to_string(t.n) + ", " +
                        (o.passed ? "at least " : "the exercise asks for ") + fixed(min, 1) +
                        "%" + (o.passed ? "" : ": the kernel spends its time on something other than reading the "
                                               "input (too few elements per work-item, idle work-items, launches)");
        }
    } else if (k == "float_error") {
        const FloatError& f = facts.floatError;
        if (!f.measured) {
            o.message = "not measured: " + f.why;
        } else {
            const double err = std::fabs(f.result - f.reference);
            const double inEps = roundoffInEps(f.result, f.reference, f.sumAbs);
            const double max = spec.number("max_eps", 1);
            o.passed = std::isfinite(f.result) && inEps <= max;
            o.message = (f.inputs > 1 ? "the worst of " + std::to_string(f.inputs) + " sums of " : "the sum of ") +
                        std::to_string(f.n) + " positive floats was off by " + num(err) + " (" +
                        fixed(inEps, 2) + " x FLT_EPSILON x sum|x|; at most " + fixed(max, 2) + " allowed)" +
                        (o.passed ? "" : ": a long chain of float additions rounds at every step and the errors pile "
                                         "up; a tree keeps every partial sum short");
        }
    }
    o.name = spec.name;
    o.kind = spec.kind;
    o.hidden = spec.hidden;
    o.maxScore = spec.points;
    o.score = o.passed ? spec.points : 0;
    if (!o.graded) o.score = 0;
    return o;
}

std::vector<CheckOutcome> evaluate(const Exercise& exercise, const AttemptFacts& facts) {
    std::vector<CheckOutcome> out;
    for (const CheckSpec& spec : exercise.checks) out.push_back(evaluateCheck(spec, facts));
    return out;
}

}  // namespace rl::exercise
