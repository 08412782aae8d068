// A grade in the forms course platforms read: Gradescope's autograder results.json and the JSON GitHub Classroom's
// command grader reports. Both from the whole grade (hidden checks included): the platforms decide who sees what.
#pragma once
#include <nlohmann/json.hpp>

#include "core/exercise/grade_result.h"

namespace rl::exercise {

// {"score", "output", "tests": [{"name", "score", "max_score", "output", "visibility"}]}: a hidden check is
// "after_published", the others "visible". A kernel that does not build scores 0 with the reason as the output.
nlohmann::json toGradescope(const GradeResult& r);

// {"version": 1, "status": "pass"|"fail"|"error", "max_score", "tests": [{"name", "status", "score", "message",
// "line_no"}]}.
nlohmann::json toClassroom(const GradeResult& r);

}  // namespace rl::exercise
