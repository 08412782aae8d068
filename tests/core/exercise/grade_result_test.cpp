// A grade's JSON form reads back whole; the student's view hides the details of hidden checks; exit statuses.
#include <gtest/gtest.h>

#include "core/exercise/check_command.h"
#include "core/exercise/grade_exports.h"
#include "core/exercise/grade_result.h"

namespace {

using namespace rl::exercise;

GradeResult sample() {
    GradeResult g;
    g.exercise = "first-reduce";
    g.title = "Your first reduction";
    g.file = "mine.cl";
    g.seed = 12345;
    g.status = "fail";
    g.checks.push_back({"right", "correct", true, 1, 1, "", 0, "", -1, -1, 0, false});
    g.checks.push_back({"no race", "no_races", false, 0, 2, "data race on scratch[3]", 64, "wg 64, sum int", 1, 3, 9,
                        true});
    return g;
}

TEST(GradeResult, JsonRoundTrip) {
    const GradeResult g = sample();
    const GradeResult back = gradeResultFromJson(toJson(g));
    EXPECT_EQ(back.exercise, g.exercise);
    EXPECT_EQ(back.seed, 12345u);
    ASSERT_EQ(back.checks.size(), 2u);
    EXPECT_EQ(back.checks[1].line, 9);
    EXPECT_EQ(back.checks[1].cell, 3);
    EXPECT_EQ(back.checks[1].stage, 1);
    EXPECT_DOUBLE_EQ(back.score(), 1);
    EXPECT_DOUBLE_EQ(back.maxScore(), 3);
    EXPECT_EQ(toJson(g).at("score"), 1);
}

TEST(GradeResult, HiddenChecksKeepOnlyTheirVerdictForTheStudent) {
    const GradeResult v = studentView(sample());
    EXPECT_EQ(v.checks[1].message.find("scratch"), std::string::npos);
    EXPECT_EQ(v.checks[1].line, 0);
    EXPECT_FALSE(v.checks[1].passed);
    EXPECT_EQ(v.checks[0].message, "");
    EXPECT_EQ(v.checks[1].run, "");
    EXPECT_EQ(v.checks[1].stage, -1);
    EXPECT_EQ(v.checks[1].cell, -1);
}

TEST(GradeResult, AFailedHiddenCheckTakesTheRunsReportOutOfTheStudentsView) {
    GradeResult g = sample();
    g.report = rl::workbench::CheckReport{};
    g.report->races.push_back({});
    EXPECT_FALSE(studentView(g).report.has_value());  // the races would show what the hidden no_races saw
    const nlohmann::json classroom = toClassroom(studentView(g));
    EXPECT_EQ(classroom.at("tests")[1].at("message").get<std::string>().find("scratch"), std::string::npos);
    EXPECT_TRUE(classroom.at("tests")[1].at("line_no").is_null());
    // With only visible checks failing, the student keeps the report (the tree shows where).
    g.checks[1].hidden = false;
    EXPECT_TRUE(studentView(g).report.has_value());
}

TEST(GradeResult, ExitStatusAndMalformedInput) {
    GradeResult g = sample();
    EXPECT_EQ(exitStatus(g), 1);
    g.status = "pass";
    EXPECT_EQ(exitStatus(g), 0);
    g.status = "error";
    EXPECT_EQ(exitStatus(g), 2);
    EXPECT_THROW(gradeResultFromJson(nlohmann::json{{"exercise", "x"}}), rl::Error);
    auto j = toJson(sample());
    j["status"] = "maybe";
    EXPECT_THROW(gradeResultFromJson(j), rl::Error);
}

TEST(GradeResult, TheTerminalFormSaysWhatFailedAndTheSeed) {
    const std::string text = formatGrade(sample());
    EXPECT_NE(text.find("FAIL  no race"), std::string::npos) << text;
    EXPECT_NE(text.find("data race on scratch[3]"), std::string::npos) << text;
    EXPECT_NE(text.find("--seed 12345"), std::string::npos) << text;
    EXPECT_NE(text.find("score 1 / 3"), std::string::npos) << text;
}

TEST(GradeResult, GradescopeResultsHaveItsDocumentedFields) {
    const nlohmann::json j = toGradescope(sample());
    EXPECT_EQ(j.at("score"), 1);
    EXPECT_TRUE(j.at("output").is_string());
    ASSERT_EQ(j.at("tests").size(), 2u);
    for (const auto& t : j.at("tests")) {
        for (const char* key : {"name", "score", "max_score", "output", "visibility"})
            EXPECT_TRUE(t.contains(key)) << key;
        EXPECT_EQ(t.size(), 5u) << t.dump();
    }
    EXPECT_EQ(j.at("tests")[0].at("visibility"), "visible");
    EXPECT_EQ(j.at("tests")[1].at("visibility"), "after_published");  // hidden: the lecturer publishes it
    EXPECT_EQ(j.at("tests")[1].at("max_score"), 2);
    EXPECT_NE(j.at("tests")[1].at("output").get<std::string>().find("[line 9]"), std::string::npos);
    GradeResult broken = sample();
    broken.status = "error";
    broken.error = "the kernel does not build";
    broken.checks.clear();
    EXPECT_EQ(toGradescope(broken).at("score"), 0);
    EXPECT_NE(toGradescope(broken).at("output").get<std::string>().find("does not build"), std::string::npos);
}

TEST(GradeResult, ClassroomReportHasItsDocumentedFields) {
    const nlohmann::json j = toClassroom(sample());
    EXPECT_EQ(j.at("version"), 1);
    EXPECT_EQ(j.at("status"), "fail");
    EXPECT_EQ(j.at("max_score"), 3);
    ASSERT_EQ(j.at("tests").size(), 2u);
    EXPECT_EQ(j.at("tests")[0].at("status"), "pass");
    EXPECT_TRUE(j.at("tests")[0].at("line_no").is_null());
    EXPECT_EQ(j.at("tests")[1].at("status"), "fail");
    EXPECT_EQ(j.at("tests")[1].at("line_no"), 9);
    for (const char* key : {"name", "status", "score", "message", "line_no"})
        EXPECT_TRUE(j.at("tests")[1].contains(key)) << key;
}

TEST(GradeResult, AChildCheckReadsBackOrSaysWhyNot) {
    rl::process::ChildResult child;
    child.end = rl::process::ChildResult::End::Exited;
    child.exitCode = 1;
    child.out = toJson(sample()).dump();
    EXPECT_EQ(gradeFromChild(child, "first-reduce").checks.size(), 2u);
    child.out = "";
    child.exitCode = 2;
    child.err = "reducelab: no exercise 'x'; the exercises are first-reduce\n";
    const GradeResult refused = gradeFromChild(child, "x");
    EXPECT_EQ(refused.status, "error");
    EXPECT_EQ(refused.error, "no exercise 'x'; the exercises are first-reduce");
    child.end = rl::process::ChildResult::End::TimedOut;
    EXPECT_EQ(gradeFromChild(child, "x").error, "the check did not finish in time");
    CheckCommand c;
    c.reducelab = "/bin/reducelab";
    c.exerciseId = "any-n";
    c.kernelPath = "mine.cl";
    c.seed = 7;
    const std::vector<std::string> argv = checkArgv(c);
    EXPECT_EQ(argv, (std::vector<std::string>{"/bin/reducelab", "exercise", "check", "any-n", "--kernel", "mine.cl",
                                              "--json", "--seed", "7"}));
}

}  // namespace
