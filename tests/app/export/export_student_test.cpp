// A session of a student's kernel exports like a built-in variant's, with no kernel file around: the session keeps
// the text, and the export rebuilds the variant from it. annotated_sequential.cl is the sequential kernel written by
// a student with the recording macros, so its exported stages must be the built-in sequential's, drawn the same.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>
#include <unistd.h>

#include "app/export/export_job.h"
#include "core/session/session.h"
#include "core/workbench/student_kernel.h"
#include "tests/support/export_test_util.h"

namespace rl {
namespace {

std::vector<std::string> svgTexts(const std::string& svg) {
    std::vector<std::string> out;
    const std::regex text("<text[^>]*>([^<]*)</text>");
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), text); it != std::sregex_iterator(); ++it)
        out.push_back((*it)[1]);
    return out;
}

TEST(ExportStudentSession, ExportsWithoutItsFileAndDrawsWhatTheBuiltInDraws) {
    const std::string text = test::readAll(std::string(RL_WORKBENCH_KERNELS) + "/annotated_sequential.cl");
    ASSERT_FALSE(text.empty());
    const VariantInfo student = workbench::studentVariant(text, "annotated_sequential.cl", "", ElemType::Int);
    const std::string mine = test::savedSession(student, SessionKernel{"annotated_sequential.cl", "", text}, "student");
    const std::string builtIn = test::savedSession(*findVariant("sequential"), std::nullopt, "builtin");

    auto exportAll = [](const std::string& session, const std::string& out) {
        exporter::ExportRequest r;
        r.session = session;
        r.allStages = true;
        r.format = exporter::Format::Svg;
        r.caption = false;  // the caption names the kernel; the drawing must not differ otherwise
        r.out = out;
        return exporter::runExportJob(r, nullptr);
    };
    const std::string dir = testing::TempDir();
    const auto a = exportAll(mine, dir + "rl_student_" + std::to_string(::getpid()) + ".svg");
    const auto b = exportAll(builtIn, dir + "rl_builtin_" + std::to_string(::getpid()) + ".svg");
    ASSERT_EQ(a.size(), b.size());
    ASSERT_GE(a.size(), 5u);  // at least the load, then s = 8, 4, 2, 1 of the first pass
    for (size_t i = 0; i < a.size(); ++i) {
        const std::string sa = test::readAll(a[i]), sb = test::readAll(b[i]);
        EXPECT_EQ(svgTexts(sa), svgTexts(sb)) << "step " << i;
        EXPECT_EQ(std::count(sa.begin(), sa.end(), '\n'), std::count(sb.begin(), sb.end(), '\n')) << "step " << i;
        std::remove(a[i].c_str());
        std::remove(b[i].c_str());
    }
    // The kept text is all the export needed: no file of that name exists where the session is.
    std::remove(mine.c_str());
    std::remove(builtIn.c_str());
}

}  // namespace
}  // namespace rl
