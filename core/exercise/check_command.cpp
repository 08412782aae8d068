// The exercise check as a child process: its command line and its result read back.
#include "core/exercise/check_command.h"

namespace rl::exercise {

std::vector<std::string> checkArgv(const CheckCommand& c) {
    std::vector<std::string> argv = {c.reducelab, "exercise", "check", c.exerciseId, "--kernel", c.kernelPath, "--json"};
    if (!c.exercisesDir.empty()) argv.insert(argv.end(), {"--exercises", c.exercisesDir});
    if (!c.device.empty()) argv.insert(argv.end(), {"--device", c.device});
    if (c.seed != 0) argv.insert(argv.end(), {"--seed", std::to_string(c.seed)});
    if (c.reveal) argv.push_back("--reveal");
    if (c.requireAll) argv.push_back("--require-all");
    return argv;
}

double checkTimeLimit(size_t runs, double stepSeconds) { return stepSeconds * (2.0 * double(runs) + 3.0) + 60.0; }

GradeResult gradeFromChild(const process::ChildResult& child, const std::string& exerciseId) {
    try {
        return gradeResultFromJson(nlohmann::json::parse(child.out));
    } catch (const std::exception&) {
    }
    GradeResult g;
    g.exercise = exerciseId;
    g.status = "error";
    std::string err = child.err;
    while (!err.empty() && (err.back() == '\n' || err.back() == ' ')) err.pop_back();
    if (const size_t nl = err.rfind('\n'); nl != std::string::npos) err = err.substr(nl + 1);
    if (err.rfind("reducelab: ", 0) == 0) err = err.substr(11);
    switch (child.end) {
        case process::ChildResult::End::Cancelled: g.error = "the check was cancelled"; break;
        case process::ChildResult::End::TimedOut: g.error = "the check did not finish in time"; break;
        case process::ChildResult::End::FailedToStart: g.error = "the check could not start: " + err; break;
        default: g.error = err.empty() ? "the check " + child.describe() + " with no result" : err;
    }
    return g;
}

}  // namespace rl::exercise
