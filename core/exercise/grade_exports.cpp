// Gradescope's and GitHub Classroom's result forms.
#include "core/exercise/grade_exports.h"

namespace rl::exercise {

using nlohmann::json;

namespace {

std::string where(const CheckOutcome& c) {
    std::string s;
    if (c.stage >= 0) s += " [stage " + std::to_string(c.stage) + "]";
    if (c.cell >= 0) s += " [cell " + std::to_string(c.cell) + "]";
    if (c.line > 0) s += " [line " + std::to_string(c.line) + "]";
    return s;
}

}  // namespace

json toGradescope(const GradeResult& r) {
    json tests = json::array();
    for (const CheckOutcome& c : r.checks)
        tests.push_back({{"name", c.name},
                         {"score", c.score},
                         {"max_score", c.graded ? c.maxScore : 0},
                         {"output", (!c.graded ? "not graded here" : c.passed ? "passed" : "failed") +
                                        (c.message.empty() ? "" : ": " + c.message) + where(c)},
                         {"visibility", c.hidden ? "after_published" : "visible"}});
    std::string output = "exercise " + r.exercise + " (" + r.title + "), seed " + std::to_string(r.seed);
    if (!r.device.empty()) output += ", on " + r.device;
    if (r.status == "error") output += "\n" + r.error + (r.buildLog.empty() ? "" : "\n" + r.buildLog);
    return {{"score", r.score()}, {"output", output}, {"tests", tests}};
}

json toClassroom(const GradeResult& r) {
    json tests = json::array();
    for (const CheckOutcome& c : r.checks)
        tests.push_back({{"name", c.name},
                         {"status", c.passed || !c.graded ? "pass" : "fail"},
                         {"score", c.score},
                         {"message", c.message},
                         {"line_no", c.line > 0 ? json(c.line) : json(nullptr)}});
    if (r.status == "error")
        tests.push_back({{"name", "the kernel builds"}, {"status", "error"}, {"score", 0}, {"message", r.error},
                         {"line_no", nullptr}});
    return {{"version", 1}, {"status", r.status}, {"max_score", r.maxScore()}, {"tests", tests}};
}

}  // namespace rl::exercise
