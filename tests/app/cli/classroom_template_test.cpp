// The GitHub Classroom template (docs/classroom-template): its workflow parsed as YAML, the autograding step's
// grading command found and run as the runner runs it (a shell in the repository's root, the built reducelab on
// PATH) on a right and a wrong reduce.cl: exit status 0 for the right one only. Its starter and points are
// exercise 1's.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/process/child_process.h"

namespace {

namespace fs = std::filesystem;
using rl::process::ChildResult;

const std::string kTemplate = RL_CLASSROOM_TEMPLATE;
const std::string kGrader = "classroom-resources/autograding-command-grader@";

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// The steps of every job of the workflow, in order.
std::vector<YAML::Node> steps(const YAML::Node& workflow) {
    std::vector<YAML::Node> all;
    for (const auto& job : workflow["jobs"])
        for (const auto& step : job.second["steps"]) all.push_back(step);
    return all;
}

YAML::Node workflow() { return YAML::LoadFile(kTemplate + "/.github/workflows/classroom.yml"); }

YAML::Node graderStep(const YAML::Node& w) {
    for (const YAML::Node& step : steps(w))
        if (step["uses"] && step["uses"].as<std::string>().rfind(kGrader, 0) == 0) return step;
    ADD_FAILURE() << "no step uses " << kGrader;
    return YAML::Node();
}

// Runs `command` as the workflow's shell would, in a checkout holding `kernel` as reduce.cl.
ChildResult runInCheckout(const std::string& command, const std::string& kernel, const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("reducelab-classroom-" + std::to_string(::getpid())) / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    fs::copy_file(kernel, dir / "reduce.cl");
    const std::string bin = fs::path(RL_REDUCELAB_BIN).parent_path().string();
    const ChildResult r = rl::process::runProgram(
        {"/bin/sh", "-c", "cd \"$1\" && PATH=\"$2:$PATH\" && " + command, "sh", dir.string(), bin}, 600);
    std::error_code ec;
    fs::remove_all(dir, ec);
    fs::remove(dir.parent_path(), ec);  // only once empty
    return r;
}

TEST(ClassroomTemplate, TheWorkflowIsOneGradingStepAndItsReporter) {
    const YAML::Node w = workflow();
    ASSERT_TRUE(w["jobs"].IsMap());
    const YAML::Node grader = graderStep(w);
    ASSERT_TRUE(grader.IsMap());
    const std::string id = grader["id"].as<std::string>();
    const YAML::Node with = grader["with"];
    EXPECT_FALSE(with["setup-command"].as<std::string>().empty());
    EXPECT_NE(with["setup-command"].as<std::string>().find("pocl-opencl-icd"), std::string::npos);
    EXPECT_GT(with["timeout"].as<int>(), 0);
    // max-score: exercise 1's points (one per check unless it says otherwise).
    const nlohmann::json spec =
        nlohmann::json::parse(slurp(std::string(RL_EXERCISES) + "/01-first-reduce/exercise.json"));
    double points = 0;
    for (const auto& c : spec.at("checks")) points += c.value("points", 1.0);
    EXPECT_EQ(with["max-score"].as<double>(), points);
    // The reporter reads that step's result.
    bool reported = false;
    for (const YAML::Node& step : steps(w)) {
        const std::string reporter = "classroom-resources/autograding-grading-reporter@";
        if (!step["uses"] || step["uses"].as<std::string>().rfind(reporter, 0) != 0) continue;
        reported = true;
        EXPECT_EQ(step["with"]["runners"].as<std::string>(), id);
        std::string upper = id;
        for (char& c : upper) c = char(std::toupper(static_cast<unsigned char>(c)));
        ASSERT_TRUE(step["env"][upper + "_RESULTS"]) << "the reporter has no " << upper << "_RESULTS";
        EXPECT_NE(step["env"][upper + "_RESULTS"].as<std::string>().find("steps." + id + ".outputs.result"),
                  std::string::npos);
    }
    EXPECT_TRUE(reported) << "no reporter step";
    // The student starts from exercise 1's starter.
    EXPECT_EQ(slurp(kTemplate + "/reduce.cl"), slurp(std::string(RL_EXERCISES) + "/01-first-reduce/starter.cl"));
}

TEST(ClassroomTemplate, TheGradingCommandPassesARightKernelAndFailsAWrongOne) {
    const YAML::Node grader = graderStep(workflow());
    ASSERT_TRUE(grader.IsMap());
    const std::string command = grader["with"]["command"].as<std::string>();
    ASSERT_FALSE(command.empty());
    const ChildResult right =
        runInCheckout(command, std::string(RL_EXERCISES) + "/01-first-reduce/solution.cl", "right");
    EXPECT_TRUE(right.exited()) << right.describe();
    EXPECT_EQ(right.exitCode, 0) << command << "\n" << right.out << right.err;
    const ChildResult wrong =
        runInCheckout(command, std::string(RL_EXERCISE_ATTEMPTS) + "/01-hard-coded-wg.cl", "wrong");
    EXPECT_TRUE(wrong.exited()) << wrong.describe();
    EXPECT_NE(wrong.exitCode, 0) << command << "\n" << wrong.out << wrong.err;
    EXPECT_NE(wrong.out.find("FAIL"), std::string::npos) << wrong.out;  // the log says which check failed
}

}  // namespace
