// `reducelab exercise` as a student and a lecturer run it (the real binary): list, show, validate on broken
// exercises (the exit status and the message naming the problem), and clear refusals of bad input.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/process/child_process.h"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using rl::process::ChildResult;

ChildResult exercise(std::vector<std::string> args, double timeout = 600) {
    args.insert(args.begin(), {RL_REDUCELAB_BIN, "exercise"});
    return rl::process::runProgram(args, timeout);
}

fs::path scratch(const std::string& name) {
    const fs::path d = fs::temp_directory_path() / ("reducelab-excli-" + std::to_string(::getpid())) / name;
    fs::remove_all(d);
    fs::create_directories(d.parent_path());
    return d;
}

TEST(ExerciseCli, ListsTheCourseInOrder) {
    const ChildResult r = exercise({"list", "--json"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const json j = json::parse(r.out);
    ASSERT_GE(j.at("exercises").size(), 10u);
    EXPECT_EQ(j.at("exercises")[0].at("id"), "first-reduce");
    EXPECT_EQ(j.at("exercises")[9].at("id"), "float-roundoff");
    const ChildResult text = exercise({"list"});
    EXPECT_NE(text.out.find("missing-barrier"), std::string::npos) << text.out;
}

// The binary keeps a student's progress in $XDG_DATA_HOME: each test that reads or writes it gets its own.
struct ScratchProgress {
    fs::path dir;
    std::string old;
    bool had = false;
    explicit ScratchProgress(const std::string& name) : dir(scratch(name)) {
        if (const char* v = std::getenv("XDG_DATA_HOME")) had = true, old = v;
        setenv("XDG_DATA_HOME", dir.c_str(), 1);
    }
    ~ScratchProgress() {
        if (had) setenv("XDG_DATA_HOME", old.c_str(), 1);
        else unsetenv("XDG_DATA_HOME");
        fs::remove_all(dir);
    }
};

TEST(ExerciseCli, ShowsTheStatementAHintAndTheSolution) {
    const ScratchProgress progress("show");
    const ChildResult r = exercise({"show", "bank-conflicts"});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("# Remove the bank conflicts"), std::string::npos) << r.out;
    // Hints in order: the second only after the first, and the count is kept.
    const ChildResult early = exercise({"show", "3", "--hint", "2"});
    EXPECT_EQ(early.exitCode, 2);
    EXPECT_NE(early.err.find("read hint 1 first"), std::string::npos) << early.err;
    EXPECT_NE(exercise({"show", "3", "--hint", "1"}).out.find("Hint 1 of 2"), std::string::npos);
    const ChildResult h = exercise({"show", "3", "--hint", "2"});
    EXPECT_NE(h.out.find("Hint 2 of 2"), std::string::npos) << h.out;
    const json kept = json::parse(std::ifstream(progress.dir / "reducelab/exercises/progress.json"));
    EXPECT_EQ(kept.at("exercises").at("bank-conflicts").at("hints_revealed"), 2);
    const ChildResult bad = exercise({"show", "3", "--hint", "9"});
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_NE(bad.err.find("has 2 hints"), std::string::npos) << bad.err;
    const ChildResult starter = exercise({"show", "first-reduce", "--starter"});
    EXPECT_NE(starter.out.find("TODO"), std::string::npos) << starter.out;
    // The solution after an attempt (the lecturer's --lecturer shows it at once).
    const ChildResult before = exercise({"show", "3", "--solution"});
    EXPECT_EQ(before.exitCode, 2);
    EXPECT_EQ(before.out.find("__kernel"), std::string::npos) << before.out;
    EXPECT_NE(before.err.find("the solution is shown after an attempt"), std::string::npos) << before.err;
    const ChildResult lecturer = exercise({"show", "3", "--solution", "--lecturer"});
    EXPECT_NE(lecturer.out.find("__kernel void reduce"), std::string::npos) << lecturer.out;
    const fs::path mine = progress.dir / "mine.cl";
    std::ofstream(mine) << exercise({"show", "3", "--starter"}).out;
    const ChildResult attempt = exercise({"check", "3", "--kernel", mine.string(), "--record"});
    EXPECT_EQ(attempt.exitCode, 1) << attempt.out << attempt.err;  // the starter fails a check
    const ChildResult s = exercise({"show", "3", "--solution"});
    EXPECT_NE(s.out.find("__kernel void reduce"), std::string::npos) << s.out << s.err;
    const json after = json::parse(std::ifstream(progress.dir / "reducelab/exercises/progress.json"));
    EXPECT_EQ(after.at("exercises").at("bank-conflicts").at("attempts"), 1);
    EXPECT_TRUE(after.at("exercises").at("bank-conflicts").at("solution_shown").get<bool>());
}

TEST(ExerciseCli, BadInputIsAClearUsageError) {
    for (const auto& args : std::vector<std::vector<std::string>>{
             {"show", "no-such-exercise"}, {"frobnicate"}, {"check", "1"}, {"check", "1", "--kernel", "/nonexistent.cl"},
             {"list", "--colour", "red"}, {"grade", "1", "/nonexistent"}, {"list", "--exercises", "/nonexistent"},
             {"check", "1", "--kernel", "x.cl", "--seed", "-4"}}) {
        const ChildResult r = exercise(args);
        EXPECT_EQ(r.exitCode, 2) << args[0] << " " << r.err;
        EXPECT_NE(r.err.find("reducelab: "), std::string::npos) << r.err;
        EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line: " << r.err;
    }
}

TEST(ExerciseCli, ValidateNamesWhatIsWrongWithABrokenExercise) {
    const fs::path dir = scratch("01-broken");
    fs::copy(fs::path(RL_EXERCISES) / "01-first-reduce", dir);
    std::ofstream(dir / "exercise.json") << R"({"title": "T", "op": "sum", "type": "int", "work_group_sizes": [64],
                                               "checks": [{"kind": "no_race"}]})";
    const ChildResult r = exercise({"validate", dir.string()});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.out.find("FAIL  01-broken: exercise.json: checks[0]: unknown check kind 'no_race'"), std::string::npos)
        << r.out;
    fs::remove_all(dir.parent_path());
}

TEST(ExerciseCli, ValidateCatchesASolutionThatFailsAndAStarterThatPasses) {
    const fs::path dir = scratch("07-swapped");
    fs::copy(fs::path(RL_EXERCISES) / "06-missing-barrier", dir);
    fs::copy_file(dir / "starter.cl", dir / "tmp.cl");
    fs::copy_file(dir / "solution.cl", dir / "starter.cl", fs::copy_options::overwrite_existing);
    fs::copy_file(dir / "tmp.cl", dir / "solution.cl", fs::copy_options::overwrite_existing);
    fs::remove(dir / "tmp.cl");
    const ChildResult r = exercise({"validate", dir.string(), "--timeout", "20"});
    EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
    EXPECT_NE(r.out.find("solution.cl does not pass its own checks"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("no_races"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("starter.cl already passes every check"), std::string::npos) << r.out;
    fs::remove_all(dir.parent_path());
}

TEST(ExerciseCli, ValidateFormatOnlyAcceptsTheCourseDirectory) {
    const ChildResult r = exercise({"validate", RL_EXERCISES, "--format-only"});
    EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
    size_t oks = 0;
    for (size_t p = r.out.find("ok    "); p != std::string::npos; p = r.out.find("ok    ", p + 1)) ++oks;
    EXPECT_GE(oks, 10u) << r.out;
}

TEST(ExerciseCli, AnotherCourseDirectoryIsUsedWithExercises) {
    const fs::path dir = scratch("course");
    fs::create_directories(dir);
    fs::copy(fs::path(RL_EXERCISES) / "03-bank-conflicts", dir / "01-banks");
    const ChildResult r = exercise({"list", "--json", "--exercises", dir.string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const json j = json::parse(r.out);
    ASSERT_EQ(j.at("exercises").size(), 1u);
    EXPECT_EQ(j.at("exercises")[0].at("id"), "banks");
    fs::remove_all(dir.parent_path());
}

}  // namespace

namespace {

// The reducelab binary copied to a folder with no reducelab-sim beside it: a machine without the simulator.
struct WithoutSimulator {
    fs::path dir = scratch("nosim");
    std::string bin = (dir / "reducelab").string();
    WithoutSimulator() {
        fs::create_directories(dir);
        fs::copy_file(RL_REDUCELAB_BIN, bin);
    }
    ~WithoutSimulator() { fs::remove_all(dir); }
};

}  // namespace

TEST(ExerciseCli, WithoutTheSimulatorItsChecksAreNotGradedAndTheRestStill) {
    const WithoutSimulator machine;
    const std::string solution = std::string(RL_EXERCISES) + "/01-first-reduce/solution.cl";
    const ChildResult r = rl::process::runProgram(
        {machine.bin, "exercise", "check", "1", "--kernel", solution, "--seed", "7", "--json"}, 600);
    ASSERT_TRUE(r.exited()) << r.describe() << r.err;
    EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
    const json j = json::parse(r.out);
    EXPECT_EQ(j.at("status"), "pass");
    int notChecked = 0;
    for (const json& c : j.at("checks")) {
        if (c.at("kind") == "correct") EXPECT_EQ(c.at("state"), "passed") << c.dump();
        if (c.at("state") == "not_checked") {
            ++notChecked;
            EXPECT_NE(c.at("message").get<std::string>().find("Oclgrind"), std::string::npos) << c.dump();
        }
    }
    EXPECT_EQ(notChecked, 4) << j.at("checks").dump(1);  // races, uninitialised, bounds, barrier divergence
    EXPECT_EQ(j.at("max_score").get<double>(), 1.0);      // the score counts the graded check alone

    const ChildResult text = rl::process::runProgram(
        {machine.bin, "exercise", "check", "1", "--kernel", solution, "--seed", "7"}, 600);
    EXPECT_NE(text.out.find("not graded here"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("4 checks not graded here"), std::string::npos) << text.out;

    const ChildResult strict = rl::process::runProgram(
        {machine.bin, "exercise", "check", "1", "--kernel", solution, "--seed", "7", "--require-all", "--json"}, 600);
    EXPECT_EQ(strict.exitCode, 1) << strict.out << strict.err;
    EXPECT_EQ(json::parse(strict.out).at("status"), "fail");
}
