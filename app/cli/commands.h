// The subcommands of reducelab; each prints a readable table, or JSON with --json, and returns an exit code.
#pragma once
#include "app/cli/options.h"

namespace rl::cli {

int cmdDevices(const Options& o);
int cmdVariants(const Options& o);
int cmdRun(const Options& o);
int cmdTrace(const Options& o);
int cmdBench(const Options& o);
int cmdCheck(const Options& o);

}  // namespace rl::cli
