// The command line's scans: `trace --pattern scan` gives every stage's cells and the scan itself, `run` times a scan
// with its launches named and checks every element, `variants --pattern scan` lists the scans, and a pattern and a
// variant that disagree are refused in words.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <iterator>

#include "tests/support/cli_run.h"
#include "core/catalogue/variant.h"

namespace rl {
namespace {

using test::Outcome;
using test::runCli;

TEST(CliScan, TraceOfBlellochOverIotaEndsWithThePrefixSums) {
    const Outcome o = runCli({"trace", "--pattern", "scan", "--variant", "blelloch", "--n", "16", "--wg", "16",
                              "--type", "int", "--data", "iota", "--json"});
    ASSERT_EQ(o.rc, 0) << o.err;
    const auto j = nlohmann::json::parse(o.out);
    EXPECT_EQ(j["pattern"], "scan");
    EXPECT_EQ(j["exclusive"], false);
    const auto& stages = j["passes"][0]["groups"][0]["stages"];
    ASSERT_EQ(stages.size(), 11u);
    EXPECT_EQ(stages[5]["label"], "root cleared");
    for (int i = 0; i < 16; ++i) {
        EXPECT_EQ(stages[10]["values"][i], i * (i + 1) / 2) << i;
        EXPECT_EQ(j["output"][i], i * (i + 1) / 2) << i;
    }
    EXPECT_TRUE(j["correct"].get<bool>());
}

TEST(CliScan, AnExclusiveScanOverThreeLevelsIsCheckedElementByElement) {
    const Outcome o = runCli({"trace", "--pattern", "scan", "--variant", "hillis-steele", "--n", "1000", "--wg", "16",
                              "--type", "int", "--exclusive"});
    ASSERT_EQ(o.rc, 0) << o.err;
    EXPECT_NE(o.out.find("scan      exclusive"), std::string::npos) << o.out;
    EXPECT_NE(o.out.find("level 2: 4 elements"), std::string::npos) << o.out;
    EXPECT_NE(o.out.find("all 1000 elements match the reference exactly"), std::string::npos) << o.out;
}

TEST(CliScan, RunNamesTheUniformAddsAndCountsBytesReadAndWritten) {
    const Outcome o = runCli({"run", "--variant", "blelloch", "--n", "5000", "--wg", "64", "--type", "float", "--json",
                              "--repeats", "2"});
    ASSERT_EQ(o.rc, 0) << o.err;
    const auto j = nlohmann::json::parse(o.out);
    ASSERT_EQ(j["passes"].size(), 5u);  // levels of 5000, 79 and 2 elements, then the adds to 79 and to 5000
    EXPECT_FALSE(j["passes"][2].contains("role"));
    EXPECT_EQ(j["passes"][3]["role"], "uniform add");
    EXPECT_EQ(j["passes"][3]["n"], 79);
    EXPECT_EQ(j["passes"][4]["role"], "uniform add");
    EXPECT_EQ(j["passes"][4]["n"], 5000);
    EXPECT_TRUE(j["correct"].get<bool>()) << j["verdict"];
    EXPECT_NE(j["verdict"].get<std::string>().find("all 5000 elements"), std::string::npos);
}

TEST(CliScan, VariantsListsTheScansAndAMismatchIsRefused) {
    const Outcome list = runCli({"variants", "--pattern", "scan", "--json"});
    ASSERT_EQ(list.rc, 0) << list.err;
    const auto j = nlohmann::json::parse(list.out);
    ASSERT_EQ(j.size(), scanVariants().size());
    for (const auto& v : j) EXPECT_EQ(v["pattern"], "scan");
    const Outcome bad = runCli({"run", "--pattern", "scan", "--variant", "sequential"});
    EXPECT_EQ(bad.rc, 2);
    EXPECT_NE(bad.err.find("is a reduce kernel, not a scan one"), std::string::npos) << bad.err;
    const Outcome excl = runCli({"run", "--exclusive"});
    EXPECT_EQ(excl.rc, 2);
    EXPECT_NE(excl.err.find("--exclusive is for scans"), std::string::npos) << excl.err;
    const Outcome unknown = runCli({"trace", "--pattern", "sort"});
    EXPECT_EQ(unknown.rc, 2);
    EXPECT_NE(unknown.err.find("give reduce|scan|histogram"), std::string::npos) << unknown.err;
}

}  // namespace
}  // namespace rl

namespace rl {
namespace {

// An exclusive Blelloch scan exported as SVG (no display needed): the slide names both sweeps and the root.
TEST(CliScan, ExportOfAnExclusiveScanDrawsBothSweeps) {
    const std::string out = testing::TempDir() + "/reducelab-scan-export.svg";
    const test::Outcome o = test::runCli({"export", "--variant", "blelloch", "--n", "16", "--wg", "16", "--exclusive",
                                          "--type", "int", "--data", "iota", "--format", "svg", "--out", out});
    ASSERT_EQ(o.rc, 0) << o.err;
    std::ifstream in(out);
    const std::string svg((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    for (const char* label : {"up d = 1", "root cleared", "down d = 1"})
        EXPECT_NE(svg.find(label), std::string::npos) << label;
    EXPECT_EQ(svg.find(">inclusive<"), std::string::npos) << "an exclusive scan has no inclusive step";
}

}  // namespace
}  // namespace rl
