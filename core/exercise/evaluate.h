// The checks of an exercise evaluated on what the runs of one attempt recorded: each a fact about those runs (the
// sizes' results, Oclgrind's findings, the stages and their analysis, the input's loads, the timings), never about
// the source text. Pure: the grader (grade.h) gathers the facts on the device and the simulator, then calls this.
#pragma once
#include <string>
#include <vector>

#include "core/exercise/exercise.h"
#include "core/exercise/measures.h"
#include "core/exercise/grade_result.h"
#include "core/workbench/check_report.h"

namespace rl::exercise {

// One run of the attempt: `reducelab check` at one work-group size, op and type.
struct AttemptRun {
    size_t wg = 0;
    Op op = Op::Sum;
    ElemType type = ElemType::Int;
    workbench::CheckReport report;

    std::string label() const;  // "wg 64, sum int"
};

// The attempt and the starter timed on the device in one process, alternating, median of several rounds.
struct Timings {
    bool measured = false;
    std::string why;           // when not measured: why (not correct, a timeout, no device)
    size_t n = 0;
    double studentMs = 0, starterMs = 0;
    double studentGbps = 0, copyGbps = 0;
    // Each round's starter time over the attempt's, in the order taken (empty: only the medians above are known)
    std::vector<double> ratios;
};

// A float sum over n positive values on the device against the host's compensated sum of a clean copy.
struct FloatError {
    bool measured = false;
    std::string why;
    size_t n = 0;
    double result = 0, reference = 0, sumAbs = 0;  // of the input with the largest error
    int inputs = 1;                                // how many inputs were summed (the worst is reported)
};

struct AttemptFacts {
    std::vector<AttemptRun> runs;
    Timings timings;
    FloatError floatError;
};

// Every check of `exercise`, in its order, with score, message and where.
std::vector<CheckOutcome> evaluate(const Exercise& exercise, const AttemptFacts& facts);

// One check on the facts (what evaluate() does for each).
CheckOutcome evaluateCheck(const CheckSpec& spec, const AttemptFacts& facts);

}  // namespace rl::exercise
