// Finding and running reducelab-sim, the simulator step's own process.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/workbench/check_request.h"
#include "core/process/child_process.h"

namespace rl::check {

// $REDUCELAB_SIM, else reducelab-sim beside the running executable, else ../libexec/reducelab/reducelab-sim
// from it (an installed layout). Empty when none exists.
std::string simulatorPath();

struct SimulatorOutcome {
    std::vector<nlohmann::json> events;
    process::ChildResult child;
};

// The JSON events a step printed, one object per line; other lines (a driver may print too) are skipped.
std::vector<nlohmann::json> eventLines(const std::string& out);

// Runs reducelab-sim on `request` with its time limit; the events it printed, and how it ended.
SimulatorOutcome runSimulator(const std::string& path, const workbench::CheckRequest& request);

}  // namespace rl::check
