// The monkey's script (app/gui/shell/monkey.h): the same seed gives the same actions, every action is one the
// explorer's script takes, and a run covers the explorer's parts (not only the arrow keys).
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "app/gui/shell/monkey.h"
#include "app/gui/shell/script.h"

namespace rl::gui {
namespace {

std::set<std::string> verbsOf(const std::string& script) {
    std::set<std::string> verbs;
    size_t at = 0;
    while (at < script.size()) {
        size_t end = at;
        while (end < script.size() && !(script[end] == ';' && script[end - 1] != '\\')) ++end;
        const std::string action = script.substr(at, end - at);
        verbs.insert(action.substr(0, action.find(':')));
        at = end + 1;
    }
    return verbs;
}

TEST(Monkey, TheSameSeedGivesTheSameActionsAndAnotherSeedOthers) {
    MonkeySpec a{7, 400, "/tmp/out"}, b{7, 400, "/tmp/out"}, c{8, 400, "/tmp/out"};
    EXPECT_EQ(monkeyScript(a), monkeyScript(b));
    EXPECT_NE(monkeyScript(a), monkeyScript(c));
}

TEST(Monkey, EveryActionIsOneTheScriptTakesAndTheRunEndsByItself) {
    // Long runs too: seed 11's 200000 actions once held a typed text of one space, which the script trims away.
    for (uint64_t seed : {1u, 2u, 3u, 11u, 99u}) {
        const std::string s = monkeyScript({seed, seed == 11 ? 200000 : 500, "/tmp/out"});
        Script script;
        std::string error;
        EXPECT_TRUE(script.parse(s, &error)) << "seed " << seed << ": " << error;
        EXPECT_EQ(s.rfind("wait-trace;", 0), 0u);
        EXPECT_EQ(s.substr(s.size() - 5), ";quit");
    }
}

TEST(Monkey, ARunReachesEveryPartOfTheExplorer) {
    const std::set<std::string> verbs = verbsOf(monkeyScript({1, 2000, "/tmp/out"}));
    for (const char* v : {"key", "set", "pointer", "click", "variant", "compare", "tab", "hover", "classroom",
                          "predict", "timings", "kernel-edit-line", "kernel-goto", "type", "frames"})
        EXPECT_TRUE(verbs.count(v)) << v;
    EXPECT_TRUE(verbs.count("kernel-new") || verbs.count("kernel-edit"));
}

TEST(Monkey, ASpecIsSeedOrSeedAndActions) {
    MonkeySpec spec;
    std::string error;
    ASSERT_TRUE(parseMonkeySpec("12:345", &spec, &error)) << error;
    EXPECT_EQ(spec.seed, 12u);
    EXPECT_EQ(spec.actions, 345);
    ASSERT_TRUE(parseMonkeySpec("5", &spec, &error));
    EXPECT_EQ(spec.seed, 5u);
    EXPECT_FALSE(parseMonkeySpec("x:3", &spec, &error));
    EXPECT_NE(error.find("give SEED or SEED:ACTIONS"), std::string::npos) << error;
    EXPECT_FALSE(parseMonkeySpec("1:0", &spec, &error));
}

}  // namespace
}  // namespace rl::gui
