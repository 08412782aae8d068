// Runs the command line in-process for a test: its exit status and what it printed on stdout and stderr.
#pragma once
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/cli/cli.h"

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

}  // namespace rl::test
