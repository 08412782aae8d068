// Build logs read as diagnostics, in the forms OpenCL compilers write (clang's: NVIDIA, AMD, Intel; PoCL's own),
// and the student program text that makes them carry the student's own line numbers.
#include <gtest/gtest.h>

#include "core/workbench/diagnostics.h"

#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

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

// A typo in a macro's argument (RL_BIN(in[gdi])): clang names the macro's place and the typo's spelling, once per use
// of the argument in the macro. The student sees it once, on the typo; an error spelled in the prelude's macro stays
// on the student's line that used it.
TEST(WorkbenchDiagnostics, AnErrorInAMacrosArgumentIsOnTheTypoAndSaidOnce) {
    const std::string twice = "error: mine.cl:16:24 <Spelling=mine.cl:16:34>: use of undeclared identifier 'gdi'\n";
    const auto mine = diagnosticsFor(parseBuildLog(twice + twice + twice), "mine.cl");
    ASSERT_EQ(mine.size(), 1u);
    EXPECT_EQ(mine[0].line, 16);
    EXPECT_EQ(mine[0].column, 34);
    EXPECT_EQ(mine[0].severity, "error");
    EXPECT_EQ(mine[0].message, "use of undeclared identifier 'gdi'");

    const auto clang = parseBuildLog("mine.cl:9:5 <Spelling=common.cl:40:12>: error: invalid operands\n"
                                     "mine.cl:9:5 <Spelling=mine.cl:9:14>: warning: unused\n");
    ASSERT_EQ(clang.size(), 2u);
    EXPECT_EQ(clang[0].file, "mine.cl");
    EXPECT_EQ(clang[0].line, 9);
    EXPECT_EQ(clang[0].column, 5);  // spelled in the prelude: the student's use of the macro
    EXPECT_EQ(clang[0].message, "invalid operands");
    EXPECT_EQ(clang[1].column, 14);
}

TEST(WorkbenchDiagnostics, StudentsOwnSortedErrorsFirst) {
    const auto all = parseBuildLog(
        "mine.cl:9:1: warning: w\n"
        "common.cl:40:1: error: in the prelude\n"
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

// The logs NVIDIA's OpenCL compiler wrote for the kernels in tests/data/workbench/kernels (recorded by
// bench/gpu/student-path.sh; the file says on which driver): the program is named "<kernel>", #line is ignored and
// lines count from the start of the whole program, whose student part then began at `first_student_line`.
nlohmann::json nvidiaLogs() {
    std::ifstream in(RL_WORKBENCH_DIR "/logs/nvidia.json");
    EXPECT_TRUE(in.good()) << "cannot read tests/data/workbench/logs/nvidia.json";
    return nlohmann::json::parse(in);
}

// The student's line `line` (1-based) of a kernel file in tests/data/workbench/kernels.
std::string lineOf(const std::string& kernel, int line) {
    std::ifstream in(std::string(RL_WORKBENCH_DIR "/../../../") + kernel);
    std::string text;
    for (int i = 0; i < line && std::getline(in, text); ++i) {
    }
    return text;
}

struct Expected {
    const char* kernel;
    int line, column;
    const char* severity;
    const char* says;
};

TEST(WorkbenchDiagnostics, NvidiasLogsLandOnTheStudentsLines) {
    const auto logs = nvidiaLogs();
    const int first = logs.at("first_student_line").get<int>();
    const Expected expected[] = {
        {"missing_semicolon", 5, 51, "error", "expected ';' after expression"},
        {"undeclared_name", 8, 19, "error", "use of undeclared identifier 'stride'"},
        {"type_error", 11, 40, "error", "incompatible type"},
        {"typo", 6, 42, "error", "did you mean 'scratch'?"},
    };
    for (const Expected& e : expected) {
        SCOPED_TRACE(e.kernel);
        const auto& entry = logs.at("logs").at(e.kernel);
        const std::string file = std::string(e.kernel) + ".cl";
        const auto d = studentDiagnostics(entry.at("log").get<std::string>(), "/home/student/" + file, first);
        ASSERT_FALSE(d.empty());
        EXPECT_EQ(d[0].file, file);
        EXPECT_EQ(d[0].line, e.line);
        EXPECT_EQ(d[0].column, e.column);
        EXPECT_EQ(d[0].severity, e.severity);
        EXPECT_NE(d[0].message.find(e.says), std::string::npos) << d[0].message;
        // The excerpt the compiler quoted is the student's own line, with a caret under the column.
        const std::string quoted = d[0].excerpt.substr(0, d[0].excerpt.find('\n'));
        EXPECT_EQ(quoted, lineOf(entry.at("kernel").get<std::string>(), e.line));
        const std::string caret = d[0].excerpt.substr(d[0].excerpt.find('\n') + 1);
        EXPECT_EQ(caret.find('^'), size_t(e.column - 1)) << d[0].excerpt;
    }
}

TEST(WorkbenchDiagnostics, NvidiasNoteFollowsItsErrorOntoTheStudentsLines) {
    const auto logs = nvidiaLogs();
    const auto d = studentDiagnostics(logs.at("logs").at("typo").at("log").get<std::string>(), "typo.cl",
                                      logs.at("first_student_line").get<int>());
    ASSERT_EQ(d.size(), 2u);
    EXPECT_EQ(d[1].severity, "note");
    EXPECT_EQ(d[1].line, 2);  // where scratch is declared: the kernel's parameter list
    EXPECT_EQ(d[1].message, "'scratch' declared here");
}

TEST(WorkbenchDiagnostics, AnAssemblerErrorWithNoLineIsStillAnError) {
    const auto logs = nvidiaLogs();
    const auto d = studentDiagnostics(logs.at("logs").at("huge_local").at("log").get<std::string>(),
                                      "huge_local.cl", logs.at("first_student_line").get<int>());
    ASSERT_EQ(d.size(), 1u);
    EXPECT_EQ(d[0].file, "huge_local.cl");
    EXPECT_EQ(d[0].line, 0);
    EXPECT_EQ(d[0].severity, "error");
    EXPECT_EQ(d[0].message.rfind("ptxas: ", 0), 0u) << d[0].message;
    EXPECT_NE(d[0].message.find("uses too much shared data"), std::string::npos) << d[0].message;
}

TEST(WorkbenchDiagnostics, AHonouredLineDirectiveIsTakenAsItIs) {
    // Clang and PoCL honour #line: the student's file and lines, whatever the program's length.
    const auto d = studentDiagnostics(
        "<source>:12:3: error: in the prelude\n"
        "mine.cl:7:22: error: use of undeclared identifier 'scrach'\n"
        "    scrach[lid] = 0;\n"
        "    ^\n",
        "mine.cl", 237);
    ASSERT_EQ(d.size(), 1u);
    EXPECT_EQ(d[0].line, 7);
    EXPECT_EQ(d[0].excerpt, "    scrach[lid] = 0;\n    ^\n");
}

TEST(WorkbenchDiagnostics, WholeProgramLinesInThePreludeAreLeftOut) {
    const auto d = studentDiagnostics("<kernel>:40:1: warning: in the prelude\n<kernel>:240:1: warning: mine\n",
                                      "mine.cl", 237);
    ASSERT_EQ(d.size(), 1u);
    EXPECT_EQ(d[0].line, 4);
    EXPECT_EQ(d[0].file, "mine.cl");
}

TEST(WorkbenchDiagnostics, TheFirstStudentLineIsWhereTheProgramPutsIt) {
    const std::string program = studentProgramSource("__kernel void k() {}\n", "mine.cl");
    std::istringstream lines(program);
    std::string line;
    for (int i = 1; i < studentFirstLine(); ++i) std::getline(lines, line);
    std::getline(lines, line);
    EXPECT_EQ(line, "__kernel void k() {}");
}

}  // namespace
}  // namespace rl::workbench
