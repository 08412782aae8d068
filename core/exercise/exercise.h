// An exercise of the course, as plain data: what its directory under assets/exercises/<NN-id>/ holds (statement.md,
// starter.cl, solution.cl, hints.md, exercise.json; docs/exercises.md is the format), read without any OpenCL so
// the explorer can list and show exercises on any machine.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "core/exercise/check_spec.h"
#include "core/catalogue/variant.h"
#include "core/types.h"

namespace rl::exercise {

struct Exercise {
    std::string id;          // the directory name without its order prefix: "first-reduce"
    std::string dirName;     // "01-first-reduce"
    int order = 0;           // the NN prefix: the course's order
    std::string origin;      // where it was read from: a directory, or "built-in"
    std::string title;
    std::string summary;     // one line for lists
    std::string statement;   // Markdown
    std::string starter, solution;  // kernel sources
    std::vector<std::string> hints;  // revealed one at a time, in order
    std::vector<Op> ops;
    std::vector<ElemType> types;
    std::vector<size_t> workGroupSizes;  // every attempt runs on each
    Pattern pattern = Pattern::Reduce;  // the launch contract the kernels keep ("pattern": "scan"; absent: reduce)
    std::string model;       // the built-in variant the statement refers to (empty: none)
    double timeoutSeconds = 10;  // for each step of each run
    std::vector<CheckSpec> checks;

    double maxScore() const;
};

// The files of one exercise directory, by name ("statement.md", ...).
using ExerciseFiles = std::map<std::string, std::string>;

// Splits "NN-id" into its order and id. False when the name does not start with digits and a dash.
bool splitDirName(const std::string& dirName, int* order, std::string* id);

// Reads an exercise from its files. Throws rl::Error (BadInput) with the first problem: a missing file, JSON that
// does not parse (with the position), a missing or malformed field, an unknown op, type or check kind, a work-group
// size that is not a power of two, no hints.
Exercise parseExercise(const std::string& dirName, const ExerciseFiles& files, const std::string& origin);

// The hints of a hints.md: each starts at a line "## ..." (the heading is the hint's first line).
std::vector<std::string> splitHints(const std::string& markdown);

}  // namespace rl::exercise
