// Grading one attempt at an exercise, adversarially: the kernel runs at every work-group size the exercise names
// (and every op and type), each run being `reducelab check` (core/check/check.h: the device and Oclgrind in child
// processes with time limits, local memory poisoned) with inputs from a seed drawn fresh per attempt and hidden
// sizes (one below a work-group, a prime, a larger one) the student never sees; the results are compared with the
// host's reduction of a clean copy of each input. Timed checks run the attempt and the starter in one child process
// on the device. Then every check is evaluated on those facts (evaluate.h).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/exercise/exercise.h"
#include "core/exercise/grade_result.h"
#include "core/workbench/check_sizes.h"

namespace rl::exercise {

struct GradeOptions {
    std::string device;        // as --device names one; empty: the default
    uint64_t seed = 0;         // 0: drawn fresh (the result says which, so a failure can be run again)
    double timeoutSeconds = 0; // per step of each run; 0: the exercise's
    bool requireAll = false;   // a check that could not run here (no simulator) fails instead of going ungraded
};

// Grades `text` (a kernel file's contents; `file` its name, shown and used in compiler messages). Never throws for
// anything the kernel does (a kernel that does not build is status "error", one that hangs a failed check); throws
// rl::Error (BadInput) only when the request itself is impossible (no such device).
// The caller must not have started threads: the device steps fork (core/process/child_process.h).
GradeResult gradeAttempt(const Exercise& exercise, const std::string& text, const std::string& file,
                         const GradeOptions& options = {});

// The hidden sizes of one run: a size below one work-group that is not a power of two, a prime past two
// work-groups, and a size of many work-groups, drawn from `seed`.
std::vector<workbench::SizeCase> hiddenSizes(size_t wg, uint64_t seed);

// A fresh seed (from the system's random device), below 2^31 so that any tool reads it back exactly.
uint64_t freshSeed();

}  // namespace rl::exercise
