// The command-line front end: reducelab devices | variants | run | trace | bench [options] [--json].
#pragma once

namespace rl::cli {

// Runs a subcommand; returns the exit code (0 ok, 1 failure, 2 bad arguments).
int run(int argc, char** argv);

// Whether the arguments ask for the GUI (`reducelab gui ...`).
bool isGuiRequest(int argc, char** argv);

}  // namespace rl::cli
