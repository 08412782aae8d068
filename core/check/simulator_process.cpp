// reducelab-sim found beside the binary and run on a request written to a private temporary file.
#include "core/check/simulator_process.h"

#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace rl::check {
namespace {

bool executable(const std::string& path) { return !path.empty() && access(path.c_str(), X_OK) == 0; }

std::string directoryOf(const std::string& path) {
    const size_t slash = path.rfind('/');
    return slash == std::string::npos ? "." : path.substr(0, slash);
}

}  // namespace

std::string simulatorPath() {
    if (const char* env = std::getenv("REDUCELAB_SIM"); env && executable(env)) return env;
    const std::string dir = directoryOf(process::selfExecutable());
    for (const std::string& candidate : {dir + "/reducelab-sim", dir + "/../libexec/reducelab/reducelab-sim"})
        if (executable(candidate)) return candidate;
    return {};
}

SimulatorOutcome runSimulator(const std::string& path, const workbench::CheckRequest& request) {
    SimulatorOutcome outcome;
    const char* tmp = std::getenv("TMPDIR");
    std::string name = std::string(tmp && *tmp ? tmp : "/tmp") + "/reducelab-check-XXXXXX";
    const int fd = mkstemp(name.data());
    if (fd < 0) {
        outcome.child.err = "cannot write a temporary file in " + directoryOf(name) + " for the simulator";
        return outcome;
    }
    close(fd);
    {
        std::ofstream out(name);
        out << workbench::toJson(request).dump();
    }
    outcome.child = process::runProgram({path, "--request", name}, request.timeoutSeconds);
    std::remove(name.c_str());
    outcome.events = eventLines(outcome.child.out);
    return outcome;
}

std::vector<nlohmann::json> eventLines(const std::string& out) {
    std::vector<nlohmann::json> events;
    std::istringstream lines(out);
    for (std::string line; std::getline(lines, line);) {
        if (line.empty() || line[0] != '{') continue;
        try {
            events.push_back(nlohmann::json::parse(line));
        } catch (const nlohmann::json::exception&) {
        }
    }
    return events;
}

}  // namespace rl::check
