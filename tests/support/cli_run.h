// Runs the command line in-process for a test: its exit status and what it printed on stdout and stderr.
#pragma once
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/cli/cli.h"
#include "core/process/child_process.h"

namespace rl::test {

struct Outcome {
    int rc;
    std::string out, err;
};

inline Outcome runCli(std::vector<std::string> args) {
    args.insert(args.begin(), "reducelab");
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    testing::internal::CaptureStdout();
    testing::internal::CaptureStderr();
    const int rc = rl::cli::run(int(argv.size()), argv.data());
    Outcome o{rc, testing::internal::GetCapturedStdout(), testing::internal::GetCapturedStderr()};
    return o;
}

// The JSON report a child `reducelab ... --json` printed; a test failure (and an empty object) when it exited
// abnormally or printed something else.
inline nlohmann::json jsonReport(const rl::process::ChildResult& r) {
    EXPECT_TRUE(r.exited()) << r.describe() << "\n" << r.err;
    try {
        return nlohmann::json::parse(r.out);
    } catch (const nlohmann::json::exception& e) {
        ADD_FAILURE() << "not JSON: " << e.what() << "\n" << r.out << r.err;
        return nlohmann::json::object();
    }
}

}  // namespace rl::test
