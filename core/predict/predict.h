// Predict mode's scoring: what a student says a stage will do (which work-items are active, the value of one cell,
// the number of divergent SIMD groups, the bank-conflict degree), checked against the recorded trace. Pure: no
// device, no UI. The warp and bank figures come from the same hardware model the views show (core/model/analysis.h).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/trace.h"

namespace rl::predict {

// The kinds of question, in the order the UI offers them.
// Contention (a histogram's: the most work-items of one SIMD group that incremented one bin) is asked where the
// pattern counts it (PatternInfo::showsContention).
enum class Kind { Active, Value, Divergent, Conflict, Contention };
inline constexpr int kKinds = 5;
const char* kindName(Kind kind);      // "active", "value", "divergent", "conflict", "contention" (script names)
const char* kindQuestion(Kind kind);  // "Which work-items will be active?" ...
std::optional<Kind> kindFromName(const std::string& name);

// One prediction for one stage. Each part is optional; a part left out is not scored.
struct Prediction {
    std::optional<std::vector<int>> active;  // the work-items predicted active (any order; an empty set is a guess)
    int cell = -1;                           // the cell whose value is predicted (with `value`)
    std::optional<double> value;             // that cell's value after the stage
    std::optional<int> divergentWarps;       // SIMD groups with some lanes active and some idle
    std::optional<int> conflictDegree;       // worst bank-conflict degree of the stage (1: none)
    std::optional<int> contentionDegree;     // most work-items of one SIMD group writing one cell (1: none)

    bool empty() const { return !active && !value && !divergentWarps && !conflictDegree && !contentionDegree; }
};

struct PredictionScore {
    bool valid = false;  // false: nothing was scored, `error` says why (no such stage, nothing predicted, ...)
    std::string error;
    bool correct = false;  // every part given is right
    int parts = 0, partsRight = 0;
    std::string stageLabel;  // the stage's label ("s = 4")

    // Active work-items.
    bool activeAsked = false, activeRight = false;
    std::vector<int> expectedActive;  // in the trace, ascending
    std::vector<int> wronglyActive;   // predicted active, idle in the trace
    std::vector<int> missed;          // active in the trace, not predicted
    std::vector<int> ignored;         // predicted work-items that do not exist in the stage
    bool fused = false;               // each active work-item does two operations in this stage (best-gpu)
    // The value of a cell.
    bool valueAsked = false, valueRight = false;
    int cell = -1;
    double expectedValue = 0, typedValue = 0;
    // Counts from the hardware model.
    bool divergentAsked = false, divergentRight = false;
    int expectedDivergent = 0, predictedDivergent = 0;
    bool conflictAsked = false, conflictRight = false;
    int expectedConflict = 1, predictedConflict = 1;
    bool contentionAsked = false, contentionRight = false;
    int expectedContention = 1, predictedContention = 1;
};

// The stage `stage` of traced group `tracedIndex` (an index into PassTrace::traced, as the views' StepRef::group)
// of pass `pass`. Never throws: an out-of-range stage, an empty prediction or a cell that does not exist give an
// invalid score with the reason.
PredictionScore score(const Prediction& prediction, const TraceRun& run, int pass, int tracedIndex, int stage);

// Whether a stage can be predicted: it exists and is a step of the tree (the load is not predicted).
bool predictable(const TraceRun& run, int pass, int tracedIndex, int stage);

// A typed number: the whole text (spaces around it allowed) must be one finite number ("12", "-3", "2.5", "1e3");
// anything else ("", "abc", "12abc", "nan", "inf") is nullopt.
std::optional<double> parseNumber(const std::string& text);

// Whether a typed value counts as the recorded one: integers exactly; floats to 1e-4 relative (what a student can
// type from the values on screen).
bool sameValue(double typed, double expected, ElemType type);

// The running score over the stages predicted.
struct Tally {
    int right = 0, scored = 0, skipped = 0;
    void add(const PredictionScore& s);
    void skip() { ++skipped; }
    std::string text() const;  // "5 of 7 stages right" (+ ", 2 skipped"); "no stage predicted yet"
};

// One line per wrong part, in the student's words ("work-item 3 was idle: you said active"), for the panel and the
// lecture screen. Empty for a correct score.
std::vector<std::string> describe(const PredictionScore& s, ElemType type);

}  // namespace rl::predict
