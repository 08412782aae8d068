// A student's session exports to PNG and GIF like a built-in variant's, with no kernel file around (the session
// keeps the text): annotated_sequential.cl is the sequential kernel written by a student with the recording macros,
// so without the caption (which names the kernel) its pictures are the built-in sequential's, pixel for pixel.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>

#include "app/export/gif_writer.h"
#include "app/export/raster_image.h"
#include "core/process/child_process.h"
#include "core/workbench/student_kernel.h"
#include "tests/support/export_test_util.h"

namespace rl {
namespace {

// `reducelab export ARGS` as a user runs it: the real binary, in a process of its own.
process::ChildResult exportCli(std::vector<std::string> args) {
    args.insert(args.begin(), {RL_REDUCELAB, "export"});
    return process::runProgram(args, 300);
}

struct Sessions {
    std::string student, builtIn;
    Sessions() {
        const std::string text = test::readAll(std::string(RL_WORKBENCH_KERNELS) + "/annotated_sequential.cl");
        EXPECT_FALSE(text.empty());
        const VariantInfo mine = workbench::studentVariant(text, "annotated_sequential.cl", "", ElemType::Int);
        student = test::savedSession(mine, SessionKernel{"annotated_sequential.cl", "", text}, "raster_student");
        builtIn = test::savedSession(*findVariant("sequential"), std::nullopt, "raster_builtin");
    }
    ~Sessions() {
        std::remove(student.c_str());
        std::remove(builtIn.c_str());
    }
};

TEST(ExportStudentSession, PngAndGifAreTheBuiltInsPictures) {
    if (!std::getenv("DISPLAY")) GTEST_SKIP() << "no X server (scripts/test runs these under xvfb-run)";
    const Sessions s;
    const std::string dir = test::freshDir("student_raster");
    for (const char* stage : {"0", "2", "4"}) {
        const std::string a = dir + "/student_" + stage + ".png", b = dir + "/builtin_" + stage + ".png";
        for (const auto& [session, out] : {std::pair{s.student, a}, std::pair{s.builtIn, b}}) {
            const auto r = exportCli({"--session", session, "--format", "png", "--stage", stage, "--scale", "2",
                                      "--no-caption", "--out", out});
            ASSERT_EQ(r.exitCode, 0) << r.describe() << r.err;
        }
        const auto ia = exporter::readPng(a), ib = exporter::readPng(b);
        ASSERT_GT(ia.width, 100) << stage;
        ASSERT_EQ(ia.width, ib.width) << stage;
        ASSERT_EQ(ia.height, ib.height) << stage;
        const auto d = test::compare(ia, ib, 16);
        EXPECT_EQ(d.bigFraction, 0.0) << "stage " << stage;
        EXPECT_LT(d.mean, 0.05) << "stage " << stage;
    }
    const std::string ga = dir + "/student.gif", gb = dir + "/builtin.gif";
    ASSERT_EQ(exportCli({"--session", s.student, "--format", "gif", "--out", ga}).exitCode, 0);
    ASSERT_EQ(exportCli({"--session", s.builtIn, "--format", "gif", "--out", gb}).exitCode, 0);
    int wa = 0, ha = 0, wb = 0, hb = 0;
    const int frames = exporter::countGifFrames(ga, &wa, &ha);
    EXPECT_GE(frames, 5);  // the load, then s = 8, 4, 2, 1 of the first pass, and the second pass
    EXPECT_EQ(frames, exporter::countGifFrames(gb, &wb, &hb));
    EXPECT_EQ(wa, wb);
    EXPECT_EQ(ha, hb);
}

}  // namespace
}  // namespace rl
