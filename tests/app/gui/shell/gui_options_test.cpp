// `reducelab gui` options (app/gui/shell/options.cpp, CLI11): --help by group with the script's actions after the
// options, and the parser's rules, all answered before any window opens.
#include <gtest/gtest.h>

#include <string>

#include "tests/support/app_run.h"

namespace rl::apptest {
namespace {

TEST(GuiOptions, HelpListsEveryGroupThenTheScriptAndKeys) {
    const std::string d = tempDir("guiopts");
    const AppRun r = runApp(d, "-h");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const size_t load = r.out.find("What to load"), window = r.out.find("Window and settings"),
                 script = r.out.find("Scripting and measurement"), actions = r.out.find("Script actions"),
                 keys = r.out.find("Keys: space play/pause");
    ASSERT_NE(load, std::string::npos) << r.out;
    EXPECT_LT(load, window);
    EXPECT_LT(window, script);
    EXPECT_LT(script, actions);
    EXPECT_LT(actions, keys);
    for (const char* option : {"--open FILE", "--variant ID", "--n N", "--data PATTERN", "--bank-width BYTES",
                               "--final device|host", "--size WxH", "--content-scale S", "--no-save",
                               "--quit-after SEC", "--script-timeout SEC"})
        EXPECT_NE(r.out.find(option), std::string::npos) << option;
}

TEST(GuiOptions, FlagsTakeNoValueAndValuesNeedOne) {
    const std::string d = tempDir("guiopts");
    AppRun r = runApp(d, "--play=1");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("option --play takes no value"), std::string::npos) << r.err;
    r = runApp(d, "--speed");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("option --speed needs a value (see reducelab gui --help)"), std::string::npos) << r.err;
    r = runApp(d, "--frobnicate");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("unknown option '--frobnicate' (see reducelab gui --help)"), std::string::npos) << r.err;
    // --name=value is one option; the value is read with the same rule.
    r = runApp(d, "--wg=99999");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("--wg: 99999 is out of range; give a number between 1 and 65536"), std::string::npos)
        << r.err;
    r = runApp(d, "--size 10x10");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("bad value '10x10' for --size: expected WIDTHxHEIGHT, at least 320x240"), std::string::npos)
        << r.err;
}

// --pattern scan opens on the scans' first lesson; with --variant it must name one of the pattern's kernels.
TEST(GuiOptions, PatternOpensThatPatternsLessonAndRefusesAVariantOfTheOther) {
    const std::string d = tempDir("gui-pattern");
    AppRun r = runApp(d, "--config-dir " + d + "/cfg --no-save --size 1000x700 --pattern scan --n 16 --wg 16 "
                         "--script \"wait-trace;settle;shot:" + d + "/scan.png;quit\"");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(readJson(d + "/scan.png.json")["variant"], "blelloch");
    r = runApp(d, "--pattern scan --variant sequential");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("--variant sequential is a reduce kernel, not a scan one"), std::string::npos) << r.err;
    r = runApp(d, "--pattern heap");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("--pattern: 'heap' is not a pattern; give reduce|scan|histogram"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace rl::apptest
