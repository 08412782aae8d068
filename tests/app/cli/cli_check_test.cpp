// `reducelab check --kernel FILE`: the student-style kernels of tests/data/workbench/kernels checked by the real
// binary, as a student or a grading script runs it: the exit status (0 all pass, 1 some fail, 2 bad arguments or no
// build) and the JSON fields (builds, diagnostics, correct, races, out_of_bounds, stages, divergent_warps,
// bank_conflict_degree, first_mismatch), each finding on the line it is about.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <iterator>
#include <thread>
#include <unistd.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/process/child_process.h"
#include "tests/support/cli_run.h"

namespace {

using nlohmann::json;
using rl::process::ChildResult;

std::string kernel(const std::string& name) { return std::string(RL_WORKBENCH_KERNELS) + "/" + name; }

ChildResult check(std::vector<std::string> args, double timeout = 300) {
    args.insert(args.begin(), {RL_REDUCELAB_BIN, "check"});
    return rl::process::runProgram(args, timeout);
}

json report(const ChildResult& r) { return rl::test::jsonReport(r); }

bool hasFindingOnLine(const json& list, int line) {
    for (const json& f : list)
        if (f.at("line").get<int>() == line) return true;
    return false;
}

TEST(CliCheck, ACorrectPlainKernelPassesEveryCheckAndMatchesTheSequentialModel) {
    const ChildResult r = check({"--kernel", kernel("plain_sequential.cl"), "--wg", "64", "--model", "sequential",
                                 "--json"});
    const json j = report(r);
    EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
    EXPECT_TRUE(j.at("builds").get<bool>());
    EXPECT_TRUE(j.at("correct").get<bool>());
    EXPECT_TRUE(j.at("passed").get<bool>());
    EXPECT_TRUE(j.at("races").empty());
    EXPECT_TRUE(j.at("out_of_bounds").empty());
    EXPECT_TRUE(j.at("first_mismatch").is_null()) << j.at("first_mismatch").dump();
    EXPECT_EQ(j.at("traced_on").get<std::string>(), "Oclgrind");
    // log2(64) = 6 tree stages after the load; the first two stages keep whole warps busy, the rest diverge.
    EXPECT_EQ(j.at("stages").get<int>(), 7);
    EXPECT_EQ(j.at("divergent_warps"), json({0, 0, 1, 1, 1, 1, 1}));
    EXPECT_EQ(j.at("bank_conflict_degree"), json({1, 1, 1, 1, 1, 1, 1}));
    // The size set holds 1, a prime, a non-power-of-two, exactly one work-group and several.
    std::vector<size_t> sizes;
    for (const json& s : j.at("sizes")) sizes.push_back(s.at("n").get<size_t>());
    for (size_t n : {size_t(1), size_t(193), size_t(1000), size_t(64), size_t(512)})
        EXPECT_NE(std::find(sizes.begin(), sizes.end(), n), sizes.end()) << "n = " << n;
}

TEST(CliCheck, AMissingBarrierIsARaceOnTheLineOfTheAddAndPartsFromTheModel) {
    const ChildResult r = check({"--kernel", kernel("missing_barrier.cl"), "--wg", "64", "--model", "sequential",
                                 "--json"});
    const json j = report(r);
    EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
    EXPECT_TRUE(j.at("builds").get<bool>());
    ASSERT_FALSE(j.at("races").empty());
    EXPECT_TRUE(hasFindingOnLine(j.at("races"), 9)) << j.at("races").dump(1);
    EXPECT_FALSE(j.at("races")[0].at("work_items").empty());
    EXPECT_GE(j.at("races")[0].at("cell").get<int>(), 0);   // drawn on the tree: which cell,
    EXPECT_GE(j.at("races")[0].at("stage").get<int>(), 1);  // in which stage (a tree stage, not the load)
    ASSERT_FALSE(j.at("first_mismatch").is_null());
    EXPECT_EQ(j.at("first_mismatch").at("model").get<std::string>(), "sequential");
    EXPECT_GE(j.at("first_mismatch").at("cell").get<int>(), 0);
}

TEST(CliCheck, AKernelIgnoringNIsWrongOnPartialGroupsAndReadsOutOfBounds) {
    const ChildResult r = check({"--kernel", kernel("ignores_n.cl"), "--wg", "64", "--json"});
    const json j = report(r);
    EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
    EXPECT_FALSE(j.at("correct").get<bool>());
    // Wrong exactly where the last work-group is partly empty, on every device: past n the check's input holds a
    // value that changes the sum (past a buffer's end a CPU device often finds zeros), and the message says so.
    for (const json& s : j.at("sizes")) {
        if (s.at("n").get<size_t>() % 64 == 0) continue;
        EXPECT_FALSE(s.at("correct").get<bool>()) << s.dump();
        EXPECT_NE(s.at("message").get<std::string>().find("past n"), std::string::npos) << s.dump();
    }
    EXPECT_TRUE(hasFindingOnLine(j.at("out_of_bounds"), 5)) << j.at("out_of_bounds").dump(1);
}

// For a max the value past n is the type's highest: the kernel that ignores n returns it, and the message says why.
TEST(CliCheck, AMaxThatReadsPastNReturnsTheGuardAndIsToldSo) {
    const ChildResult r = check({"--kernel", kernel("ignores_n.cl"), "--wg", "64", "--op", "max", "--type", "int",
                                 "--json"});
    const json j = report(r);
    EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
    int partial = 0;
    for (const json& s : j.at("sizes")) {
        if (s.at("n").get<size_t>() % 64 == 0) continue;
        ++partial;
        const double result = s.at("result").get<double>();  // int's highest, or float's in the sweep's float runs
        EXPECT_TRUE(result == 2147483647.0 || result == double(std::numeric_limits<float>::max())) << s.dump();
        EXPECT_NE(s.at("message").get<std::string>().find("read past n"), std::string::npos) << s.dump();
    }
    EXPECT_GE(partial, 3);
}

TEST(CliCheck, AKernelThatDoesNotBuildGetsItsDiagnosticOnTheRightLineAndStatus2) {
    const ChildResult r = check({"--kernel", kernel("typo.cl"), "--wg", "64", "--json"});
    const json j = report(r);
    EXPECT_EQ(r.exitCode, 2) << r.out << r.err;
    EXPECT_FALSE(j.at("builds").get<bool>());
    ASSERT_FALSE(j.at("diagnostics").empty()) << j.dump(1);
    EXPECT_EQ(j.at("diagnostics")[0].at("line").get<int>(), 6);
    EXPECT_EQ(j.at("diagnostics")[0].at("severity").get<std::string>(), "error");
    EXPECT_NE(j.at("diagnostics")[0].at("message").get<std::string>().find("scrach"), std::string::npos);
}

TEST(CliCheck, AWrongSignatureNamesTheArgumentAndTheExpectedSignature) {
    const ChildResult r = check({"--kernel", kernel("wrong_signature.cl"), "--json"});
    const json j = report(r);
    EXPECT_EQ(r.exitCode, 2) << r.out << r.err;
    const std::string contract = j.at("contract").get<std::string>();
    EXPECT_NE(contract.find("argument 3 'const float n'"), std::string::npos) << contract;
    EXPECT_NE(contract.find("__global const T *in"), std::string::npos) << contract;
}

TEST(CliCheck, AKernelThatNeverEndsIsStoppedAtItsTimeLimitAndSaysSo) {
    const ChildResult r = check({"--kernel", kernel("never_ends.cl"), "--wg", "64", "--timeout", "3", "--json"}, 120);
    const json j = report(r);
    EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
    EXPECT_TRUE(j.at("builds").get<bool>()) << j.dump(1);
    bool timeout = false;
    for (const json& f : j.at("failures"))
        if (f.at("kind") == "timeout") {
            timeout = true;
            EXPECT_NE(f.at("message").get<std::string>().find("did not finish within 3 s"), std::string::npos);
        }
    EXPECT_TRUE(timeout) << j.at("failures").dump(1);
    EXPECT_LT(r.seconds, 30.0);  // two steps of 3 s each, plus start-up: the check itself never hangs
}

TEST(CliCheck, AKernelWritingFarPastItsOutputCostsTheStepNotTheCheck) {
    const ChildResult r = check({"--kernel", kernel("writes_far_past_output.cl"), "--wg", "64", "--json"});
    const json j = report(r);  // the check itself exited and printed its report
    EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
    EXPECT_FALSE(j.at("correct").get<bool>());
    ASSERT_TRUE(hasFindingOnLine(j.at("out_of_bounds"), 13)) << j.at("out_of_bounds").dump(1);
    for (const json& f : j.at("out_of_bounds"))
        if (f.at("line") == 13) EXPECT_NE(f.at("advice").get<std::string>().find("out[get_group_id(0)]"), std::string::npos);
    for (const json& f : j.at("failures"))  // where the device's process went down, it says so
        if (f.at("step") == "run") EXPECT_EQ(f.at("kind"), "crash") << f.dump();
}

TEST(CliCheck, AnAnnotatedKernelIsTracedOnTheDeviceItself) {
    const ChildResult r = check({"--kernel", kernel("annotated_sequential.cl"), "--wg", "64", "--model",
                                 "sequential", "--json"});
    const json j = report(r);
    EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
    EXPECT_NE(j.at("traced_on").get<std::string>(), "Oclgrind");
    EXPECT_EQ(j.at("traced_on"), j.at("device"));
    EXPECT_TRUE(j.at("first_mismatch").is_null());
}

// The processes a check runs whose command line names `path` (the device step is a fork of `reducelab check`).
int processesNaming(const std::string& path) {
    int count = 0;
    for (const auto& e : std::filesystem::directory_iterator("/proc")) {
        const std::string pid = e.path().filename().string();
        if (pid.find_first_not_of("0123456789") != std::string::npos || pid == std::to_string(::getpid())) continue;
        std::ifstream in(e.path() / "cmdline", std::ios::binary);
        const std::string cmdline((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        if (cmdline.find(path) != std::string::npos) ++count;
    }
    return count;
}

// Cancelling a check (the workbench's Cancel kills `reducelab check`) takes its device step with it: a kernel that
// never ends must not run on, orphaned, after the check that started it is gone.
TEST(CliCheck, ACancelledCheckLeavesNoProcessBehind) {
    const std::string mine = ::testing::TempDir() + "reducelab-cancel-" + std::to_string(::getpid()) + ".cl";
    std::filesystem::copy_file(kernel("never_ends.cl"), mine, std::filesystem::copy_options::overwrite_existing);
    std::atomic<bool> cancel{false};
    std::thread stopper([&] {
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
        // Wait for the device step (a second process naming the file) to be running the kernel, then cancel.
        while (processesNaming(mine) < 2 && std::chrono::steady_clock::now() < until)
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
        cancel = true;
    });
    const ChildResult r = rl::process::runProgram(
        {RL_REDUCELAB_BIN, "check", "--kernel", mine, "--wg", "64", "--timeout", "60", "--no-sim", "--json"}, 120,
        &cancel);
    stopper.join();
    EXPECT_EQ(r.end, ChildResult::End::Cancelled) << r.describe();
    int left = processesNaming(mine);
    for (int i = 0; i < 40 && left > 0; ++i) {  // the kernel's process gets SIGKILL as its parent dies
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        left = processesNaming(mine);
    }
    EXPECT_EQ(left, 0) << "a process of the cancelled check is still running";
    std::remove(mine.c_str());
}

TEST(CliCheck, BadArgumentsAreStatus2WithOneLine) {
    ChildResult r = check({"--wg", "64"});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("check needs --kernel FILE"), std::string::npos) << r.err;
    r = check({"--kernel", kernel("plain_sequential.cl"), "--model", "no-such-variant"});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("reducelab variants"), std::string::npos) << r.err;
    // A model whose local memory is laid out otherwise than the contract's buffer: refused with the reason and the
    // models that fit, before anything is built.
    r = check({"--kernel", kernel("plain_sequential.cl"), "--model", "sort-then-count"});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("--model 'sort-then-count' keeps a key per work-item in local memory"), std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("Compare with privatized"), std::string::npos) << r.err;
    r = check({"--kernel", "/nonexistent/k.cl"});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("/nonexistent/k.cl"), std::string::npos) << r.err;
    // The check draws its own sizes and data: a data file is refused, not silently left out of the trace.
    const std::string values = ::testing::TempDir() + "reducelab-check-values.txt";
    std::ofstream(values) << "1 2 3 4 5\n";
    r = check({"--kernel", kernel("plain_sequential.cl"), "--data", "file:" + values});
    EXPECT_EQ(r.exitCode, 2) << r.out << r.err;
    EXPECT_NE(r.err.find("--data file: does not apply"), std::string::npos) << r.err;
    std::remove(values.c_str());
}

}  // namespace

namespace {

// A copy of the reducelab binary in a folder of its own, with no reducelab-sim beside it: a machine where the
// simulator is missing. Removed when the test ends.
struct WithoutSimulator {
    std::filesystem::path dir;
    std::string bin;
    WithoutSimulator() {
        char name[] = "/tmp/reducelab-nosim-XXXXXX";
        dir = mkdtemp(name);
        bin = (dir / "reducelab").string();
        std::filesystem::copy_file(RL_REDUCELAB_BIN, bin);
        std::filesystem::permissions(bin, std::filesystem::perms::owner_all);
    }
    ~WithoutSimulator() { std::filesystem::remove_all(dir); }
    ChildResult run(std::vector<std::string> args, double timeout = 600) const {
        args.insert(args.begin(), bin);
        return rl::process::runProgram(args, timeout);
    }
};

std::string stateOf(const json& report, const std::string& check) {
    for (const json& c : report.at("checks"))
        if (c.at("name") == check) return c.at("state").get<std::string>();
    return "(absent)";
}

}  // namespace

TEST(CliCheck, WithoutTheSimulatorItsChecksAreNotCheckedNotFailed) {
    const WithoutSimulator machine;
    const ChildResult r = machine.run({"check", "--kernel", kernel("plain_sequential.cl"), "--wg", "64", "--json"});
    const json j = report(r);
    EXPECT_EQ(r.exitCode, 0) << r.out << r.err;  // everything that ran passed
    EXPECT_TRUE(j.at("passed").get<bool>());
    EXPECT_FALSE(j.at("complete").get<bool>());
    EXPECT_EQ(stateOf(j, "builds"), "passed");
    EXPECT_EQ(stateOf(j, "correct"), "passed");
    for (const char* c : {"no_races", "no_uninitialised", "no_out_of_bounds", "no_barrier_divergence", "stages"})
        EXPECT_EQ(stateOf(j, c), "not_checked") << c;
    const std::string why = j.at("simulator_missing").get<std::string>();
    EXPECT_NE(why.find("reducelab-sim"), std::string::npos) << why;   // what is missing,
    EXPECT_NE(why.find("REDUCELAB_SIM"), std::string::npos) << why;   // and how to get it
    EXPECT_TRUE(j.at("failures").empty()) << j.at("failures").dump(1);

    const ChildResult text = machine.run({"check", "--kernel", kernel("plain_sequential.cl"), "--wg", "64"});
    EXPECT_EQ(text.exitCode, 0) << text.out;
    EXPECT_NE(text.out.find("not checked here: no_races"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("every check that ran passed"), std::string::npos) << text.out;
    EXPECT_EQ(text.out.find("FAIL"), std::string::npos) << text.out;
}

TEST(CliCheck, RequireAllMakesAChecksAbsenceAFailure) {
    const WithoutSimulator machine;
    const ChildResult r =
        machine.run({"check", "--kernel", kernel("plain_sequential.cl"), "--wg", "64", "--require-all", "--json"});
    report(r);
    EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
}

TEST(CliCheck, AWrongKernelStillFailsWithoutTheSimulator) {
    const WithoutSimulator machine;
    const ChildResult r = machine.run({"check", "--kernel", kernel("ignores_n.cl"), "--wg", "64", "--json"});
    const json j = report(r);
    EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
    EXPECT_EQ(stateOf(j, "correct"), "failed");
    EXPECT_EQ(stateOf(j, "no_out_of_bounds"), "not_checked");
}

TEST(CliCheck, EachKindOfCompilerErrorLandsOnItsOwnLineWithTheCaret) {
    struct Case {
        const char* file;
        int line;
        const char* says;
    };
    for (const Case& c : {Case{"missing_semicolon.cl", 5, "expected ';'"}, Case{"undeclared_name.cl", 8, "stride"},
                          Case{"type_error.cl", 11, "incompatible"}}) {
        SCOPED_TRACE(c.file);
        const ChildResult r = check({"--kernel", kernel(c.file), "--wg", "64", "--json"});
        const json j = report(r);
        EXPECT_EQ(r.exitCode, 2) << r.out << r.err;
        ASSERT_FALSE(j.at("diagnostics").empty()) << j.at("build_log");
        const json& d = j.at("diagnostics")[0];
        EXPECT_EQ(d.at("line").get<int>(), c.line) << j.at("build_log");
        EXPECT_EQ(d.at("severity"), "error");
        EXPECT_NE(d.at("message").get<std::string>().find(c.says), std::string::npos) << d.dump();
        EXPECT_NE(d.at("excerpt").get<std::string>().find('^'), std::string::npos) << d.dump();
        const ChildResult text = check({"--kernel", kernel(c.file), "--wg", "64"});
        EXPECT_NE(text.out.find(std::string(c.file) + ":" + std::to_string(c.line) + ":"), std::string::npos)
            << text.out;
        EXPECT_NE(text.out.find("^"), std::string::npos) << text.out;
    }
}

TEST(CliCheck, AWarningIsReportedOnItsLineAndTheKernelStillPasses) {
    const ChildResult r = check({"--kernel", kernel("assignment_warning.cl"), "--wg", "64", "--json"});
    const json j = report(r);
    EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
    ASSERT_FALSE(j.at("diagnostics").empty()) << j.at("build_log");
    EXPECT_EQ(j.at("diagnostics")[0].at("severity"), "warning");
    EXPECT_EQ(j.at("diagnostics")[0].at("line").get<int>(), 12);
}

TEST(CliCheck, TheTracedInputIsTheDataAskedFor) {
    // The workbench asks for the explorer's data (small integers by default), so a student's tree reads like the
    // presets': every loaded cell of the traced work-group holds 0-9.
    const ChildResult r = check({"--kernel", kernel("plain_sequential.cl"), "--wg", "16", "--type", "int", "--data",
                                 "0-9", "--json"});
    const json j = report(r);
    ASSERT_FALSE(j.at("trace").is_null()) << r.out << r.err;
    const json& load = j.at("trace").at("passes")[0].at("groups")[0].at("stages")[0].at("values");
    ASSERT_FALSE(load.empty());
    bool someAboveZero = false;
    for (const json& v : load) {
        EXPECT_GE(v.get<double>(), 0);
        EXPECT_LE(v.get<double>(), 9);
        someAboveZero = someAboveZero || v.get<double>() > 0;
    }
    EXPECT_TRUE(someAboveZero) << load.dump();
}

TEST(CliCheck, ABuildThatNeverEndsIsStoppedAndSaidToBeTheBuild) {
    // About a million statements from a doubling macro: the compiler is still at work when the time limit comes.
    const ChildResult r =
        check({"--kernel", kernel("builds_for_minutes.cl"), "--wg", "64", "--timeout", "3", "--json"}, 120);
    const json j = report(r);
    EXPECT_EQ(r.exitCode, 2) << r.out << r.err;
    EXPECT_FALSE(j.at("builds").get<bool>());
    ASSERT_FALSE(j.at("failures").empty()) << j.dump(1);
    EXPECT_EQ(j.at("failures")[0].at("step"), "build");
    EXPECT_EQ(j.at("failures")[0].at("kind"), "timeout");
    EXPECT_NE(j.at("failures")[0].at("message").get<std::string>().find("the build did not finish within 3 s"),
              std::string::npos);
    EXPECT_LT(r.seconds, 30.0);  // one step's limit, and no simulator run after it
    const ChildResult text = check({"--kernel", kernel("builds_for_minutes.cl"), "--wg", "64", "--timeout", "3"}, 120);
    EXPECT_NE(text.out.find("the build did not finish"), std::string::npos) << text.out;
}

namespace {

bool notesSay(const json& report, const std::string& words) {
    for (const json& n : report.at("notes"))
        if (n.get<std::string>().find(words) != std::string::npos) return true;
    return false;
}

}  // namespace

TEST(CliCheck, TheWriteUpsThreeArgumentKernelIsTracedAndRight) {
    // No --type: the kernel is written for float, so it is checked as float.
    const ChildResult r = check({"--kernel", kernel("seed_three_arguments.cl"), "--wg", "64", "--json"});
    const json j = report(r);
    EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
    EXPECT_EQ(j.at("type"), "float");
    EXPECT_TRUE(j.at("correct").get<bool>()) << j.at("sizes").dump(1);
    EXPECT_TRUE(j.at("out_of_bounds").empty()) << j.at("out_of_bounds").dump(1);  // the padding covers its reads
    EXPECT_EQ(j.at("traced_on"), "Oclgrind");
    EXPECT_EQ(j.at("stages").get<int>(), 7);  // the load and log2(64) steps
    EXPECT_TRUE(notesSay(j, "argument 1 '__global float *a' is the input")) << j.at("notes").dump(1);
    EXPECT_TRUE(notesSay(j, "no element count")) << j.at("notes").dump(1);
    EXPECT_TRUE(notesSay(j, "read past the end of a real array")) << j.at("notes").dump(1);
}

TEST(CliCheck, TheTutorialsScalarKernelWithItsLocalBufferSecondIsRight) {
    const ChildResult r = check({"--kernel", kernel("seed_local_second.cl"), "--wg", "64", "--json"});
    const json j = report(r);
    EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
    EXPECT_TRUE(j.at("correct").get<bool>()) << j.at("sizes").dump(1);
    EXPECT_TRUE(notesSay(j, "argument 2 '__local float *partial_sums' is the __local buffer")) << j.at("notes").dump(1);
    EXPECT_TRUE(notesSay(j, "argument 3 '__global float *output' is the output")) << j.at("notes").dump(1);
}

TEST(CliCheck, AnIntKernelWithItsArgumentsInAnotherOrderIsRight) {
    const ChildResult r = check({"--kernel", kernel("int_arguments_reordered.cl"), "--wg", "32", "--json"});
    const json j = report(r);
    EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
    EXPECT_EQ(j.at("type"), "int");
    EXPECT_TRUE(j.at("correct").get<bool>()) << j.at("sizes").dump(1);
    EXPECT_TRUE(j.at("races").empty());
    EXPECT_TRUE(notesSay(j, "argument 4 'const int count' is the element count")) << j.at("notes").dump(1);
    // The same kernel runs and is traced from `run` and `trace` too.
    const ChildResult run = rl::process::runProgram(
        {RL_REDUCELAB_BIN, "run", "--kernel", kernel("int_arguments_reordered.cl"), "--n", "1000", "--wg", "32"}, 120);
    EXPECT_EQ(run.exitCode, 0) << run.out << run.err;
    EXPECT_NE(run.out.find("CORRECT"), std::string::npos) << run.out;
}

TEST(CliCheck, TheTutorialsFloat4KernelIsRefusedWithTheReason) {
    const ChildResult r = check({"--kernel", kernel("seed_vector4.cl"), "--json"});
    const json j = report(r);
    EXPECT_EQ(r.exitCode, 2) << r.out << r.err;
    const std::string contract = j.at("contract").get<std::string>();
    EXPECT_NE(contract.find("float4 vectors"), std::string::npos) << contract;
    EXPECT_NE(contract.find("one global input, one global output"), std::string::npos) << contract;
}

TEST(CliCheck, AHelperKernelBesideTheReductionDoesNotNeedEntry) {
    const ChildResult r = check({"--kernel", kernel("with_helper_kernel.cl"), "--wg", "64", "--json"});
    const json j = report(r);
    EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
    EXPECT_EQ(j.at("entry"), "reduce");
    EXPECT_TRUE(notesSay(j, "the only one a reduction launch fits")) << j.at("notes").dump(1);
    // What the check read of the kernel is in the report, for the explorer (which does not read the text again).
    const json& k = j.at("kernel");
    EXPECT_TRUE(k.at("ok").get<bool>());
    EXPECT_EQ(k.at("kernel").at("name"), "reduce");
    EXPECT_EQ(k.at("args").at("scratch"), 3);
    EXPECT_FALSE(k.at("types").empty());
}
