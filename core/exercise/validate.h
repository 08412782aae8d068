// `reducelab exercise validate`: what is wrong with an exercise directory, precisely. First its format (files,
// exercise.json's fields, check kinds and parameters; exercise.h), then what it claims: its solution passes every
// one of its checks and its starter fails at least one (both graded as a student's attempt would be).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/exercise/exercise.h"
#include "core/exercise/grade.h"
#include "core/exercise/grade_result.h"

namespace rl::exercise {

struct Validation {
    std::string dir;
    std::string id;                        // empty when the format is wrong
    std::vector<std::string> problems;     // empty: the exercise is sound
    std::optional<GradeResult> solution, starter;

    bool ok() const { return problems.empty(); }
};

// Validates one exercise directory. `run` false: the format only (no device, no simulator).
Validation validateExerciseDir(const std::string& dir, const GradeOptions& options, bool run = true);

// Grades the solution and the starter of an exercise already read (a built-in one, say).
Validation validateExercise(const Exercise& exercise, const GradeOptions& options);

// The problems a graded solution and starter show (used by validateExercise; exposed for tests).
std::vector<std::string> claimProblems(const GradeResult& solution, const GradeResult& starter);

}  // namespace rl::exercise
