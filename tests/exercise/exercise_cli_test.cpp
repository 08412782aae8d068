// `reducelab exercise` as a student and a lecturer run it (the real binary): list, show, validate on broken
// exercises (the exit status and the message naming the problem), and clear refusals of bad input.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/workbench/child_process.h"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using rl::workbench::ChildResult;

ChildResult exercise(std::vector<std::string> args, double timeout = 600) {
    args.insert(args.begin(), {RL_REDUCELAB_BIN, "exercise"});
    return rl::workbench::runProgram(args, timeout);
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

TEST(ExerciseCli, ShowsTheStatementAHintAndTheSolution) {
    const ChildResult r = exercise({"show", "bank-conflicts"});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("# Remove the bank conflicts"), std::string::npos) << r.out;
    const ChildResult h = exercise({"show", "3", "--hint", "2"});
    EXPECT_NE(h.out.find("Hint 2 of 2"), std::string::npos) << h.out;
    const ChildResult bad = exercise({"show", "3", "--hint", "9"});
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_NE(bad.err.find("has 2 hints"), std::string::npos) << bad.err;
    const ChildResult starter = exercise({"show", "first-reduce", "--starter"});
    EXPECT_NE(starter.out.find("TODO"), std::string::npos) << starter.out;
    const ChildResult s = exercise({"show", "3", "--solution"});
    EXPECT_NE(s.out.find("__kernel void reduce"), std::string::npos) << s.out;
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
