// The autosaved kernel and the command line: plain `reducelab` reopens the workbench on it, while a command line
// that names a problem (`reducelab --variant first-add --n 64`) shows that problem, the kernel kept behind the
// controls' "Reopen your kernel", which brings it back with its unsaved edits. Its own data folder per test.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "tests/support/app_run.h"
#include "tests/support/screenshot_checks.h"
#include "tests/app/gui/workbench/workbench_fixture.h"

namespace rl::apptest {
namespace {

TEST(WorkbenchReopen, ANamedProblemKeepsTheAutosavedKernelBehindAButton) {
    const std::string d = tempDir("reopen");
    // A new kernel with an unsaved line, left by a clean exit (the autosave).
    AppRun r = runApp(d, "--config-dir " + d + "/cfg --no-save --size 1400x900 --script \"wait-trace;kernel-new;"
                         "kernel-edit-line:1:// my unsaved thought;frames:3;quit\"",
                      env(d));
    ASSERT_EQ(r.exitCode, 0) << r.err;

    // The command line names a problem: it is what the window shows; the kernel waits behind the button.
    r = runApp(d, "--config-dir " + d + "/cfg --no-save --size 1400x900 --variant first-add --n 64 --script "
                  "\"wait-trace;frames:3;shot:" + d + "/named.png;kernel-reopen;frames:3;shot:" + d +
                      "/reopened.png;quit\"",
               env(d));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot named, reopened;
    ASSERT_TRUE(loadShot(d + "/named.png", &named) && loadShot(d + "/reopened.png", &reopened));
    const auto& w = named.geometry["workbench"];
    EXPECT_FALSE(w["open"].get<bool>()) << "the autosaved kernel took the column from the named problem";
    EXPECT_EQ(w["reopen"].get<std::string>().rfind("Reopen your kernel (mine", 0), 0u) << w["reopen"];
    const auto button = rectOf(w["reopenRect"]);
    EXPECT_GT(button.w, 40);
    EXPECT_GT(button.h, 10);
    EXPECT_LE(button.right(), 1400);
    EXPECT_EQ(named.geometry["variant"], "first-add");

    const auto& back = reopened.geometry["workbench"];
    EXPECT_TRUE(back["open"].get<bool>());
    EXPECT_EQ(back["text"].get<std::string>().rfind("// my unsaved thought\n", 0), 0u) << back["text"];
    EXPECT_EQ(back["reopen"], "");

    // Plain `reducelab` (no problem named) restores it into the column as before.
    r = runApp(d, "--config-dir " + d + "/cfg --no-save --size 1400x900 --script \"wait-trace;frames:3;shot:" + d +
                      "/plain.png;quit\"",
               env(d));
    ASSERT_EQ(r.exitCode, 0) << r.err;
    Shot plain;
    ASSERT_TRUE(loadShot(d + "/plain.png", &plain));
    EXPECT_TRUE(plain.geometry["workbench"]["open"].get<bool>());
    EXPECT_EQ(plain.geometry["workbench"]["text"].get<std::string>().rfind("// my unsaved thought\n", 0), 0u);
}

}  // namespace
}  // namespace rl::apptest
