// What grading one attempt found, check by check, as plain data with one JSON form: the CLI prints it, a grading
// script reads `--json`, the explorer's Exercises panel reads the JSON a child `reducelab exercise check` prints.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/workbench/check_report.h"

namespace rl::exercise {

struct CheckOutcome {
    std::string name, kind;
    bool passed = false;
    double score = 0, maxScore = 1;
    std::string message;     // what was seen, where, and what it means (the student's words)
    size_t wg = 0;           // the work-group size of the run it is about (0: every run, or a timing)
    std::string run;         // that run: "wg 64, sum int"
    int stage = -1, cell = -1, line = 0;  // where, when it is about one place (-1 / 0: not known)
    bool hidden = false;     // the student-facing output shows only the name and whether it passed
    bool graded = true;      // false: the check could not run here (no simulator); `message` says why and how to
                             // get it, and it counts neither for nor against the score

    // "passed", "failed" or "not_checked".
    std::string state() const { return !graded ? "not_checked" : passed ? "passed" : "failed"; }
};

struct GradeResult {
    std::string exercise;    // the exercise's id
    std::string title;
    std::string file;        // the attempt's file name
    std::string device;
    uint64_t seed = 0;       // the attempt's random inputs and hidden sizes (give --seed to run it again)
    std::string status;      // "pass" (every check passed), "fail" (some failed), "error" (no build, broken contract)
    std::string error;       // for "error": why (the build log's first lines, the signature message)
    std::string buildLog;
    std::vector<CheckOutcome> checks;
    std::vector<std::string> runs;   // each run: "wg 64, sum int: ..." (what was run, for the record)
    double seconds = 0;              // how long grading took
    std::optional<workbench::CheckReport> report;  // the full report (stages, findings) of the run the first failed
                                                   // check is about (else the first run's), for the tree

    double score() const;
    double maxScore() const;     // of the graded checks
    int ungraded() const;        // checks that could not run here
    bool passed() const { return status == "pass"; }
};

nlohmann::json toJson(const GradeResult& r, bool withReport = true);
GradeResult gradeResultFromJson(const nlohmann::json& j);  // throws rl::Error (BadInput) naming the bad field

// The same result as the student sees it: hidden checks keep their name and verdict only, and when one of them
// failed the run's report (which would show what it saw) is left out.
GradeResult studentView(const GradeResult& r);

// The terminal form: one line per check (ok / FAIL, name, message), the score, the seed.
std::string formatGrade(const GradeResult& r);

// Exit status of `exercise check`: 0 pass, 1 some check failed, 2 no build / broken contract.
int exitStatus(const GradeResult& r);

}  // namespace rl::exercise
