// For every exercise, a plausible wrong attempt (tests/data/exercise/attempts/NN-what.cl) fails the check it is meant
// to fail, with the intended message: the file's first line says which, `// expect KIND: words of the message`.
// Built twice: RL_TIMED_ATTEMPTS 1 takes the attempts meant to fail a timed check (slower than the starter, short of
// the copy), which ctest runs alone (another test's threads would slow the starter and the attempt unevenly); 0 the
// rest, with the tests below.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/process/child_process.h"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// Whether an attempt is meant to fail a timed check: its first line names one.
bool timedAttempt(const fs::path& file) {
    std::ifstream in(file);
    std::string first;
    std::getline(in, first);
    return first.rfind("// expect speedup_over_starter:", 0) == 0 || first.rfind("// expect percent_of_copy:", 0) == 0;
}

std::vector<std::string> attempts(bool all = false) {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(RL_EXERCISE_ATTEMPTS))
        if (e.path().extension() == ".cl" && (all || timedAttempt(e.path()) == bool(RL_TIMED_ATTEMPTS)))
            names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

class WrongAttempt : public testing::TestWithParam<std::string> {};

TEST_P(WrongAttempt, FailsTheIntendedCheckWithTheIntendedMessage) {
    const std::string file = std::string(RL_EXERCISE_ATTEMPTS) + "/" + GetParam();
    std::ifstream in(file);
    std::string first;
    std::getline(in, first);
    const std::string prefix = "// expect ";
    ASSERT_EQ(first.rfind(prefix, 0), 0u) << file << " must start with " << prefix << "KIND: message words";
    const size_t colon = first.find(": ");
    ASSERT_NE(colon, std::string::npos) << file << ": the first line must be // expect KIND: message words";
    const std::string kind = first.substr(prefix.size(), colon - prefix.size());
    const std::string words = first.substr(colon + 2);
    const std::string exercise = GetParam().substr(0, 2);
    const auto r = rl::process::runProgram({RL_REDUCELAB_BIN, "exercise", "check", exercise, "--kernel", file, "--json"},
                                             600);
    ASSERT_TRUE(r.exited()) << r.describe();
    EXPECT_EQ(r.exitCode, 1) << r.err;
    const json j = json::parse(r.out, nullptr, false);
    ASSERT_FALSE(j.is_discarded()) << "not JSON: " << r.out << r.err;
    EXPECT_EQ(j.at("status"), "fail");
    bool found = false;
    for (const json& c : j.at("checks")) {
        if (c.at("kind") != kind) continue;
        found = true;
        EXPECT_FALSE(c.at("passed").get<bool>()) << kind;
        EXPECT_NE(c.at("message").get<std::string>().find(words), std::string::npos) << c.at("message");
    }
    EXPECT_TRUE(found) << "exercise " << exercise << " has no check " << kind;
}

#if !RL_TIMED_ATTEMPTS
// Exercise 10's float-error check sums several inputs and counts the worst: a serial loop's rounding errors are a
// random walk that on some inputs ends near zero. With these seeds the first input alone gives the serial attempt
// 0.02-0.26 x FLT_EPSILON x sum|x| (found on the host: the same data, the same float loop), so a check of one input
// passed it; the worst of all of them fails it.
TEST(FloatErrorCheck, ASerialLoopFailsEvenWhereOneInputHappensToSumClose) {
    const std::string file = std::string(RL_EXERCISE_ATTEMPTS) + "/10-reverse-order.cl";
    for (const char* seed : {"56", "289", "347"}) {
        const auto r = rl::process::runProgram(
            {RL_REDUCELAB_BIN, "exercise", "check", "10", "--kernel", file, "--seed", seed, "--json"}, 600);
        ASSERT_TRUE(r.exited()) << r.describe();
        const json j = json::parse(r.out, nullptr, false);
        ASSERT_FALSE(j.is_discarded()) << "not JSON: " << r.out << r.err;
        bool found = false;
        for (const json& c : j.at("checks")) {
            if (c.at("kind") != "float_error") continue;
            found = true;
            EXPECT_FALSE(c.at("passed").get<bool>()) << "seed " << seed << ": " << c.at("message");
            EXPECT_NE(c.at("message").get<std::string>().find("the worst of 6 sums"), std::string::npos)
                << c.at("message");
        }
        EXPECT_TRUE(found) << "seed " << seed;
    }
}
#endif

std::string testName(const testing::TestParamInfo<std::string>& info) {
    std::string name = "e" + info.param.substr(0, info.param.size() - 3);
    std::replace(name.begin(), name.end(), '-', '_');
    return name;
}

INSTANTIATE_TEST_SUITE_P(Exercises, WrongAttempt, testing::ValuesIn(attempts()), testName);

#if !RL_TIMED_ATTEMPTS
TEST(WrongAttempts, EveryShippedExerciseHasOne) {
    const auto names = attempts(true);
    for (const auto& e : fs::directory_iterator(RL_EXERCISES)) {
        const std::string dir = e.path().filename().string();
        if (!e.is_directory() || dir.size() < 3 || !std::isdigit(static_cast<unsigned char>(dir[0]))) continue;
        const bool has = std::any_of(names.begin(), names.end(),
                                     [&](const std::string& n) { return n.compare(0, 2, dir, 0, 2) == 0; });
        EXPECT_TRUE(has) << dir << " has no wrong attempt in tests/data/exercise/attempts";
    }
}
#endif

}  // namespace
