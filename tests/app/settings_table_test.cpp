// The run settings' one table (core/files/run_settings.h) walked through every front end that reads them: the command line,
// the explorer's options, the script's set:, the bench, sessions and the settings file. For every setting, each
// front end that takes it accepts the same values (and sets the same field) and refuses the same values with the
// same words; the help of the command line and of the explorer shows each setting's value name and help line.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "app/cli/cli.h"
#include "app/cli/options.h"
#include "app/gui/shell/options.h"
#include "app/gui/shell/script.h"
#include "app/gui/shell/startup.h"
#include "app/gui/state/settings.h"
#include "bench/options.h"
#include "core/files/json_io.h"
#include "core/catalogue/variant.h"
#include "core/files/run_settings.h"

namespace rl {
namespace {

// What a front end made of one value: the field's value as text, or the refusal's words.
struct Outcome {
    bool accepted = false;
    std::string value;  // settingText() of what was set, when the front end exposes the config
    std::string error;
};

// The rule itself: the reference every front end is held to.
Outcome core(const std::string& name, const std::string& text) {
    RunConfig c;
    try {
        setRunSetting(c, name, text, "X");
        return {true, settingText(c, name), ""};
    } catch (const Error& e) {
        return {false, "", std::string(e.what()).substr(3)};  // "X: " off: what was wrong and what to give
    }
}

std::vector<char*> argvOf(std::vector<std::string>& args) {
    std::vector<char*> v;
    for (auto& a : args) v.push_back(a.data());
    return v;
}

Outcome cli(const std::string& name, const std::string& text) {
    std::vector<std::string> args = {"reducelab", "trace", "--" + name, text};
    auto argv = argvOf(args);
    try {
        const cli::Options o = cli::parseOptions(cli::commandSpec("trace"), int(argv.size()), argv.data());
        return {true, settingText(o.config, name), ""};
    } catch (const std::exception& e) {
        return {false, "", e.what()};
    }
}

Outcome explorer(const std::string& name, const std::string& text) {
    std::vector<std::string> args = {"reducelab", "gui", "--" + name, text};
    auto argv = argvOf(args);
    gui::ExplorerOptions o;
    std::string error;
    if (!gui::parseOptions(int(argv.size()), argv.data(), &o, &error)) return {false, "", error};
    RunConfig c;
    gui::overrideConfig(c, o);  // what startup does with the options given
    return {true, settingText(c, name), ""};
}

Outcome script(const std::string& name, const std::string& text) {
    gui::Script s;
    std::string error;
    if (!s.parse("set:" + name + "=" + text + ";quit", &error)) return {false, "", error};
    return {true, "", ""};  // the value is set when the action runs, by the same rule (app_verbs.cpp)
}

// The bench takes wg, groups, seed, op and type (int and float alone).
std::optional<Outcome> bench(const std::string& name, const std::string& text) {
    if (name != "wg" && name != "groups" && name != "seed" && name != "op" && name != "type") return std::nullopt;
    std::vector<std::string> args = {"reducelab_bench", "--" + name, text};
    auto argv = argvOf(args);
    bench::BenchOptions o;
    std::string error;
    if (!bench::parseOptions(int(argv.size()), argv.data(), o, &error)) return Outcome{false, "", error};
    RunConfig c;
    c.wg = o.wg, c.groups = o.groups, c.seed = o.seed, c.op = o.op, c.type = o.type;
    return Outcome{true, settingText(c, name), ""};
}

// Sessions keep numbers as numbers and words as words, under the command line's names; n (a trace's index range)
// and variant (a student's kernel's name) are read by rules of their own.
std::optional<Outcome> session(const std::string& name, const std::string& text) {
    const std::map<std::string, std::string> keys = {
        {"op", "op"},     {"type", "type"}, {"data", "data"},   {"wg", "wg"},       {"seed", "seed"},
        {"epi", "epi"},   {"simd", "simd"}, {"banks", "banks"}, {"bank-width", "bank-width"},
        {"final", "final"}, {"groups", "groups"}, {"bins", "bins"}, {"range", "range"}};
    if (!keys.count(name)) return std::nullopt;
    const RunSettingSpec& spec = *findRunSetting(name);
    nlohmann::json j = json::config(RunConfig{});
    if (spec.kind == SettingKind::Integer) {
        size_t used = 0;
        try {
            j[keys.at(name)] = std::stoll(text, &used);
        } catch (const std::exception&) {
        }
        if (used == 0 || used != text.size()) return std::nullopt;  // not a number: JSON cannot hold it as one
    } else {
        j[keys.at(name)] = text;
    }
    try {
        return Outcome{true, settingText(json::readConfig(j), name), ""};
    } catch (const Error& e) {
        return Outcome{false, "", e.what()};
    }
}

Outcome settingsFile(const std::string& name, const std::string& text) {
    const std::string dir = ::testing::TempDir() + "/reducelab-settings-table";
    std::filesystem::create_directories(dir);
    nlohmann::json j;
    j["window"] = {{"x", 0}, {"y", 0}, {"width", 1280}, {"height", 800}};
    j["problem"] = {{name, text}};
    std::ofstream(dir + "/settings.json") << j.dump();
    std::string warning;
    const gui::Settings s = gui::loadSettings(dir, &warning);
    if (!warning.empty()) return {false, "", warning};
    return {true, settingText(s.config, name), ""};
}

// Values to try: the ends of each range and one past them, words of each list and one that is not.
std::vector<std::string> samples(const RunSettingSpec& s) {
    if (s.kind == SettingKind::Integer)
        return {std::to_string(s.range.lo), std::to_string((s.range.lo + s.range.hi) / 2), std::to_string(s.range.hi),
                std::to_string(s.range.lo - 1), std::to_string(s.range.hi + 1), "12abc"};
    if (s.kind == SettingKind::Size) return {"1", "2^20", "1M", "0", "12q", "2^41"};
    if (s.name == "pattern") return {"reduce", "scan", "histogram", "sort"};
    if (s.name == "exclusive") return {"on", "off", "yes"};
    if (s.name == "variant") return {"first-add", "sequential", "nope"};
    if (s.name == "op") return {"sum", "min", "max", "product"};
    if (s.name == "type") return {"int", "float", "long", "double", "half"};
    if (s.name == "data") return {"0-9", "0-99", "random", "ones", "iota", "floats", "zipf", "constant", "0-999", "file:",
                                  "text:"};
    if (s.name == "range") return {"0,256", "-1.5,2.25", "data", "2,1", "1,1", "a,b", "5"};
    if (s.name == "final") return {"host", "device", "gpu"};
    ADD_FAILURE() << "a setting the walk has no values for: " << s.name;
    return {};
}

void expectSame(const char* front, const std::string& name, const std::string& text, const Outcome& want,
                const Outcome& got, bool comparesValue = true) {
    SCOPED_TRACE(std::string(front) + " --" + name + " " + text);
    ASSERT_EQ(got.accepted, want.accepted) << got.error;
    if (want.accepted && comparesValue && !got.value.empty()) EXPECT_EQ(got.value, want.value);
    if (!want.accepted) EXPECT_NE(got.error.find(": " + want.error), std::string::npos) << got.error;
}

TEST(SettingsTable, EveryFrontEndAcceptsAndRefusesTheSameValuesWithTheSameWords) {
    int walked = 0;
    for (const RunSettingSpec& s : runSettings()) {
        const std::string name(s.name);
        for (const std::string& text : samples(s)) {
            const Outcome want = core(name, text);
            // A flag is given bare on the command lines (TheExclusiveFlag... below), as a word elsewhere.
            const bool flag = s.kind == SettingKind::Flag;
            if (!flag) expectSame("reducelab trace", name, text, want, cli(name, text));
            if (name != "variant" && !flag) expectSame("reducelab gui", name, text, want, explorer(name, text));
            expectSame("script", name, text, want, script(name, text));
            if (auto b = bench(name, text)) {
                const bool benchType = name == "type" && (text == "long" || text == "double");
                if (!benchType) expectSame("reducelab_bench", name, text, want, *b);
                else EXPECT_FALSE(b->accepted) << "the bench measures int and float alone";
            }
            if (auto j = session(name, text)) expectSame("session", name, text, want, *j);
            expectSame("settings file", name, text, want, settingsFile(name, text));
            ++walked;
        }
    }
    EXPECT_GE(walked, 13 * 3);
}

TEST(SettingsTable, WhatZeroMeansIsAcceptedWhereTheTableSaysItMeansSomething) {
    for (const RunSettingSpec& s : runSettings()) {
        if (s.kind != SettingKind::Integer) continue;
        SCOPED_TRACE(std::string(s.name));
        EXPECT_EQ(core(std::string(s.name), "0").accepted, s.range.lo == 0);
        if (!s.zero.empty()) EXPECT_EQ(s.range.lo, 0) << "a meaning for 0 that the range refuses";
    }
    EXPECT_EQ(findRunSetting("simd")->zero, "the device's");
    EXPECT_TRUE(core("simd", "0").accepted);
    EXPECT_TRUE(core("epi", "0").accepted);
}

TEST(SettingsTable, TheHelpOfTheCommandLineAndOfTheExplorerShowsEverySetting) {
    std::vector<std::string> args = {"reducelab", "trace", "--help"};
    auto argv = argvOf(args);
    const cli::Options o = cli::parseOptions(cli::commandSpec("trace"), int(argv.size()), argv.data());
    ASSERT_TRUE(o.help);
    const std::string guiHelp = gui::helpText();
    for (const RunSettingSpec& s : runSettings()) {
        SCOPED_TRACE(std::string(s.name));
        const std::string option = "--" + std::string(s.name) + " " + std::string(s.value);
        EXPECT_NE(o.helpText.find(option), std::string::npos) << o.helpText;
        EXPECT_NE(o.helpText.find(std::string(s.help.substr(0, 20))), std::string::npos) << o.helpText;
        EXPECT_NE(guiHelp.find(option), std::string::npos) << guiHelp;
        if (!s.zero.empty()) EXPECT_NE(guiHelp.find("0: " + std::string(s.zero)), std::string::npos) << guiHelp;
    }
}

// --exclusive is a bare flag on both command lines (a scan's: the trace's command line refuses it for a reduction);
// a settings file and a script say on or off, and a settings file keeps it.
TEST(SettingsTable, TheExclusiveFlagIsBareOnTheCommandLinesAndAWordInFiles) {
    auto cliConfig = [](std::vector<std::string> args) {
        auto argv = argvOf(args);
        return cli::parseOptions(cli::commandSpec("trace"), int(argv.size()), argv.data()).config;
    };
    EXPECT_TRUE(cliConfig({"reducelab", "trace", "--pattern", "scan", "--exclusive"}).exclusive);
    EXPECT_FALSE(cliConfig({"reducelab", "trace", "--pattern", "scan"}).exclusive);
    EXPECT_THROW(cliConfig({"reducelab", "trace", "--exclusive"}), std::exception);
    std::vector<std::string> args = {"reducelab", "gui", "--pattern", "scan", "--exclusive"};
    auto argv = argvOf(args);
    gui::ExplorerOptions o;
    std::string error;
    ASSERT_TRUE(gui::parseOptions(int(argv.size()), argv.data(), &o, &error)) << error;
    RunConfig c = defaultRunConfig();
    gui::overrideConfig(c, o);
    EXPECT_TRUE(c.exclusive);
    EXPECT_EQ(settingText(c, "pattern"), "scan");
    EXPECT_EQ(settingsFile("exclusive", "on").value, "on");
    EXPECT_FALSE(settingsFile("exclusive", "yes").accepted);
    // Saved and read back: the explorer reopens on an exclusive scan.
    const std::string dir = ::testing::TempDir() + "/reducelab-settings-exclusive";
    std::filesystem::create_directories(dir);
    gui::Settings s = gui::defaultSettings();
    s.config = c;
    ASSERT_TRUE(gui::saveSettings(dir, s, &error)) << error;
    std::string warning;
    const gui::Settings back = gui::loadSettings(dir, &warning);
    EXPECT_EQ(warning, "");
    EXPECT_TRUE(back.config.exclusive);
    EXPECT_EQ(settingText(back.config, "pattern"), "scan");
    EXPECT_EQ(back.config.variant, c.variant);
}

// A setting left out means one thing everywhere: the table's default. Each front end, given nothing, starts from it.
TEST(SettingsTable, EveryFrontEndLeftToItselfStartsFromTheTablesOneDefault) {
    const RunConfig& d = defaultRunConfig();
    std::vector<std::string> traceArgs = {"reducelab", "trace"};
    auto argv = argvOf(traceArgs);
    const cli::Options trace = cli::parseOptions(cli::commandSpec("trace"), int(argv.size()), argv.data());
    std::vector<std::string> runArgs = {"reducelab", "run"};
    argv = argvOf(runArgs);
    const cli::Options run = cli::parseOptions(cli::commandSpec("run"), int(argv.size()), argv.data());
    const gui::Settings explorer = gui::defaultSettings();
    // A settings file that names no setting, and a session of the first kind (no groups, bins or range yet).
    const std::string dir = ::testing::TempDir() + "/reducelab-settings-defaults";
    std::filesystem::create_directories(dir);
    std::ofstream(dir + "/settings.json") << R"({"window": {"x": 0, "y": 0, "width": 1280, "height": 800},
        "problem": {}})";
    std::string warning;
    const gui::Settings file = gui::loadSettings(dir, &warning);
    EXPECT_EQ(warning, "");
    nlohmann::json j = json::config(d);
    for (const char* newer : {"groups", "bins", "range"}) j.erase(newer);
    const RunConfig session = json::readConfig(j);
    for (const RunSettingSpec& s : runSettings()) {
        SCOPED_TRACE(std::string(s.name));
        EXPECT_EQ(settingText(d, s.name), s.byDefault) << "a default the setting's own rule reads otherwise";
        EXPECT_EQ(settingText(trace.config, s.name), s.byDefault);
        EXPECT_EQ(settingText(run.config, s.name), s.byDefault);
        EXPECT_EQ(settingText(explorer.config, s.name), s.byDefault);
        EXPECT_EQ(settingText(file.config, s.name), s.byDefault);
        EXPECT_EQ(settingText(session, s.name), s.byDefault);
    }
    // The explorer's first screen: 64 digits in work-groups of 16, summed as ints.
    EXPECT_EQ(d.n, 64u);
    EXPECT_EQ(d.wg, 16u);
    EXPECT_EQ(d.type, ElemType::Int);
    EXPECT_EQ(d.data, DataPattern::Digits);
}

// Left out, the work-group size is the table's, raised to the least a variant runs with (the warp-synchronous tail's
// 64) rather than refused; given, it is taken as it is (and a size the variant cannot take is refused when it runs).
TEST(SettingsTable, AVariantThatNeedsLargerGroupsTakesItsLeastWhenWgIsLeftOut) {
    auto wgOf = [](std::vector<std::string> args) {
        auto argv = argvOf(args);
        return cli::parseOptions(cli::commandSpec("trace"), int(argv.size()), argv.data()).config.wg;
    };
    ASSERT_EQ(findVariant("unroll-last-warp")->minWorkGroup, 64);
    EXPECT_EQ(wgOf({"reducelab", "trace", "--variant", "unroll-last-warp"}), 64u);
    EXPECT_EQ(wgOf({"reducelab", "trace", "--variant", "unroll-last-warp", "--wg", "32"}), 32u);
    EXPECT_EQ(wgOf({"reducelab", "trace", "--variant", "sequential"}), 16u);
}

TEST(SettingsTable, TheHelpNamesEachSettingsDefault) {
    std::vector<std::string> args = {"reducelab", "run", "--help"};
    auto argv = argvOf(args);
    const cli::Options o = cli::parseOptions(cli::commandSpec("run"), int(argv.size()), argv.data());
    ASSERT_TRUE(o.help);
    for (const RunSettingSpec& s : runSettings()) {
        SCOPED_TRACE(std::string(s.name));
        EXPECT_NE(o.helpText.find("default " + std::string(s.byDefault)), std::string::npos) << o.helpText;
    }
}

// The explorer's lists (data, op, type, simd, banks, bank width) are the table's: each value offered is one the
// setting's rule takes, and the histogram's data are among them.
TEST(SettingsTable, TheExplorersListsAreTheTablesChoicesAndEachIsAccepted) {
    int offered = 0;
    for (const RunSettingSpec& s : runSettings()) {
        for (const std::string& choice : settingChoices(s.name)) {
            SCOPED_TRACE(std::string(s.name) + " " + choice);
            EXPECT_TRUE(core(std::string(s.name), choice).accepted) << core(std::string(s.name), choice).error;
            ++offered;
        }
    }
    EXPECT_EQ(settingChoices("simd"), (std::vector<std::string>{"0", "4", "8", "16", "32", "64"}));
    EXPECT_EQ(settingChoices("op"), (std::vector<std::string>{"sum", "min", "max"}));
    EXPECT_EQ(settingChoices("bank-width"), (std::vector<std::string>{"4", "8"}));
    const auto data = settingChoices("data");
    for (const char* d : {"0-9", "random", "zipf", "constant"})
        EXPECT_NE(std::find(data.begin(), data.end(), d), data.end()) << d;
    EXPECT_TRUE(settingChoices("n").empty());
    EXPECT_TRUE(settingChoices("wg").empty());
    EXPECT_GE(offered, 3 + 4 + 8 + 2 + 6 + 4 + 2);
}

TEST(SettingsTable, ASettingsFileKeepsEverySettingAsTheCommandLineWouldGiveIt) {
    const std::string dir = ::testing::TempDir() + "/reducelab-settings-roundtrip";
    std::filesystem::create_directories(dir);
    gui::Settings s = gui::defaultSettings();
    RunConfig& c = s.config;
    for (const auto& [name, text] : std::vector<std::pair<std::string, std::string>>{
             {"variant", "first-add"}, {"n", "4096"}, {"op", "max"}, {"type", "long"}, {"wg", "128"},
             {"data", "iota"}, {"seed", "7"}, {"epi", "4"}, {"final", "host"}, {"simd", "64"}, {"banks", "16"},
             {"bank-width", "8"}, {"groups", "12"}, {"exclusive", "on"}})
        setRunSetting(c, name, text, "--" + name);
    std::string error;
    ASSERT_TRUE(gui::saveSettings(dir, s, &error)) << error;
    std::string warning;
    const gui::Settings back = gui::loadSettings(dir, &warning);
    EXPECT_EQ(warning, "");
    for (const RunSettingSpec& spec : runSettings())
        EXPECT_EQ(settingText(back.config, spec.name), settingText(c, spec.name)) << spec.name;
}

TEST(SettingsTable, AnOlderSettingsFileIsReadAndABadValueIsNamedNotClamped) {
    const std::string dir = ::testing::TempDir() + "/reducelab-settings-old";
    std::filesystem::create_directories(dir);
    // As the explorer wrote it before the settings were declared once: numbers, camelCase keys.
    std::ofstream(dir + "/settings.json") << R"({"window": {"x": 0, "y": 0, "width": 1280, "height": 800},
        "problem": {"variant": "first-add", "n": 256, "wg": 100000, "elemsPerItem": 8, "simdWidth": 64,
                    "op": "min", "type": "int", "data": "ones", "dataFile": "", "seed": 3, "banks": 32}})";
    std::string warning;
    const gui::Settings s = gui::loadSettings(dir, &warning);
    EXPECT_EQ(s.config.variant, "first-add");
    EXPECT_EQ(s.config.n, 256u);
    EXPECT_EQ(s.config.elemsPerItem, 8);
    EXPECT_EQ(s.config.simdWidth, 64);
    EXPECT_EQ(s.config.op, Op::Min);
    EXPECT_EQ(s.config.data, DataPattern::Ones);
    EXPECT_EQ(s.config.wg, gui::defaultSettings().config.wg) << "a wg the command line refuses is not clamped";
    EXPECT_NE(warning.find("settings: wg: 100000 is out of range; give a number between 1 and 65536"),
              std::string::npos)
        << warning;
}

// Without --wg the bench times each variant at its own size (chunked-look-back on a CPU: 32) and its own kernels at
// 256; a --wg given holds for every variant, on any device.
TEST(SettingsTable, TheBenchTimesEachVariantAtItsOwnWorkGroupUnlessToldOne) {
    bench::BenchOptions o;
    std::string error;
    std::vector<std::string> none = {"reducelab_bench"};
    auto argv = argvOf(none);
    ASSERT_TRUE(bench::parseOptions(int(argv.size()), argv.data(), o, &error)) << error;
    EXPECT_EQ(bench::variantWorkGroup(o, "chunked-look-back", true), 32u);
    EXPECT_EQ(bench::variantWorkGroup(o, "chunked-look-back", false), 256u);
    EXPECT_EQ(bench::variantWorkGroup(o, "decoupled-look-back", true), 256u);
    EXPECT_EQ(o.wg, 256u);
    std::vector<std::string> given = {"reducelab_bench", "--wg", "128"};
    argv = argvOf(given);
    bench::BenchOptions told;
    ASSERT_TRUE(bench::parseOptions(int(argv.size()), argv.data(), told, &error)) << error;
    EXPECT_EQ(bench::variantWorkGroup(told, "chunked-look-back", true), 128u);
    EXPECT_EQ(bench::variantWorkGroup(told, "decoupled-look-back", false), 128u);
    EXPECT_NE(bench::usage().find("chunked-look-back: 32"), std::string::npos) << bench::usage();
}

}  // namespace
}  // namespace rl
