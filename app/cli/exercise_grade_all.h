// `reducelab exercise grade ID DIR`: every .cl file of a directory graded, each by `reducelab exercise check` in a
// child process of its own with a time limit, so a submission that crashes, hangs or floods its output costs only
// its own row. A table on the terminal (or JSON), and a CSV a spreadsheet or a gradebook reads.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/exercise/grade_result.h"

namespace rl::cli {

struct GradeAllRequest {
    std::string exercise;       // the exercise's id
    double maxScore = 0;        // its checks' points
    size_t runs = 1;            // runs per attempt (for the time limit)
    std::string dir;            // the submissions
    std::string exercisesDir;   // --exercises, passed on
    std::string csv;            // "" : no CSV
    std::string device;
    uint64_t seed = 1;          // one seed for every submission: all are graded on the same hidden inputs
    double timeoutSeconds = 10; // per step
    bool requireAll = false;    // --require-all, passed on
    bool json = false;
};

// One submission's row.
struct GradeRow {
    std::string file;
    std::string status;         // pass, fail, error
    double score = 0, maxScore = 0, seconds = 0;
    std::string message;        // the first failed check and what it saw, or why it could not be graded
    std::vector<exercise::CheckOutcome> checks;
};

// The CSV: file,status,score,max_score,seconds,<one column per check name: its score>,message.
std::string csvOf(const std::vector<GradeRow>& rows);

// Grades every .cl file of request.dir (sorted by name); returns the exit status (0 when it ran, 2 when DIR is not
// a directory, holds no .cl file, or the CSV cannot be written).
int gradeAll(const GradeAllRequest& request);

}  // namespace rl::cli
