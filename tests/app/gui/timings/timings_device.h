// The name the Timings view gives the test's OpenCL device (its report's "device"), as scripts/bench's figures must
// name it to be drawn beside the ladder: the app opened once in directory `d` with the environment `env`.
#pragma once
#include <gtest/gtest.h>

#include <string>

#include "tests/support/app_run.h"

namespace rl::apptest {

inline std::string timingsDevice(const std::string& d, const std::string& env) {
    const AppRun r = runApp(d,
                            "--config-dir " + d +
                                "/cfg --no-save --script \"wait-trace;timings:open;frames:2;"
                                "timings:cancel;timings:report=" +
                                d + "/device.json;quit\"",
                            env);
    EXPECT_EQ(r.exitCode, 0) << r.err;
    return r.exitCode == 0 ? readJson(d + "/device.json").value("device", "") : "";
}

}  // namespace rl::apptest
