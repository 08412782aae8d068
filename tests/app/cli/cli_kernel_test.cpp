// `reducelab run --kernel FILE`: a student's kernel (tests/data/workbench/kernels) runs through the same engine as the
// built-ins, is checked against the CPU reference, and every bad file gets one line and the right exit status.
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/support/cli_run.h"

namespace {

using rl::test::Outcome;
using rl::test::runCli;

std::string kernel(const std::string& name) { return std::string(RL_WORKBENCH_KERNELS) + "/" + name; }

std::string tempFile(const std::string& name, const std::string& content) {
    const std::string path = testing::TempDir() + name;
    std::ofstream(path, std::ios::binary) << content;
    return path;
}

TEST(CliKernel, AStudentsPlainKernelIsCorrectOnAwkwardSizes) {
    for (const char* n : {"1", "97", "1000", "70001"})
        for (const char* type : {"int", "float"}) {
            const Outcome o = runCli({"run", "--kernel", kernel("plain_sequential.cl"), "--n", n, "--wg", "64",
                                      "--type", type, "--json"});
            EXPECT_EQ(o.rc, 0) << n << " " << type << ": " << o.err << o.out;
            EXPECT_NE(o.out.find("\"correct\": true"), std::string::npos) << o.out;
            EXPECT_NE(o.out.find("\"variant\": \"kernel:plain_sequential.cl\""), std::string::npos) << o.out;
        }
}

TEST(CliKernel, PaddingWithZeroIsWrongForMinAndRightForSum) {
    // All ones, N not a multiple of the work-group: the 0-padding is the minimum; a sum does not see it.
    Outcome o = runCli({"run", "--kernel", kernel("pads_with_zero.cl"), "--n", "1000", "--wg", "64", "--type", "int",
                        "--data", "ones", "--op", "min"});
    EXPECT_EQ(o.rc, 1) << o.err << o.out;
    EXPECT_NE(o.out.find("WRONG"), std::string::npos) << o.out;
    o = runCli({"run", "--kernel", kernel("pads_with_zero.cl"), "--n", "1000", "--wg", "64", "--type", "int", "--data",
                "ones", "--op", "sum"});
    EXPECT_EQ(o.rc, 0) << o.err << o.out;
}

TEST(CliKernel, AWrongSignatureNamesTheArgument) {
    const Outcome o = runCli({"run", "--kernel", kernel("wrong_signature.cl")});
    EXPECT_EQ(o.rc, 2);
    EXPECT_NE(o.err.find("wrong_signature.cl: 'reduce': argument 3 'const float n' is a float"), std::string::npos)
        << o.err;
    EXPECT_NE(o.err.find("__global const T *in, __global T *out, const uint n, __local T *scratch"),
              std::string::npos)
        << o.err;
}

TEST(CliKernel, ABuildFailureShowsTheStudentsLine) {
    const Outcome o = runCli({"run", "--kernel", kernel("typo.cl"), "--n", "64", "--wg", "64"});
    EXPECT_EQ(o.rc, 1);
    EXPECT_NE(o.err.find("typo.cl:6:"), std::string::npos) << "the log names the student's file and line: " << o.err;
}

TEST(CliKernel, BadFilesAreRefusedInOneLine) {
    struct Case {
        std::string path, needle;
    };
    const std::vector<Case> cases = {
        {"/nonexistent/k.cl", "cannot read the kernel file '/nonexistent/k.cl'"},
        {tempFile("empty.cl", "  \n"), "is empty"},
        {tempFile("binary.cl", std::string("\x7f" "ELF\0\0\1", 7)), "is not text"},
        {tempFile("huge.cl", std::string(size_t(2) << 20, ' ') + "x"), "at most 1 MiB"},
    };
    for (const Case& c : cases) {
        const Outcome o = runCli({"run", "--kernel", c.path});
        EXPECT_EQ(o.rc, 2) << c.path << ": " << o.err;
        EXPECT_NE(o.err.find(c.needle), std::string::npos) << o.err;
        EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
    }
    const Outcome o = runCli({"run", "--entry", "reduce"});
    EXPECT_EQ(o.rc, 2);
    EXPECT_NE(o.err.find("--entry names the kernel of --kernel FILE"), std::string::npos) << o.err;
}

TEST(CliKernel, AnAnnotatedKernelsTraceEqualsTheSequentialTrace) {
    // The same input through the built-in sequential kernel and through a student's copy of it: every stage of
    // every traced group holds the same cells.
    const std::vector<std::string> common = {"--n", "300", "--wg", "32", "--type", "int", "--json"};
    std::vector<std::string> mine = {"trace", "--kernel", kernel("annotated_sequential.cl")};
    std::vector<std::string> builtIn = {"trace", "--variant", "sequential"};
    mine.insert(mine.end(), common.begin(), common.end());
    builtIn.insert(builtIn.end(), common.begin(), common.end());
    const Outcome a = runCli(mine), b = runCli(builtIn);
    ASSERT_EQ(a.rc, 0) << a.err;
    ASSERT_EQ(b.rc, 0) << b.err;
    const auto ja = nlohmann::json::parse(a.out), jb = nlohmann::json::parse(b.out);
    EXPECT_EQ(ja["variant"], "kernel:annotated_sequential.cl");
    ASSERT_EQ(ja["passes"].size(), jb["passes"].size());
    for (size_t p = 0; p < jb["passes"].size(); ++p) {
        ASSERT_EQ(ja["passes"][p]["groups"].size(), jb["passes"][p]["groups"].size()) << "pass " << p;
        for (size_t g = 0; g < jb["passes"][p]["groups"].size(); ++g) {
            const auto& sa = ja["passes"][p]["groups"][g]["stages"];
            const auto& sb = jb["passes"][p]["groups"][g]["stages"];
            ASSERT_EQ(sa.size(), sb.size()) << "pass " << p << " group " << g;
            ASSERT_GT(sa.size(), 1u);
            for (size_t s = 0; s < sb.size(); ++s) {
                EXPECT_EQ(sa[s]["values"], sb[s]["values"]) << "pass " << p << " group " << g << " stage " << s;
                EXPECT_EQ(sa[s]["reads"], sb[s]["reads"]) << "pass " << p << " group " << g << " stage " << s;
            }
        }
    }
    EXPECT_EQ(ja["result"], jb["result"]);
}

TEST(CliKernel, AKernelWithoutMacrosIsTracedOnOclgrindAndEqualsTheDevicesSequentialTrace) {
    setenv("REDUCELAB_SIM", RL_REDUCELAB_SIM, 1);  // this test binary is not beside reducelab-sim
    const Outcome mine = runCli({"trace", "--kernel", kernel("plain_sequential.cl"), "--n", "200", "--wg", "64",
                                 "--type", "int", "--json"});
    ASSERT_EQ(mine.rc, 0) << mine.err;
    const Outcome builtIn = runCli({"trace", "--variant", "sequential", "--n", "200", "--wg", "64", "--type", "int",
                                    "--json"});
    ASSERT_EQ(builtIn.rc, 0) << builtIn.err;
    const auto ja = nlohmann::json::parse(mine.out), jb = nlohmann::json::parse(builtIn.out);
    EXPECT_EQ(ja["device"], "Oclgrind");
    ASSERT_EQ(ja["passes"].size(), jb["passes"].size());
    for (size_t p = 0; p < jb["passes"].size(); ++p) {
        const auto &ga = ja["passes"][p]["groups"], &gb = jb["passes"][p]["groups"];
        ASSERT_EQ(ga.size(), gb.size()) << "pass " << p;
        for (size_t g = 0; g < gb.size(); ++g)
            for (size_t s = 0; s < gb[g]["stages"].size(); ++s) {
                EXPECT_EQ(ga[g]["stages"][s]["values"], gb[g]["stages"][s]["values"]) << p << " " << g << " " << s;
                EXPECT_EQ(ga[g]["stages"][s]["divergent_warps"], gb[g]["stages"][s]["divergent_warps"]);
            }
    }
    EXPECT_EQ(ja["result"], jb["result"]);
}

}  // namespace

namespace {

TEST(CliKernel, BenchTimesAStudentsKernelBesideTheFirstStepOfTheLadder) {
    const rl::test::Outcome o = rl::test::runCli({"bench", "--kernel", kernel("plain_sequential.cl"), "--n", "65536",
                                                  "--repeats", "3", "--warmup", "1", "--wg", "64", "--json"});
    ASSERT_EQ(o.rc, 0) << o.err << o.out;
    const auto j = nlohmann::json::parse(o.out);
    const auto& rows = j.at("sizes").at(0).at("rows");
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[0].at("variant"), "interleaved-divergent");
    EXPECT_EQ(rows[1].at("variant"), "kernel:plain_sequential.cl");
    EXPECT_TRUE(rows[1].at("correct").get<bool>());
    EXPECT_GT(rows[1].at("time_ms").get<double>(), 0.0);
    EXPECT_GT(rows[1].at("pct_of_copy").get<double>(), 0.0);
    EXPECT_GT(rows[1].at("cumulative_speedup").get<double>(), 0.0);  // over interleaved-divergent
}

}  // namespace

namespace {

// A kernel that never ends costs its own row, not the benchmark: it is timed in a child stopped at --timeout, and
// the rows of the built-in variants are still measured and printed.
TEST(CliKernel, BenchStopsAKernelThatNeverEndsAndKeepsTheOtherRows) {
    const auto start = std::chrono::steady_clock::now();
    const Outcome o = runCli({"bench", "--kernel", kernel("never_ends.cl"), "--n", "4096", "--repeats", "2",
                              "--warmup", "0", "--wg", "64", "--timeout", "3", "--json"});
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_EQ(o.rc, 1) << o.err << o.out;
    EXPECT_LT(seconds, 60.0);
    const auto j = nlohmann::json::parse(o.out);
    const auto& rows = j.at("sizes").at(0).at("rows");
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_GT(rows[0].at("time_ms").get<double>(), 0.0) << "interleaved-divergent is still timed";
    const std::string skipped = rows[1].value("skipped", "");
    EXPECT_NE(skipped.find("did not finish within 3 s"), std::string::npos) << rows[1];
}

// A kernel that writes far outside its buffers may kill the process timing it: the row says so, the table stays.
TEST(CliKernel, BenchReportsAKernelThatCrashesItsProcessOnItsRow) {
    const Outcome o = runCli({"bench", "--kernel", kernel("writes_far_past_output.cl"), "--n", "65536",
                              "--repeats", "2", "--warmup", "0", "--wg", "64", "--timeout", "20", "--json"});
    const auto j = nlohmann::json::parse(o.out);
    const auto& rows = j.at("sizes").at(0).at("rows");
    ASSERT_EQ(rows.size(), 2u) << o.err;
    EXPECT_GT(rows[0].at("time_ms").get<double>(), 0.0);
    // The driver may survive the write (then the result is checked) or not (then the row names the crash).
    if (rows[1].contains("skipped")) {
        EXPECT_EQ(o.rc, 1);
        EXPECT_FALSE(rows[1].at("skipped").get<std::string>().empty());
    } else {  // it ran to the end: it was timed, and its result decides the exit status
        ASSERT_TRUE(rows[1].contains("correct") && rows[1].at("correct").is_boolean()) << rows[1];
        EXPECT_GT(rows[1].at("time_ms").get<double>(), 0.0) << rows[1];
        EXPECT_EQ(o.rc, rows[1].at("correct").get<bool>() ? 0 : 1) << rows[1];
    }
}

TEST(CliKernel, BenchKernelOnlyTimesTheKernelAlone) {
    Outcome o = runCli({"bench", "--kernel", kernel("plain_sequential.cl"), "--kernel-only", "--n", "65536",
                        "--repeats", "3", "--warmup", "1", "--wg", "64", "--type", "int", "--json"});
    ASSERT_EQ(o.rc, 0) << o.err << o.out;
    const auto j = nlohmann::json::parse(o.out);
    const auto& rows = j.at("sizes").at(0).at("rows");
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0].at("variant"), "kernel:plain_sequential.cl");
    EXPECT_TRUE(rows[0].at("correct").get<bool>());
    EXPECT_GT(rows[0].at("time_ms").get<double>(), 0.0);
    EXPECT_DOUBLE_EQ(rows[0].at("result").get<double>(), rows[0].at("reference").get<double>());

    o = runCli({"bench", "--kernel-only", "--n", "4096"});
    EXPECT_EQ(o.rc, 2);
    EXPECT_NE(o.err.find("--kernel-only needs --kernel"), std::string::npos) << o.err;
}

}  // namespace
