// Build logs read as diagnostics, in the forms OpenCL compilers write (clang's: NVIDIA, AMD, Intel; PoCL's own),
// and the student program text that makes them carry the student's own line numbers.
#include <gtest/gtest.h>

#include "core/workbench/diagnostics.h"

namespace rl::workbench {
namespace {

TEST(WorkbenchDiagnostics, ClangFormWithSourceExcerptAndCaret) {
    const auto d = parseBuildLog(
        "mine.cl:5:13: error: use of undeclared identifier 'scrach'; did you mean 'scratch'?\n"
        "    barrier(scrach);\n"
        "            ^~~~~~\n"
        "mine.cl:2:5: warning: unused variable 'x' [-Wunused-variable]\n"
        "1 warning and 1 error generated.\n");
    ASSERT_EQ(d.size(), 2u);
    EXPECT_EQ(d[0].file, "mine.cl");
    EXPECT_EQ(d[0].line, 5);
    EXPECT_EQ(d[0].column, 13);
    EXPECT_EQ(d[0].severity, "error");
    EXPECT_EQ(d[0].message, "use of undeclared identifier 'scrach'; did you mean 'scratch'?");
    EXPECT_EQ(d[1].severity, "warning");
    EXPECT_EQ(d[1].line, 2);
}

TEST(WorkbenchDiagnostics, PathsDriveLettersNoColumnAndFatalErrors) {
    const auto d = parseBuildLog(
        "/tmp/pocl-abc/mine.cl:7:1: fatal error: 'missing.h' file not found\n"
        "C:\\\\course\\\\mine.cl:9: warning: something\n"
        "<kernel>:3:2: note: quoted \"error: inside\" the message\n"
        "error: no line at all\n");
    ASSERT_EQ(d.size(), 3u);
    EXPECT_EQ(d[0].file, "mine.cl");
    EXPECT_EQ(d[0].severity, "error");
    EXPECT_EQ(d[1].file, "mine.cl");
    EXPECT_EQ(d[1].line, 9);
    EXPECT_EQ(d[1].column, 0);
    EXPECT_EQ(d[2].file, "<kernel>");
    EXPECT_EQ(d[2].severity, "note");
    EXPECT_EQ(d[2].message, "quoted \"error: inside\" the message");
}

TEST(WorkbenchDiagnostics, PoclFormSeverityFirst) {
    const auto d = parseBuildLog(
        "error: mine.cl:7:22: use of undeclared identifier 'scrach'; did you mean 'scratch'?\n"
        "warning: mine.cl:3: x: y\n"
        "Device pthread-cpu failed to build the program\n");
    ASSERT_EQ(d.size(), 2u);
    EXPECT_EQ(d[0].file, "mine.cl");
    EXPECT_EQ(d[0].line, 7);
    EXPECT_EQ(d[0].column, 22);
    EXPECT_EQ(d[0].message, "use of undeclared identifier 'scrach'; did you mean 'scratch'?");
    EXPECT_EQ(d[1].line, 3);
    EXPECT_EQ(d[1].message, "x: y");
}

TEST(WorkbenchDiagnostics, StudentsOwnSortedErrorsFirst) {
    const auto all = parseBuildLog(
        "mine.cl:9:1: warning: w\n"
        "reduce_common.cl:40:1: error: in the prelude\n"
        "mine.cl:12:3: error: late\n"
        "mine.cl:4:3: error: early\n");
    const auto mine = diagnosticsFor(all, "/home/student/mine.cl");
    ASSERT_EQ(mine.size(), 3u);
    EXPECT_EQ(mine[0].line, 4);
    EXPECT_EQ(mine[1].line, 12);
    EXPECT_EQ(mine[2].severity, "warning");
}

TEST(WorkbenchDiagnostics, StudentTextFollowsThePreludeUnderItsOwnName) {
    const std::string src = studentProgramSource("__kernel void k() {}\n", "/home/student/my \"kernel\".cl");
    const size_t line = src.find("#line 1 \"my kernel.cl\"\n__kernel void k()");
    ASSERT_NE(line, std::string::npos);
    EXPECT_NE(src.find("RL_APPLY"), std::string::npos) << "the prelude defines T, RL_APPLY, RL_IDENTITY";
    EXPECT_LT(src.find("RL_APPLY"), line);
}

}  // namespace
}  // namespace rl::workbench
