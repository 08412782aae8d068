// The CLI's answers to bad input (one clear line, exit 2 for bad arguments, 1 for failures) and its JSON fields.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/support/cli_run.h"
#include "core/cl/devices.h"

namespace {

using rl::test::Outcome;
using rl::test::runCli;

void expectBad(std::vector<std::string> args, int rc, const std::string& needle) {
    const Outcome o = runCli(args);
    EXPECT_EQ(o.rc, rc) << o.err;
    EXPECT_NE(o.err.find(needle), std::string::npos) << "stderr was: " << o.err;
    EXPECT_EQ(o.out, "") << "nothing should be printed on stdout for a refused command";
    EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << "one line: " << o.err;
}

TEST(CliBadInput, SizeZero) { expectBad({"run", "--n", "0"}, 2, "at least 1"); }
TEST(CliBadInput, SizeNotANumber) { expectBad({"run", "--n", "lots"}, 2, "'lots' is not a size"); }
TEST(CliBadInput, SizePastMaxAlloc) {
    const rl::DeviceInfo d = rl::selectDevice("");
    const size_t n = d.maxAllocBytes / 4 + 1024;  // one buffer of n floats is just past the device's limit
    if (n >= size_t(0xFFFFFFFFull))
        GTEST_SKIP() << d.name << " allows one buffer past the kernels' 2^32 index range; SizePastIndexRange covers it";
    expectBad({"run", "--n", std::to_string(n)}, 2, "CL_DEVICE_MAX_MEM_ALLOC_SIZE");
}
TEST(CliBadInput, SizePastIndexRange) { expectBad({"run", "--n", "2^36"}, 2, "past 2^32 - 1"); }
TEST(CliBadInput, WorkGroupPastDevice) { expectBad({"run", "--wg", "65536"}, 2, "CL_DEVICE_MAX_WORK_GROUP_SIZE"); }
TEST(CliBadInput, WorkGroupNotPow2) { expectBad({"run", "--wg", "100"}, 2, "power-of-two"); }
TEST(CliBadInput, UnknownOption) { expectBad({"run", "--frobnicate", "1"}, 2, "unknown option --frobnicate"); }
TEST(CliBadInput, UnknownCommand) { expectBad({"frobnicate"}, 2, "unknown command 'frobnicate'"); }
TEST(CliBadInput, UnknownVariant) { expectBad({"run", "--variant", "nope"}, 2, "unknown variant 'nope'"); }
TEST(CliBadInput, UnknownDevice) { expectBad({"run", "--device", "no-such-device"}, 2, "no OpenCL device matches"); }
TEST(CliBadInput, BadOp) { expectBad({"run", "--op", "mean"}, 2, "give sum, min or max"); }
TEST(CliBadInput, MissingValue) { expectBad({"run", "--n"}, 2, "--n needs a value"); }
TEST(CliBadInput, FlagWithValue) { expectBad({"run", "--json=yes"}, 2, "--json takes no value"); }

TEST(CliJson, RunHasDocumentedFields) {
    const Outcome o = runCli({"run", "--n", "5000", "--type", "int", "--wg", "64", "--json", "--repeats", "3"});
    ASSERT_EQ(o.rc, 0) << o.err;
    const auto j = nlohmann::json::parse(o.out);
    for (const char* k : {"variant", "device", "n", "op", "type", "wg", "result", "reference", "correct", "passes",
                          "time_ms"})
        EXPECT_TRUE(j.contains(k)) << k;
    EXPECT_EQ(j["n"], 5000);
    EXPECT_EQ(j["result"], j["reference"]);
    EXPECT_TRUE(j["correct"].get<bool>());
    ASSERT_EQ(j["passes"].size(), 3u);  // 5000 -> 79 partials -> 2 -> 1 with work-groups of 64
    EXPECT_EQ(j["passes"][0]["groups"], 79);
    EXPECT_EQ(j["passes"][0]["local"], 64);
    EXPECT_EQ(j["passes"][1]["groups"], 2);
    EXPECT_EQ(j["passes"][2]["groups"], 1);
    for (const auto& p : j["passes"]) EXPECT_GT(p["time_ms"].get<double>(), 0.0);
}

// A variant's card names the file its kernel is in, under its pattern's folder.
TEST(CliVariants, ACardNamesItsKernelsFile) {
    for (const auto& [id, file] : std::vector<std::pair<std::string, std::string>>{
             {"sequential", "kernels/reduce/sequential.cl"}, {"privatized", "kernels/histogram/privatized.cl"}}) {
        const Outcome o = runCli({"variants", "--variant", id});
        ASSERT_EQ(o.rc, 0) << o.err;
        EXPECT_NE(o.out.find("\nkernel: " + file + "\n"), std::string::npos) << o.out;
    }
}

TEST(CliJson, TraceHasDocumentedFields) {
    const Outcome o = runCli({"trace", "--n", "16", "--wg", "16", "--type", "int", "--data", "iota", "--json"});
    ASSERT_EQ(o.rc, 0) << o.err;
    const auto j = nlohmann::json::parse(o.out);
    for (const char* k : {"variant", "n", "wg", "simd_width", "passes"}) EXPECT_TRUE(j.contains(k)) << k;
    const auto& stages = j["passes"][0]["groups"][0]["stages"];
    ASSERT_EQ(stages.size(), 5u);  // load, s = 8, 4, 2, 1
    const auto& last = stages[4];
    for (const char* k : {"label", "values", "active", "reads", "divergent_warps", "idle_warps", "active_warps",
                          "bank_conflict_degree"})
        EXPECT_TRUE(last.contains(k)) << k;
    EXPECT_EQ(last["values"][0], 120);  // 0 + 1 + ... + 15, recorded by the device
    EXPECT_EQ(stages[1]["reads"][3], nlohmann::json::array({3, 11}));
    EXPECT_EQ(stages[1]["active"][8], false);
}

// best-gpu's fused stages through the CLI, recorded by the device: the JSON names each work-item's second operation
// and the table marks the stage's active count "x2".
TEST(CliJson, FusedStagesNameTheSecondOperation) {
    Outcome o = runCli({"trace", "--variant", "best-gpu", "--n", "64", "--wg", "16", "--trace-groups", "1", "--type", "int",
                        "--data", "iota", "--json"});
    ASSERT_EQ(o.rc, 0) << o.err;
    const auto j = nlohmann::json::parse(o.out);
    const auto& stages = j["passes"][0]["groups"][0]["stages"];
    ASSERT_GE(stages.size(), 3u);
    ASSERT_TRUE(stages[1].contains("second")) << stages[1].dump();  // s = 8: work-item i also adds i + 4 and i + 12
    EXPECT_EQ(stages[1]["second"][2], nlohmann::json::array({6, 14, 6}));
    EXPECT_TRUE(stages[1]["second"][4].is_null());
    EXPECT_FALSE(stages[2].contains("second"));  // s = 4: one operation each
    o = runCli({"trace", "--variant", "best-gpu", "--n", "64", "--wg", "16", "--trace-groups", "1", "--type", "int"});
    ASSERT_EQ(o.rc, 0) << o.err;
    EXPECT_NE(o.out.find("4 x2"), std::string::npos) << o.out;
    EXPECT_NE(o.out.find("x2: each active work-item did two operations"), std::string::npos);
}

// --data: each pattern by name (the load records its values), a file of numbers (N becomes its count), and a
// clear one-line refusal for a bad name, an unreadable or malformed file, floats on ints and an --n that disagrees.
TEST(CliData, PatternsAndFilesReachTheDevice) {
    Outcome o = runCli({"trace", "--n", "32", "--wg", "32", "--type", "int", "--data", "0-9", "--json"});
    ASSERT_EQ(o.rc, 0) << o.err;
    auto j = nlohmann::json::parse(o.out);
    auto load = j["passes"][0]["groups"][0]["stages"][0]["values"];
    ASSERT_EQ(load.size(), 32u);
    int sum = 0;
    for (const auto& v : load) {
        EXPECT_GE(v.get<int>(), 0);
        EXPECT_LE(v.get<int>(), 9);
        sum += v.get<int>();
    }
    EXPECT_EQ(j["result"], sum);
    o = runCli({"run", "--n", "1000", "--wg", "64", "--type", "int", "--data", "0-99", "--json", "--repeats", "1"});
    ASSERT_EQ(o.rc, 0) << o.err;
    j = nlohmann::json::parse(o.out);
    EXPECT_EQ(j["data"], "0-99");
    EXPECT_TRUE(j["correct"].get<bool>());
    EXPECT_LE(j["result"].get<int>(), 99000);
    // Floats: quarters, and the type follows (float is the default type anyway).
    o = runCli({"trace", "--n", "16", "--wg", "16", "--data", "floats", "--json"});
    ASSERT_EQ(o.rc, 0) << o.err;
    j = nlohmann::json::parse(o.out);
    EXPECT_EQ(j["type"], "float");
    for (const auto& v : j["passes"][0]["groups"][0]["stages"][0]["values"])
        EXPECT_EQ(v.get<double>() * 4, std::trunc(v.get<double>() * 4));

    const std::string path = ::testing::TempDir() + "reducelab-cli-data.txt";
    { std::ofstream(path) << "# five marks\n7, 8, 9\n10 11\n"; }
    o = runCli({"trace", "--wg", "8", "--type", "int", "--data", "file:" + path, "--json"});
    ASSERT_EQ(o.rc, 0) << o.err;
    j = nlohmann::json::parse(o.out);
    EXPECT_EQ(j["n"], 5);
    EXPECT_EQ(j["result"], 45);
    load = j["passes"][0]["groups"][0]["stages"][0]["values"];
    EXPECT_EQ(load[0], 7);
    EXPECT_EQ(load[4], 11);
    o = runCli({"run", "--wg", "8", "--type", "int", "--data", "file:" + path, "--json", "--repeats", "1"});
    ASSERT_EQ(o.rc, 0) << o.err;
    EXPECT_EQ(nlohmann::json::parse(o.out)["data_file"], path);

    expectBad({"run", "--data", "lots"}, 2, "'lots' is not a pattern; give 0-9, 0-99, random");
    expectBad({"run", "--data", "file:/nonexistent/marks.txt"}, 2, "cannot read the data file /nonexistent/marks.txt");
    expectBad({"run", "--type", "int", "--data", "floats"}, 2, "need --type float");
    expectBad({"run", "--type", "int", "--n", "32", "--data", "file:" + path}, 2, "holds 5 values");
    { std::ofstream(path) << "1 2\nthree\n"; }
    expectBad({"trace", "--type", "int", "--data", "file:" + path}, 2, "line 2: 'three' is not a number");
    { std::ofstream(path) << "1.5\n"; }
    expectBad({"trace", "--type", "int", "--data", "file:" + path}, 2, "not a whole number");
    std::remove(path.c_str());
}

// --type long and --type double: runs and traces on the device, past what int and float hold; the 64-bit types are
// refused by a variant whose kernel has 32-bit words only, and a bad type name lists the four.
TEST(CliTypes, LongAndDoubleRunAndTrace) {
    const std::string path = ::testing::TempDir() + "reducelab-cli-long.txt";
    { std::ofstream(path) << "3000000000 4000000000 -5 9007190000000000\n"; }
    Outcome o = runCli({"run", "--type", "long", "--wg", "4", "--data", "file:" + path, "--json", "--repeats", "1"});
    ASSERT_EQ(o.rc, 0) << o.err;
    auto j = nlohmann::json::parse(o.out);
    EXPECT_EQ(j["type"], "long");
    EXPECT_EQ(j["result"].get<double>(), 9007196999999995.0);  // exact: past int, past float, within 2^53
    EXPECT_TRUE(j["correct"].get<bool>());
    o = runCli({"trace", "--type", "long", "--op", "max", "--wg", "4", "--data", "file:" + path, "--json"});
    ASSERT_EQ(o.rc, 0) << o.err;
    j = nlohmann::json::parse(o.out);
    EXPECT_EQ(j["passes"][0]["groups"][0]["stages"][0]["values"][1].get<double>(), 4000000000.0);
    EXPECT_EQ(j["result"].get<double>(), 9007190000000000.0);
    { std::ofstream(path) << "1 9007199254740993\n"; }
    expectBad({"run", "--type", "long", "--data", "file:" + path}, 2, "line 1: 9007199254740993 is past 2^53");
    std::remove(path.c_str());

    o = runCli({"run", "--type", "double", "--n", "1000", "--wg", "64", "--data", "iota", "--json", "--repeats", "1"});
    ASSERT_EQ(o.rc, 0) << o.err;
    j = nlohmann::json::parse(o.out);
    EXPECT_EQ(j["type"], "double");
    EXPECT_EQ(j["result"].get<double>(), 499500.0);
    EXPECT_TRUE(j["correct"].get<bool>());
    o = runCli({"trace", "--type", "double", "--n", "16", "--wg", "16", "--data", "floats", "--json"});
    ASSERT_EQ(o.rc, 0) << o.err;
    EXPECT_EQ(nlohmann::json::parse(o.out)["type"], "double");

    expectBad({"run", "--type", "half"}, 2, "give int, float, long or double");
    expectBad({"run", "--type", "long", "--data", "floats"}, 2, "need --type float or double");
    o = runCli({"run", "--variant", "best-gpu", "--type", "long", "--n", "64"});
    EXPECT_EQ(o.rc, 1) << o.err;
    EXPECT_NE(o.err.find("cannot reduce long"), std::string::npos) << o.err;
}

}  // namespace
