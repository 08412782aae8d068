// Validation: the format, then the solution graded (it must pass) and the starter graded (it must not).
#include "core/exercise/validate.h"

#include "core/exercise/exercise_set.h"

namespace rl::exercise {
namespace {

std::string failedChecks(const GradeResult& g) {
    if (g.status == "error") return g.error;
    std::string s;
    for (const CheckOutcome& c : g.checks)
        if (c.graded && !c.passed) s += (s.empty() ? "" : "; ") + c.name + " (" + c.kind + "): " + c.message;
    return s;
}

std::string firstUngraded(const GradeResult& g) {
    for (const CheckOutcome& c : g.checks)
        if (!c.graded) return c.message;
    return {};
}

}  // namespace

std::vector<std::string> claimProblems(const GradeResult& solution, const GradeResult& starter) {
    std::vector<std::string> problems;
    if (solution.status != "pass")
        problems.push_back("solution.cl does not pass its own checks (seed " + std::to_string(solution.seed) +
                           "): " + failedChecks(solution));
    if (starter.status == "pass" && starter.ungraded() > 0)
        problems.push_back("starter.cl passes every check that could run here, and " +
                           std::to_string(starter.ungraded()) + " could not (" + firstUngraded(starter) +
                           "): validate the exercise where Oclgrind runs");
    else if (starter.status == "pass")
        problems.push_back("starter.cl already passes every check (seed " + std::to_string(starter.seed) +
                           "): the exercise asks nothing of the student; make a check fail on the starter");
    else if (starter.status == "error")
        problems.push_back("starter.cl does not build or breaks the launch contract: " + starter.error +
                           " (a student starts from a kernel that builds)");
    return problems;
}

Validation validateExerciseDir(const std::string& dir, const GradeOptions& options, bool run) {
    Validation v;
    v.dir = dir;
    Exercise e;
    try {
        e = readExerciseDir(dir);
    } catch (const Error& err) {
        v.problems.push_back(err.what());
        return v;
    }
    if (!run) {
        v.id = e.id;
        return v;
    }
    return validateExercise(e, options);
}

Validation validateExercise(const Exercise& e, const GradeOptions& options) {
    Validation v;
    v.dir = e.origin;
    v.id = e.id;
    try {
        v.solution = gradeAttempt(e, e.solution, "solution.cl", options);
        v.starter = gradeAttempt(e, e.starter, "starter.cl", options);
    } catch (const Error& err) {
        v.problems.push_back(std::string("could not grade: ") + err.what());
        return v;
    }
    for (std::string& p : claimProblems(*v.solution, *v.starter)) v.problems.push_back(e.dirName + ": " + p);
    return v;
}

}  // namespace rl::exercise
