// The command-line front end: reducelab devices | variants | run | trace | bench [options] [--json].
#pragma once
#include <string>

#include "app/cli/parser.h"

namespace rl::cli {

// The options of a subcommand of run's table (devices, variants, run, trace, bench, check), as parseOptions takes
// them. Throws UsageError for another name.
CommandSpec commandSpec(const std::string& name);

// Runs a subcommand; returns the exit code (0 ok, 1 failure, 2 bad arguments).
int run(int argc, char** argv);

// Whether the arguments ask for the GUI (`reducelab gui ...`).
bool isGuiRequest(int argc, char** argv);

}  // namespace rl::cli
