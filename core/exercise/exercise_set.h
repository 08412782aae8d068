// The course: the exercises built into the binary (assets/exercises, embedded at build time) or those of a
// directory given with --exercises DIR, in the order of their NN prefix. No OpenCL: the explorer lists them anywhere.
#pragma once
#include <string>
#include <vector>

#include "core/exercise/exercise.h"

namespace rl::exercise {

// Reads one exercise directory (its name is the NN-id). Throws rl::Error (BadInput) with what is wrong.
Exercise readExerciseDir(const std::string& path);

// The files of one exercise directory as they are on disk (a missing file is simply absent; a file over 1 MiB, or
// one that is not text, is refused). Throws rl::Error (BadInput) when the directory cannot be read.
ExerciseFiles readExerciseFiles(const std::string& path);

struct ExerciseSet {
    std::vector<Exercise> exercises;       // in course order
    std::vector<std::string> problems;     // directories that could not be read, each with why

    // By id ("first-reduce"), directory name ("01-first-reduce") or order ("1", "01"). Nullptr when none.
    const Exercise* find(const std::string& key) const;
};

// The built-in course (embedded at build time; with REDUCELAB_LIVE_SOURCES read from the source tree).
ExerciseSet builtInExercises();

// Every NN-id subdirectory of `dir`. Throws rl::Error (BadInput) when `dir` is not a readable directory.
ExerciseSet exercisesIn(const std::string& dir);

// `dir` empty: the built-in course; else exercisesIn(dir).
ExerciseSet loadExercises(const std::string& dir);

}  // namespace rl::exercise
