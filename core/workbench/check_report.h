// What `reducelab check` finds out about a student's kernel, as plain data with one JSON form: whether it builds
// (and the diagnostics), whether it is right on a set of sizes chosen to catch the usual mistakes, what Oclgrind
// saw (races, uninitialised reads, out-of-bounds accesses, barrier divergence, each on a source line), the stages
// it recorded and their analysis, and where its trace first parts from a chosen model. The app reads the JSON a
// child process prints; the exercises grade from the same struct.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/trace.h"
#include "core/workbench/diagnostics.h"
#include "core/workbench/findings.h"
#include "core/workbench/kernel_signature.h"

namespace rl::workbench {

// One size of the correctness set: the device's result against the host reference.
struct SizeCheck {
    size_t n = 0;
    size_t wg = 0;
    std::string why;        // "one element", "a prime", "one work-group", ...
    bool ran = false;       // false when the run failed (the message says why)
    bool correct = false;
    double result = 0, reference = 0;
    std::string message;    // the verdict, or why it did not run
};

// Where the student's trace first differs from a model's (the first pass, group, stage and cell, in that order).
struct Mismatch {
    std::string model;      // the built-in variant whose CPU model was compared
    int pass = 0, group = 0, stage = 0, cell = -1;  // cell -1: the stages themselves differ (count or labels)
    double expected = 0, seen = 0;
    int line = 0;           // the student's line that wrote the stage, when known
    std::string message;
};

// A step that could not finish: the kernel never ended (time limit), crashed the process, or the device failed.
struct Failure {
    std::string step;       // "build", "run", "trace"
    std::string kind;       // "timeout", "crash", "device", "unsupported"
    std::string message;
};

// One check of the report and how it stands: it ran and passed, ran and failed, or could not run here (the
// simulator is missing, the kernel did not build): `why` says why and how to get it.
struct CheckState {
    std::string name;       // "builds", "correct", "no_races", "no_uninitialised", "no_out_of_bounds",
                            // "no_barrier_divergence", "stages", "matches_model", "run", "trace"
    std::string state;      // "passed", "failed", "not_checked"
    std::string why;        // for "failed": what went wrong; for "not_checked": why, and how to get it checked
};

struct StageFacts {
    std::string label;
    int line = 0;
    int activeItems = 0;
    int divergentWarps = 0;
    int bankConflictDegree = 1;
};

// How often the first pass read each element of the input, as Oclgrind saw every load of the `in` buffer (at the
// traced size): a reduction reads each element exactly once. And how many work-groups read any of it.
struct InputReads {
    size_t n = 0;               // elements of the input
    size_t neverRead = 0;       // elements no work-item read
    size_t readMoreThanOnce = 0;
    long long firstNeverRead = -1, firstReadMoreThanOnce = -1;  // the first such element (-1: none)
    int timesFirstReadMoreThanOnce = 0;
    int lineOfSecondRead = 0;   // the student's line that read firstReadMoreThanOnce again (0: unknown)
    size_t groups = 0;          // work-groups the pass launched
    size_t groupsReading = 0;   // of them, the ones whose work-items read the input
};

struct CheckReport {
    std::string file;                   // the student's file name
    std::string entry;                  // the kernel checked
    std::optional<SignatureCheck> kernel;  // what the check read of it (arguments, types): the explorer takes it
                                           // from here instead of reading the text again
    std::string device;                 // where results and builds come from
    std::string tracedOn;               // where the stages were recorded ("Oclgrind" or the device)
    std::string op, type;
    size_t wg = 0;

    bool builds = false;
    std::vector<Diagnostic> diagnostics;  // the student's lines only
    std::string buildLog;
    std::string contract;               // the signature check's message when the entry point breaks the contract

    bool correct = false;
    std::vector<SizeCheck> sizes;

    std::vector<Finding> races, uninitialised, outOfBounds, barrierDivergence;
    bool simulated = false;             // Oclgrind ran (false: not built in, or the step failed)
    std::string simulatorMissing;       // why the simulator could not run here and how to get it (empty: it could)

    std::optional<TraceRun> trace;      // the stages of the first traced size (Oclgrind's, or the device's)
    std::vector<StageFacts> stages;     // of the first work-group of the first pass
    std::optional<Mismatch> firstMismatch;
    std::string model;                  // the model asked for (empty: none)
    std::optional<InputReads> inputReads;  // Oclgrind's count of the first pass's input loads (none: not simulated)

    std::vector<Failure> failures;
    std::vector<std::string> notes;     // what the reader should know that is not a failure

    // Every check, in the order the report lists them, with its state.
    std::vector<CheckState> checks() const;
    // No check that ran failed: it builds, it is right on every size, Oclgrind found nothing (when it ran), no step
    // failed, and the trace matches the model when one was asked for and could be compared. A check that could not
    // run here (no simulator) is not a failure; `complete()` says whether every check ran.
    bool passed() const;
    bool complete() const;
};

nlohmann::json toJson(const CheckReport& report);
CheckReport checkReportFromJson(const nlohmann::json& j);  // throws rl::Error (BadInput) naming the bad field

nlohmann::json toJson(const InputReads& reads);
InputReads inputReadsFromJson(const nlohmann::json& j);

// The JSON form of a list of findings (the report's "races", "out_of_bounds", ... arrays), and back.
nlohmann::json toJson(const std::vector<Finding>& findings);
std::vector<Finding> findingsFromJson(const nlohmann::json& a);

// The stage facts of a trace's first pass, first group (labels, lines and the analysis already in the trace).
std::vector<StageFacts> stageFactsOf(const TraceRun& trace);

// The first place the student's trace parts from the model's passes (values, then stage count and labels), or
// nothing when they agree. Compares the groups both recorded. A padded tile (the student's scratch keeps cell i at a
// word of its own, in order, as a conflict-free scan does) is compared cell by cell through those words, and a
// mismatch names the cell and the word (Mismatch::cell is the word, as the student's trace shows it).
// A stage the student's kernel does in registers rather than in local memory is said, not failed: where every
// stage both have agrees and the model's only further stage is each cell combined with its own input (an inclusive
// scan's last step, which a kernel may do as it stores its result), `notes` (when given) gets a sentence that says so.
std::optional<Mismatch> firstMismatch(const TraceRun& student, const std::vector<PassTrace>& model,
                                      const std::string& modelName, std::vector<std::string>* notes = nullptr);

// A plain-text report for the terminal: what passed, what failed, each finding with its line and what to do.
std::string formatReport(const CheckReport& report);

}  // namespace rl::workbench
