// The explorer under Xvfb given settings it cannot run: it says why and stays up.
#include <gtest/gtest.h>

#include <string>

#include "tests/support/app_run.h"
#include "tests/support/screenshot_checks.h"

namespace rl::apptest {
namespace {

// A work-group of one work-item cannot shrink the input (one partial per element, for ever): the explorer says so
// and stays up, instead of planning passes until memory runs out.
TEST(Explorer, AWorkGroupOfOneIsRefusedAndTheExplorerStaysUp) {
    const std::string d = tempDir("explorer");
    const AppRun r = runApp(d, "--config-dir " + d + "/cfg --size 1200x800 --variant sequential --n 64 --script "
                               "\"wait-trace;set:wg=1;frames:20;tab:messages;frames:5;shot:" + d + "/after.png;quit\"");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.err.find("give --wg 2 or more"), std::string::npos) << r.err;
    Shot s;
    EXPECT_TRUE(loadShot(d + "/after.png", &s));  // it went on drawing after the refusal
}

}  // namespace
}  // namespace rl::apptest
