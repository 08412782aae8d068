// A student's kernel with a typo, built by the device's own compiler (PoCL in CI): the diagnostic lands on the
// student's line, in the student's file, and a fixed kernel builds.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/catalogue/build_options.h"
#include "core/catalogue/kernel_source.h"
#include "core/catalogue/variant.h"
#include "core/workbench/diagnostics.h"
#include "tests/support/device_fixture.h"

namespace rl {
namespace {

const char* kTypo =
    "// mine.cl: a first reduce\n"                                                            // 1
    "__kernel void mine(__global const T *in, __global T *out, const uint n, __local T *scratch) {\n"  // 2
    "    const uint lid = get_local_id(0);\n"                                                  // 3
    "    scratch[lid] = get_global_id(0) < n ? in[get_global_id(0)] : RL_IDENTITY;\n"          // 4
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"                                                      // 5
    "    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {\n"                             // 6
    "        if (lid < s) scrach[lid] = RL_APPLY(scratch[lid], scratch[lid + s]);\n"           // 7: the typo
    "        barrier(CLK_LOCAL_MEM_FENCE);\n"                                                  // 8
    "    }\n"                                                                                  // 9
    "    if (lid == 0) out[get_group_id(0)] = scratch[0];\n"                                   // 10
    "}\n";

std::string options() {
    RunConfig c;
    c.type = ElemType::Int;
    return buildOptions(*findVariant("sequential"), c, false);
}

TEST(WorkbenchBuild, TheTyposDiagnosticIsOnTheStudentsLine) {
    const std::string source = workbench::studentProgramSource(kTypo, "/home/student/mine.cl");
    try {
        test::engine().programs().program("mine-typo", source, options());
        FAIL() << "a kernel using an undeclared name built";
    } catch (const Error& e) {
        ASSERT_EQ(e.kind(), ErrorKind::BuildFailed);
        const auto mine = workbench::diagnosticsFor(workbench::parseBuildLog(e.what()), "mine.cl");
        ASSERT_FALSE(mine.empty()) << "no diagnostic in mine.cl in the log:\n" << e.what();
        EXPECT_EQ(mine[0].severity, "error");
        EXPECT_EQ(mine[0].line, 7) << e.what();
        EXPECT_GT(mine[0].column, 0);
        EXPECT_NE(mine[0].message.find("scrach"), std::string::npos) << mine[0].message;
    }
}

// The histogram starter with a typo inside RL_BIN(...): the device's compiler reports it inside the macro (PoCL: once
// per use of the argument); the student gets it once, on the typo's own line and column.
TEST(WorkbenchBuild, ATypoInsideAMacroIsMarkedOnceOnTheTypo) {
    std::string text = kernelFileText("kernels/histogram/starter.cl");
    const size_t at = text.find("RL_BIN(in[gid])");
    ASSERT_NE(at, std::string::npos) << "the starter no longer bins in[gid]";
    text.replace(at + 10, 3, "gdi");
    const int line = 1 + int(std::count(text.begin(), text.begin() + long(at), '\n'));
    const int column = int(at - text.rfind('\n', at)) + 10;
    RunConfig c;
    c.type = ElemType::Int;
    const std::string source = workbench::studentProgramSource(text, "mine.cl");
    try {
        test::engine().programs().program("mine-macro-typo", source, buildOptions(*findVariant("privatized"), c, false));
        FAIL() << "a kernel using an undeclared name built";
    } catch (const Error& e) {
        const auto mine = workbench::studentDiagnostics(e.what(), "mine.cl", workbench::studentFirstLine(), text);
        ASSERT_EQ(mine.size(), 1u) << e.what();
        EXPECT_EQ(mine[0].line, line) << e.what();
        EXPECT_EQ(mine[0].column, column) << e.what();
        EXPECT_NE(mine[0].message.find("gdi"), std::string::npos) << mine[0].message;
        EXPECT_EQ(mine[0].message.find("Spelling"), std::string::npos) << mine[0].message;
    }
}

TEST(WorkbenchBuild, TheFixedKernelBuilds) {
    std::string fixed = kTypo;
    fixed.replace(fixed.find("scrach"), 6, "scratch");
    const std::string source = workbench::studentProgramSource(fixed, "mine.cl");
    EXPECT_NO_THROW(test::engine().programs().program("mine-fixed", source, options()));
}

}  // namespace
}  // namespace rl
