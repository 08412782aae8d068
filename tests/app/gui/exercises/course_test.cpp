// The Exercises window in the real binary under Xvfb: the course listed with progress; a hint revealed and its count
// kept; an attempt worked on in the workbench and graded by the exercise's own checks (`reducelab exercise check`
// as a child), each check green or red; a passing attempt marks the exercise solved; progress, hints and the
// attempt's text survive a restart; a reset forgets them; the solution is refused before an attempt.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/support/app_run.h"
#include "tests/support/screenshot_checks.h"

namespace rl::apptest {
namespace {

std::string exerciseFile(const std::string& exercise, const std::string& name) {
    return readFile(std::string(REDUCELAB_SOURCE_DIR) + "/assets/exercises/" + exercise + "/" + name);
}

const nlohmann::json& entry(const nlohmann::json& report, const std::string& id) {
    for (const auto& e : report["exercises"])
        if (e["id"] == id) return e;
    static const nlohmann::json none;
    ADD_FAILURE() << "no exercise " << id << " in " << report.dump();
    return none;
}

TEST(Course, AnAttemptIsGradedByTheExercisesChecksAndProgressSurvivesARestart) {
    const std::string d = tempDir("course");
    const std::string env = "XDG_DATA_HOME=" + d + "/data";
    // Exercise 1's attempt, already written: the reference solution, so it passes.
    const std::string attempts = d + "/data/reducelab/exercises/attempts";
    std::filesystem::create_directories(attempts);
    std::ofstream(attempts + "/01-first-reduce.cl") << exerciseFile("01-first-reduce", "solution.cl");

    AppRun r = runApp(d,
                      "--config-dir " + d + "/cfg --no-save --size 1920x1080 --script \"wait-trace;course:open;"
                      "course:select=bank-conflicts;course:hint;frames:3;shot:" + d + "/list.png;course:start;"
                      "kernel-check;settle;frames:3;shot:" + d + "/starter.png;"
                      // The fix a student makes: sequential addressing (lines 8-10 of the starter).
                      "kernel-edit-line:8:    for (uint s = lsize / 2\\; s > 0\\; s >>= 1) {;"
                      "kernel-edit-line:9:        if (lid < s) scratch[lid] = RL_APPLY(scratch[lid], scratch[lid + s])\\;;"
                      "kernel-edit-line:10: ;kernel-check;settle;frames:3;shot:" + d + "/fixed.png;"
                      "course:select=first-reduce;course:start;kernel-check;settle;frames:3;shot:" + d +
                      "/solved.png;course:report=" + d + "/first.json;quit\"",
                      env);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot list, starter, fixed, solved;
    ASSERT_TRUE(loadShot(d + "/list.png", &list) && loadShot(d + "/starter.png", &starter) &&
                loadShot(d + "/fixed.png", &fixed) && loadShot(d + "/solved.png", &solved));
    // The window: the whole course, the chosen exercise, one hint shown, its statement drawn.
    EXPECT_TRUE(list.geometry["course"]["open"].get<bool>());
    EXPECT_GE(list.geometry["course"]["count"].get<int>(), 10);
    EXPECT_EQ(list.geometry["course"]["selected"], "bank-conflicts");
    EXPECT_EQ(list.geometry["course"]["hintsShown"], 1);
    EXPECT_GT(list.geometry["course"]["statementBlocks"].get<int>(), 2);

    // The starter of "bank conflicts" (interleaved addressing) is graded: it builds and is right, but its
    // bank-conflict check fails, in red, and the tree shows its trace.
    const auto& w = starter.geometry["workbench"];
    EXPECT_EQ(w["exercise"], "bank-conflicts");
    EXPECT_EQ(w["gradeStatus"], "fail");
    EXPECT_LT(w["score"].get<double>(), w["maxScore"].get<double>());
    // The line under the editor leaves the verdict to the grade: it never says "every check passes" above a fail
    EXPECT_EQ(w["verdict"].get<std::string>().rfind("Graded (", 0), 0u) << w["verdict"];
    bool conflictFails = false, correctPasses = false;
    for (const auto& c : w["grade"]) {
        conflictFails = conflictFails || (c["kind"] == "bank_conflict_degree" && !c["ok"].get<bool>());
        correctPasses = correctPasses || (c["kind"] == "correct" && c["ok"].get<bool>());
    }
    EXPECT_TRUE(conflictFails) << w["grade"].dump();
    EXPECT_TRUE(correctPasses) << w["grade"].dump();
    EXPECT_TRUE(w["showingTrace"].get<bool>());

    // Fixed in the editor (sequential addressing) and graded again: every check passes.
    const auto& f = fixed.geometry["workbench"];
    EXPECT_EQ(f["gradeStatus"], "pass") << f["grade"].dump() << f["text"];
    EXPECT_EQ(f["score"], f["maxScore"]);
    for (const auto& c : f["grade"]) EXPECT_TRUE(c["ok"].get<bool>()) << c;

    // The reference solution of exercise 1 passes every check.
    EXPECT_EQ(solved.geometry["workbench"]["exercise"], "first-reduce");
    EXPECT_EQ(solved.geometry["workbench"]["gradeStatus"], "pass") << solved.geometry["workbench"]["grade"].dump();
    const auto first = readJson(d + "/first.json");
    EXPECT_TRUE(entry(first, "first-reduce")["solved"].get<bool>());
    EXPECT_EQ(entry(first, "bank-conflicts")["attempts"], 2);
    EXPECT_EQ(entry(first, "bank-conflicts")["hints"], 1);
    EXPECT_TRUE(entry(first, "bank-conflicts")["solved"].get<bool>());
    EXPECT_EQ(entry(first, "bank-conflicts")["lastStatus"], "pass");

    // A restart: the progress is read back from the data dir; a reset forgets one exercise.
    r = runApp(d, "--config-dir " + d + "/cfg --no-save --script \"wait-trace;course:report=" + d +
                      "/restarted.json;course:select=bank-conflicts;course:reset;course:report=" + d +
                      "/reset.json;course:solution;quit\"",
               env);
    EXPECT_EQ(r.exitCode, 2) << "after the reset, the solution is refused until an attempt: " << r.err;
    EXPECT_NE(r.err.find("shown only after a graded attempt"), std::string::npos) << r.err;
    const auto restarted = readJson(d + "/restarted.json");
    EXPECT_TRUE(entry(restarted, "first-reduce")["solved"].get<bool>());
    EXPECT_EQ(entry(restarted, "bank-conflicts")["attempts"], 2);
    EXPECT_EQ(entry(restarted, "bank-conflicts")["hints"], 1);
    const auto reset = readJson(d + "/reset.json");
    EXPECT_EQ(entry(reset, "bank-conflicts")["attempts"], 0);
    EXPECT_EQ(entry(reset, "bank-conflicts")["hints"], 0);
    EXPECT_TRUE(entry(reset, "first-reduce")["solved"].get<bool>());
    EXPECT_FALSE(std::filesystem::exists(attempts + "/03-bank-conflicts.cl"));
}

TEST(Course, ABadExercisesDirectoryIsAMessageNotACrash) {
    const std::string d = tempDir("course");
    const AppRun r = runApp(d, "--config-dir " + d + "/cfg --no-save --exercises " + d +
                                   "/nowhere --script \"wait-trace;course:open;frames:2;shot:" + d + "/none.png;quit\"",
                            "XDG_DATA_HOME=" + d + "/data");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot s;
    ASSERT_TRUE(loadShot(d + "/none.png", &s));
    EXPECT_TRUE(s.geometry["course"]["open"].get<bool>());
    EXPECT_EQ(s.geometry["course"]["count"], 0);
    bool said = false;
    for (const auto& m : s.geometry["messages"]) said = said || m.dump().find("cannot read the exercises") != std::string::npos;
    EXPECT_TRUE(said) << s.geometry["messages"].dump();
}

TEST(Course, TheListsTitlesWrapWholeInANarrowColumn) {
    // On a laptop's window with larger text the list's column is narrow: a title too long for it ("2. Remove the
    // divergent branch") goes on a second line, its row taller, instead of being cut at the column's edge.
    const std::string d = tempDir("course");
    for (const std::string& keys : {std::string(), std::string("key:ctrl+equal;key:ctrl+equal;settle;")}) {
        const AppRun r = runApp(d, "--config-dir " + d + "/cfg --no-save --size 1280x800 --script \"wait-trace;" +
                                       keys + "course:open;frames:4;shot:" + d + "/list.png;quit\"",
                                "XDG_DATA_HOME=" + d + "/data");
        ASSERT_EQ(r.exitCode, 0) << r.err;
        Shot s;
        ASSERT_TRUE(loadShot(d + "/list.png", &s));
        const auto& course = s.geometry["course"];
        const std::string what = keys.empty() ? "normal text" : "larger text";
        ASSERT_GT(course["count"].get<int>(), 10) << what;
        EXPECT_TRUE(course["titlesFit"].get<bool>()) << what;
        if (!keys.empty()) EXPECT_GT(course["wrappedTitles"].get<int>(), 0) << what << ": no title needed two lines?";
    }
}

}  // namespace
}  // namespace rl::apptest
