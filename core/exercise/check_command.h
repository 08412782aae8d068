// Grading an attempt from a program with threads (the explorer): `reducelab exercise check ... --json` run as a
// child process (core/process/child_process.h: runProgram, with cancel), its JSON read back into a GradeResult.
// The grader itself forks, which a threaded program must not do in-process.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/exercise/grade_result.h"
#include "core/process/child_process.h"

namespace rl::exercise {

struct CheckCommand {
    std::string reducelab;      // the binary (process::selfExecutable() from the explorer)
    std::string exerciseId;
    std::string kernelPath;     // the attempt, saved to a file
    std::string exercisesDir;   // --exercises; empty: the built-in course
    std::string device;         // --device; empty: the default
    uint64_t seed = 0;          // 0: fresh
    bool reveal = false;        // hidden checks' details too
    bool requireAll = false;    // --require-all: a check that cannot run here fails
};

// The argv to give process::runProgram.
std::vector<std::string> checkArgv(const CheckCommand& command);

// A time limit for that child that covers every run of the exercise (each step's limit times the steps, and a
// margin): `runs` is max(work-group sizes, ops x types), `stepSeconds` the exercise's timeout.
double checkTimeLimit(size_t runs, double stepSeconds);

// The grade the child printed; when it printed none (it crashed, was cancelled or timed out, or the arguments were
// refused) a GradeResult with status "error" and `error` saying why.
GradeResult gradeFromChild(const process::ChildResult& child, const std::string& exerciseId);

}  // namespace rl::exercise
