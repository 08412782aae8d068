// The explorer binary's life outside its picture: options it refuses (exit code 2), the window's size, the problem
// and the layout kept between runs, idling when nothing moves, the ladder built in the background, and a start with
// no OpenCL device at all.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "tests/support/app_run.h"
#include "tests/support/screenshot_checks.h"

namespace rl::apptest {
namespace {
TEST(Explorer, BadOptionsAreRefusedWithExitCode2) {
    const std::string d = tempDir("explorer");
    AppRun r = runApp(d, "--variant no-such-kernel");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("unknown variant 'no-such-kernel'"), std::string::npos) << r.err;
    r = runApp(d, "--n 0");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("--n"), std::string::npos) << r.err;
    // The run settings have one rule for the explorer, the CLI and scripts (core/files/run_settings.h): same message.
    r = runApp(d, "--wg 99999");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("--wg: 99999 is out of range; give a number between 1 and 65536"), std::string::npos) << r.err;
    r = runApp(d, "--script \"set:wg=abc\"");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("set:wg: 'abc' is not a whole number"), std::string::npos) << r.err;
    r = runApp(d, "--script \"jump:3\"");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("unknown script action 'jump'"), std::string::npos) << r.err;
    r = runApp(d, "--help");
    EXPECT_EQ(r.exitCode, 0);
    EXPECT_NE(r.out.find("--screenshot PATH"), std::string::npos);
    // Every script verb the parser accepts is in the help, in the form it takes.
    for (const char* verb : {"wait-trace", "key:NAME", "frames:N", "settle", "shot:PATH", "variant:ID", "compare:ID",
                             "tab:NAME", "set:KEY=VALUE", "hover:STAGE,CELL", "wheel:N", "group:G",
                             "classroom:KEY=VALUE", "timings:ACTION", "wait-sweep", "wait-warm", "sleep:SEC", "retrace",
                             "hover-toggle:LABEL", "quit", "export=DIR", "report=PATH", "hover=none|PLOT@FX,FY"})
        EXPECT_NE(r.out.find(verb), std::string::npos) << verb;
}

TEST(Explorer, WindowSizeProblemAndLayoutPersistBetweenRuns) {
    const std::string d = tempDir("explorer");
    AppRun r = runApp(d, "--config-dir " + d + "/cfg --size 1100x760 --variant interleaved-divergent --n 64 --wg 16 "
                         "--script \"wait-trace;quit\"");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const std::string settings = readFile(d + "/cfg/settings.json");
    EXPECT_NE(settings.find("\"width\": 1100"), std::string::npos) << settings;
    EXPECT_NE(settings.find("interleaved-divergent"), std::string::npos) << settings;
    EXPECT_FALSE(readFile(d + "/cfg/imgui.ini").empty());
    r = runApp(d, "--config-dir " + d + "/cfg --script \"wait-trace;shot:" + d + "/again.png;quit\"");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot s;
    ASSERT_TRUE(loadShot(d + "/again.png", &s));
    EXPECT_EQ(s.image.width, 1100);
    EXPECT_EQ(s.image.height, 760);
    EXPECT_EQ(s.geometry["variant"], "interleaved-divergent");
    EXPECT_EQ(s.geometry["trees"][0]["layout"]["cells"], 16);
}

TEST(Explorer, IdlesWhenNothingMoves) {
    const std::string d = tempDir("explorer");
    const AppRun r = runApp(d, "--config-dir " + d + "/cfg --no-save --variant sequential --n 64 --wg 32 "
                               "--script \"wait-trace;settle\" --quit-after 6 --frame-stats");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    std::smatch m;
    ASSERT_TRUE(std::regex_search(r.out, m, std::regex("frames: (\\d+) in ([0-9.]+) s; (\\d+) with nothing moving")))
        << r.out;
    const long quiet = std::stol(m[3]);
    // Once loaded, the window waits for events: a handful of frames after the last change, not 60 per second.
    EXPECT_LT(quiet, 30) << r.out;
}

// After the first trace the ladder is built in the background (core/cl/ladder_warmer.h); --frame-stats reports it
// with the first frame and each trace from request to shown (the figures of bench/app_speed.py; not timed here).
TEST(Explorer, BuildsTheLadderInTheBackgroundAndReportsSpeedFigures) {
    const std::string d = tempDir("explorer");
    const AppRun r = runApp(d, "--config-dir " + d + "/cfg --no-save --variant sequential --n 64 --wg 32 "
                               "--script \"wait-trace;wait-warm;variant:first-add;wait-trace;quit\" --frame-stats");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_TRUE(std::regex_search(r.out, std::regex("first frame shown: \\d+ ms after the process started"))) << r.out;
    EXPECT_TRUE(std::regex_search(r.out, std::regex("trace 1: sequential, N = 64: [0-9.]+ ms"))) << r.out;
    EXPECT_TRUE(std::regex_search(r.out, std::regex("trace 2: first-add, N = 64: [0-9.]+ ms"))) << r.out;
    std::smatch m;
    const std::regex ladder("ladder built in the background: (\\d+) of (\\d+) variants in");
    ASSERT_TRUE(std::regex_search(r.out, m, ladder)) << r.out;
    EXPECT_EQ(m[1], m[2]);
    EXPECT_GE(std::stoi(m[2]), 10);
}

TEST(Explorer, StartsAndExplainsWithoutAnyOpenCLDevice) {
    const std::string d = tempDir("explorer");
    const AppRun r = runApp(d, "--config-dir " + d + "/cfg --no-save --script \"wait-trace;frames:5;shot:" + d +
                                   "/none.png;quit\"",
                            "OCL_ICD_VENDORS=" + d + "/no-vendors OCL_ICD_FILENAMES=");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.err.find("OpenCL"), std::string::npos) << r.err;
    Shot s;
    ASSERT_TRUE(loadShot(d + "/none.png", &s));
    EXPECT_EQ(s.geometry["trees"].size(), 0u);
}

}  // namespace
}  // namespace rl::apptest
