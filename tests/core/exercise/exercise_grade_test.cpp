// Grading attempts adversarially (the real binary, on the device and Oclgrind): wrong kernels that a kind test
// would pass fail here with the intended message, a good one passes, and grading a directory gives one row per
// submission, a broken build and a kernel that never ends included, and the right CSV.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/process/child_process.h"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using rl::process::ChildResult;

std::string kernel(const std::string& name) { return std::string(RL_EXERCISE_KERNELS) + "/" + name; }
std::string workbenchKernel(const std::string& name) { return std::string(RL_WORKBENCH_KERNELS) + "/" + name; }

struct Graded {
    int exitCode;
    json j;
};

Graded check(const std::string& id, const std::string& file, std::vector<std::string> more = {}) {
    std::vector<std::string> args = {RL_REDUCELAB_BIN, "exercise", "check", id, "--kernel", file, "--json"};
    args.insert(args.end(), more.begin(), more.end());
    const ChildResult r = rl::process::runProgram(args, 600);
    EXPECT_TRUE(r.exited()) << r.describe() << r.err;
    try {
        return {r.exitCode, json::parse(r.out)};
    } catch (const json::exception& e) {
        ADD_FAILURE() << "not JSON: " << e.what() << "\n" << r.out << r.err;
        return {r.exitCode, json::object()};
    }
}

const json& checkOf(const json& grade, const std::string& kind) {
    for (const json& c : grade.at("checks"))
        if (c.at("kind") == kind) return c;
    static const json none = json::object();
    ADD_FAILURE() << "no check " << kind << " in " << grade.dump(1);
    return none;
}

TEST(ExerciseGrade, ASolutionPassesWithItsSeedShown) {
    const Graded g = check("first-reduce", std::string(RL_EXERCISES) + "/01-first-reduce/solution.cl",
                           {"--seed", "4242"});
    EXPECT_EQ(g.exitCode, 0) << g.j.dump(1);
    EXPECT_EQ(g.j.at("status"), "pass");
    EXPECT_EQ(g.j.at("seed"), 4242);
    EXPECT_EQ(g.j.at("score"), g.j.at("max_score"));
    EXPECT_EQ(g.j.at("runs").size(), 2u);  // work-groups of 64 and 256
    EXPECT_FALSE(g.j.at("report").is_null());
}

// A min or max padded with 0 fails whatever the hidden data: seed 1048335781 drew values of both signs at every size,
// where padding with 0 changes nothing, and graded the 0-padded starter right until every value of one case was put on
// the side where the padding shows.
TEST(ExerciseGrade, PaddingAMinOrMaxWith0FailsWhateverTheSeed) {
    const Graded g = check("min-max", std::string(RL_EXERCISES) + "/07-min-max/starter.cl", {"--seed", "1048335781"});
    EXPECT_EQ(g.j.at("status"), "fail") << g.j.dump(1);
    const json& correct = checkOf(g.j, "correct");
    EXPECT_EQ(correct.at("passed"), false);
    // The only size it fails: the one whose values all lie where the padding shows.
    EXPECT_NE(correct.at("message").get<std::string>().find("above 0 for a min"), std::string::npos)
        << correct.dump(1);
}

TEST(ExerciseGrade, AMissingBarrierThatGivesTheRightSumStillFailsAsARace) {
    const Graded g = check("first-reduce", kernel("racy_but_right.cl"));
    EXPECT_EQ(g.exitCode, 1) << g.j.dump(1);
    const json& race = checkOf(g.j, "no_races");
    EXPECT_FALSE(race.at("passed").get<bool>());
    EXPECT_NE(race.at("message").get<std::string>().find("data race on scratch["), std::string::npos) << race;
    EXPECT_GT(race.at("line").get<int>(), 0);
    // Where work-items run in the order of their ids (PoCL on a CPU, as in CI), the sum itself comes out right.
    if (g.j.at("device").get<std::string>().find("pthread") != std::string::npos)
        EXPECT_TRUE(checkOf(g.j, "correct").at("passed").get<bool>());
}

TEST(ExerciseGrade, ReadingUnwrittenScratchFails) {
    const Graded g = check("any-n", kernel("skips_padding.cl"));
    EXPECT_EQ(g.exitCode, 1);
    const json& before = checkOf(g.j, "no_read_before_write");
    EXPECT_FALSE(before.at("passed").get<bool>()) << before;
    EXPECT_NE(before.at("message").get<std::string>().find("before any work-item wrote it"), std::string::npos)
        << before;
    EXPECT_GE(before.at("cell").get<int>(), 0);
    EXPECT_FALSE(checkOf(g.j, "correct").at("passed").get<bool>());
}

TEST(ExerciseGrade, AHardCodedWorkGroupSizeFailsAtTheOtherSize) {
    const Graded g = check("first-reduce", kernel("hard_coded_wg.cl"));
    EXPECT_EQ(g.exitCode, 1);
    const json& correct = checkOf(g.j, "correct");
    EXPECT_FALSE(correct.at("passed").get<bool>());
    EXPECT_EQ(correct.at("wg"), 256) << correct;
}

TEST(ExerciseGrade, AKernelRightOnlyForWholeGroupsFailsOnOtherSizes) {
    const Graded g = check("first-reduce", workbenchKernel("ignores_n.cl"));
    EXPECT_EQ(g.exitCode, 1);
    EXPECT_FALSE(checkOf(g.j, "correct").at("passed").get<bool>());
    EXPECT_FALSE(checkOf(g.j, "no_out_of_bounds").at("passed").get<bool>());
}

TEST(ExerciseGrade, ReadingInputTwiceIsSeenInTheLoads) {
    const Graded g = check("first-add", kernel("reads_twice.cl"));
    EXPECT_EQ(g.exitCode, 1);
    const json& once = checkOf(g.j, "reads_each_input_once");
    EXPECT_FALSE(once.at("passed").get<bool>());
    EXPECT_NE(once.at("message").get<std::string>().find("read more than once"), std::string::npos) << once;
}

TEST(ExerciseGrade, AKernelThatDoesNotBuildIsExitStatusTwo) {
    const Graded g = check("first-reduce", workbenchKernel("typo.cl"));
    EXPECT_EQ(g.exitCode, 2);
    EXPECT_EQ(g.j.at("status"), "error");
    EXPECT_NE(g.j.at("error").get<std::string>().find("does not build"), std::string::npos) << g.j.at("error");
    // Graded out of the exercise's points, not out of nothing: every check is there, failed, and says why
    EXPECT_EQ(g.j.at("score"), 0);
    EXPECT_EQ(g.j.at("max_score"), 5);
    ASSERT_EQ(g.j.at("checks").size(), 5u) << g.j.at("checks");
    for (const json& c : g.j.at("checks")) {
        EXPECT_EQ(c.at("state"), "failed") << c;
        EXPECT_EQ(c.at("score"), 0) << c;
        EXPECT_EQ(c.at("message"), "not run: the kernel does not build (above)") << c;
    }
}

TEST(ExerciseGrade, GradescopeAndClassroomFilesAreWrittenEvenForAMissingSubmission) {
    const fs::path dir = fs::temp_directory_path() / ("reducelab-platform-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string gs = (dir / "results.json").string(), gc = (dir / "classroom.json").string();
    const ChildResult r = rl::process::runProgram(
        {RL_REDUCELAB_BIN, "exercise", "check", "missing-barrier", "--kernel",
         std::string(RL_EXERCISES) + "/06-missing-barrier/starter.cl", "--gradescope", gs, "--classroom", gc},
        600);
    EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
    std::ifstream in(gs);
    const json g = json::parse(in);
    EXPECT_LT(g.at("score").get<double>(), 4);
    EXPECT_EQ(g.at("tests").size(), 4u);
    std::ifstream inc(gc);
    const json c = json::parse(inc);
    EXPECT_EQ(c.at("status"), "fail");
    EXPECT_EQ(c.at("max_score"), 4);
    const ChildResult missing = rl::process::runProgram(
        {RL_REDUCELAB_BIN, "exercise", "check", "1", "--kernel", (dir / "nothere.cl").string(), "--gradescope", gs},
        60);
    EXPECT_EQ(missing.exitCode, 2);
    std::ifstream again(gs);
    const json m = json::parse(again);
    EXPECT_EQ(m.at("score"), 0);
    EXPECT_NE(m.at("output").get<std::string>().find("nothere.cl"), std::string::npos) << m.dump();
    fs::remove_all(dir);
}

TEST(ExerciseGrade, ADirectoryOfSubmissionsGivesOneRowEachAndTheCsv) {
    const fs::path dir = fs::temp_directory_path() / ("reducelab-grade-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir / "subs");
    fs::copy_file(std::string(RL_EXERCISES) + "/01-first-reduce/solution.cl", dir / "subs" / "alice.cl");
    fs::copy_file(workbenchKernel("typo.cl"), dir / "subs" / "bob.cl");
    fs::copy_file(workbenchKernel("never_ends.cl"), dir / "subs" / "carol.cl");
    fs::copy_file(workbenchKernel("typo.cl"), dir / "subs" / "=HYPERLINK(x).cl");  // a name a spreadsheet would run
    std::ofstream(dir / "subs" / "notes.txt") << "not a kernel";
    const std::string csv = (dir / "grades.csv").string();
    const ChildResult r = rl::process::runProgram(
        {RL_REDUCELAB_BIN, "exercise", "grade", "first-reduce", (dir / "subs").string(), "--csv", csv, "--timeout",
         "3"},
        600);
    EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("1 of 4 passed every check"), std::string::npos) << r.out;
    std::ifstream in(csv);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    ASSERT_EQ(lines.size(), 5u) << r.out;
    EXPECT_EQ(lines[0].rfind("file,status,score,max_score,seconds,", 0), 0u) << lines[0];
    EXPECT_EQ(lines[1].rfind("'=HYPERLINK(x).cl,error,0,", 0), 0u) << lines[1];  // text, not a formula
    lines.erase(lines.begin() + 1);
    EXPECT_EQ(lines[1].rfind("alice.cl,pass,5,5,", 0), 0u) << lines[1];
    EXPECT_EQ(lines[2].rfind("bob.cl,error,0,5,", 0), 0u) << lines[2];
    EXPECT_NE(lines[2].find(",0,0,0,0,0,"), std::string::npos) << lines[2];  // each check's column: none scored
    EXPECT_NE(lines[2].find("does not build"), std::string::npos) << lines[2];
    EXPECT_EQ(lines[3].rfind("carol.cl,fail,", 0), 0u) << lines[3];
    EXPECT_NE(lines[3].find("did not finish within 3 s"), std::string::npos) << lines[3];
    fs::remove_all(dir);
}

}  // namespace
