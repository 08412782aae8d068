// The exercise format: the shipped course reads (at least ten, in order, each with hints and checks), and every kind
// of malformed exercise is refused with a message naming the file, field or kind that is wrong.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "core/exercise/exercise_set.h"

namespace {

namespace fs = std::filesystem;
using namespace rl::exercise;

// A scratch copy of a shipped exercise to break.
struct Copy {
    fs::path dir;
    explicit Copy(const std::string& name) {
        dir = fs::temp_directory_path() / ("reducelab-exercise-test-" + std::to_string(::getpid())) / name;
        fs::remove_all(dir);
        fs::create_directories(dir.parent_path());
        fs::copy(fs::path(RL_EXERCISES) / "01-first-reduce", dir);
    }
    ~Copy() { fs::remove_all(dir.parent_path()); }
    void write(const std::string& file, const std::string& text) const { std::ofstream(dir / file) << text; }
    std::string error() const {
        try {
            readExerciseDir(dir.string());
        } catch (const rl::Error& e) {
            return e.what();
        }
        return "";
    }
};

const char* kGoodJson = R"({"title": "T", "op": "sum", "type": "int", "work_group_sizes": [64], "checks": [%s]})";

std::string withChecks(const std::string& checks) {
    char buf[512];
    std::snprintf(buf, sizeof buf, kGoodJson, checks.c_str());
    return buf;
}

TEST(ExerciseFormat, TheShippedCourseHasTenOrderedExercisesWithHintsAndChecks) {
    const ExerciseSet set = exercisesIn(RL_EXERCISES);
    EXPECT_TRUE(set.problems.empty()) << set.problems.front();
    ASSERT_GE(set.exercises.size(), 10u);
    for (size_t i = 0; i < set.exercises.size(); ++i) {
        const Exercise& e = set.exercises[i];
        EXPECT_EQ(e.order, int(i + 1)) << e.dirName;
        EXPECT_GE(e.hints.size(), 2u) << e.id;
        EXPECT_FALSE(e.checks.empty()) << e.id;
        EXPECT_NE(e.starter, e.solution) << e.id;
        EXPECT_NE(e.statement.find("# "), std::string::npos) << e.id;
    }
    EXPECT_NE(set.find("first-reduce"), nullptr);
    EXPECT_EQ(set.find("3"), set.find("bank-conflicts"));
    EXPECT_EQ(set.find("01-first-reduce"), set.find("first-reduce"));
    EXPECT_EQ(set.find("nope"), nullptr);
}

TEST(ExerciseFormat, TheEmbeddedCourseEqualsTheSourceTree) {
    const ExerciseSet disk = exercisesIn(RL_EXERCISES), built = builtInExercises();
    ASSERT_EQ(built.exercises.size(), disk.exercises.size());
    for (size_t i = 0; i < disk.exercises.size(); ++i) {
        EXPECT_EQ(built.exercises[i].id, disk.exercises[i].id);
        EXPECT_EQ(built.exercises[i].solution, disk.exercises[i].solution);
        EXPECT_EQ(built.exercises[i].checks.size(), disk.exercises[i].checks.size());
    }
}

TEST(ExerciseFormat, HintsAreTheSectionsOfHintsMd) {
    const auto hints = splitHints("intro ignored\n## First\nbody one\n\n## Second\nbody two\n");
    ASSERT_EQ(hints.size(), 2u);
    EXPECT_EQ(hints[0], "First\nbody one");
    EXPECT_EQ(hints[1], "Second\nbody two");
}

TEST(ExerciseFormat, AMissingFileIsNamed) {
    Copy c("01-broken");
    fs::remove(c.dir / "solution.cl");
    EXPECT_NE(c.error().find("missing file solution.cl"), std::string::npos) << c.error();
}

TEST(ExerciseFormat, JsonThatDoesNotParseSaysWhere) {
    Copy c("01-broken");
    c.write("exercise.json", "{\"title\": \"x\",\n \"op\": }");
    EXPECT_NE(c.error().find("exercise.json is not valid JSON"), std::string::npos) << c.error();
    EXPECT_NE(c.error().find("line 2"), std::string::npos) << c.error();
}

TEST(ExerciseFormat, AnUnknownCheckKindListsTheKinds) {
    Copy c("01-broken");
    c.write("exercise.json", withChecks(R"({"kind": "fast_enough"})"));
    EXPECT_NE(c.error().find("checks[0]: unknown check kind 'fast_enough'"), std::string::npos) << c.error();
    EXPECT_NE(c.error().find("max_divergent_warps"), std::string::npos) << c.error();
}

TEST(ExerciseFormat, BadParametersAreNamed) {
    Copy c("01-broken");
    c.write("exercise.json", withChecks(R"({"kind": "correct"}, {"kind": "max_divergent_warps"})"));
    EXPECT_NE(c.error().find("checks[1] (max_divergent_warps) needs \"max\""), std::string::npos) << c.error();
    c.write("exercise.json", withChecks(R"({"kind": "bank_conflict_degree", "max": "one"})"));
    EXPECT_NE(c.error().find("(bank_conflict_degree).max must be a number"), std::string::npos) << c.error();
    c.write("exercise.json", withChecks(R"({"kind": "correct", "speed": 3})"));
    EXPECT_NE(c.error().find("unknown field 'speed'"), std::string::npos) << c.error();
    c.write("exercise.json", withChecks(R"({"kind": "matches_model", "variant": "fastest"})"));
    EXPECT_NE(c.error().find("'fastest' is not a built-in variant"), std::string::npos) << c.error();
    // Numbers the grader turns into sizes and counts are bounded (1e30 rounds would never end; 1e12 wraps an int).
    c.write("exercise.json", withChecks(R"({"kind": "speedup_over_starter", "min": 1.2, "rounds": 1e30})"));
    EXPECT_NE(c.error().find("(speedup_over_starter).rounds is 1e+30; give a whole number from 1 to 100"),
              std::string::npos) << c.error();
    c.write("exercise.json", withChecks(R"({"kind": "max_loading_groups", "elements_per_item": 1e12})"));
    EXPECT_NE(c.error().find("elements_per_item is 1e+12"), std::string::npos) << c.error();
    c.write("exercise.json", withChecks(R"({"kind": "max_stages", "extra": 1.5})"));
    EXPECT_NE(c.error().find("give a whole number"), std::string::npos) << c.error();
    c.write("exercise.json", withChecks(R"({"kind": "correct", "points": 1e9})"));
    EXPECT_NE(c.error().find("points is not a number from 0 to 1000"), std::string::npos) << c.error();
}

TEST(ExerciseFormat, BadFieldsAreNamed) {
    Copy c("01-broken");
    c.write("exercise.json", R"({"title": "T", "op": "product", "type": "int", "work_group_sizes": [64],
                                 "checks": [{"kind": "correct"}]})");
    EXPECT_NE(c.error().find("\"op\": unknown 'product'"), std::string::npos) << c.error();
    c.write("exercise.json", R"({"title": "T", "op": "sum", "type": "int", "work_group_sizes": [48],
                                 "checks": [{"kind": "correct"}]})");
    EXPECT_NE(c.error().find("work-group size 48 is not a power of two"), std::string::npos) << c.error();
    c.write("exercise.json", R"({"op": "sum", "type": "int", "work_group_sizes": [64], "checks": []})");
    EXPECT_NE(c.error().find("no \"title\""), std::string::npos) << c.error();
    c.write("exercise.json", R"({"title": "T", "op": "sum", "type": "int", "work_group_sizes": [64], "checks": [],
                                 "colour": "red"})");
    EXPECT_NE(c.error().find("unknown field \"colour\""), std::string::npos) << c.error();
}

TEST(ExerciseFormat, HintsWithoutSectionsAndBadNamesAreRefused) {
    Copy c("01-broken");
    c.write("hints.md", "just text, no heading\n");
    EXPECT_NE(c.error().find("hints.md has no hint"), std::string::npos) << c.error();
    Copy d("first-without-number");
    EXPECT_NE(d.error().find("must be NN-id"), std::string::npos) << d.error();
}

}  // namespace
