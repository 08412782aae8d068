// reducelab exercise list | show | validate | check | grade: the course from the command line (core/exercise).
#pragma once

namespace rl::cli {

// argv[1] is "exercise"; returns the exit code (0 ok / pass, 1 some check failed, 2 usage, no build, bad exercise).
int runExercise(int argc, char** argv);

}  // namespace rl::cli
