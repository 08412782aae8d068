// A session of a student's kernel: traced on the device, saved with the kernel's text, reopened with no file
// around, identical; the variant rebuilt from the text it keeps; a session whose kept text breaks the contract, or
// that names a student's kernel it does not keep, is refused with the reason.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <unistd.h>

#include "core/catalogue/kernel_source.h"
#include "core/session/session.h"
#include "core/workbench/student_kernel.h"
#include "tests/support/device_fixture.h"
#include "tests/support/session_test_util.h"

namespace rl {
namespace {

std::string kernelText(const std::string& name) {
    std::ifstream in(std::string(RL_WORKBENCH_KERNELS) + "/" + name);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

Session studentSession() {
    const std::string text = kernelText("annotated_sequential.cl");
    RunConfig c;
    c.n = 300;
    c.wg = 64;
    c.type = ElemType::Int;
    const VariantInfo v = workbench::studentVariant(text, "annotated_sequential.cl", "", c.type);
    c.variant = v.id;
    Engine& e = test::engine();
    const HostArray input = makeInput(c.type, c.data, c.n, c.seed);
    Session s;
    s.device = e.device();
    s.config = c;
    s.trace = e.trace(v, c, input);
    s.timings = e.run(v, c, input, 0, 3);
    s.savedBy = "ReduceLab student-session test";
    s.kernel = SessionKernel{"annotated_sequential.cl", "", text};
    return s;
}

TEST(StudentKernelSession, ReopensIdenticalWithTheKernelItKeeps) {
    const Session s = studentSession();
    const std::string path = testing::TempDir() + "rl_student_" + std::to_string(::getpid()) + ".reducelab.json";
    saveSession(s, path);
    const Session back = loadSession(path);
    std::remove(path.c_str());
    test::expectSameSession(s, back);
    ASSERT_TRUE(back.kernel.has_value());
    EXPECT_EQ(back.kernel->text, s.kernel->text);
    const VariantInfo v = sessionVariant(back);
    EXPECT_EQ(v.id, "kernel:annotated_sequential.cl");
    EXPECT_EQ(v.kernelName, "reduce");
    EXPECT_NE(v.source.find("scratch"), std::string::npos);
}

TEST(StudentKernelSession, AStudentsVariantWithoutItsKernelIsRefused) {
    Session s = studentSession();
    s.kernel.reset();
    EXPECT_THROW(
        {
            try {
                serializeSession(s);
            } catch (const Error& e) {
                EXPECT_NE(std::string(e.what()).find("kernel:annotated_sequential.cl"), std::string::npos) << e.what();
                throw;
            }
        },
        Error);
}

TEST(StudentKernelSession, KeptTextThatBreaksTheContractIsRefused) {
    Session s = studentSession();
    const std::string text = serializeSession(s);
    std::string broken = text;
    const std::string from = "__global const T *in";
    const size_t at = broken.find(from);
    ASSERT_NE(at, std::string::npos);
    // A second input: nothing left for the output to be matched with (one input, one output, in any order).
    broken.replace(at, from.size(), "__global const T *in, __global const T *other");
    try {
        parseSession(broken);
        ADD_FAILURE() << "a session whose kernel breaks the contract was accepted";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("contract"), std::string::npos) << e.what();
    }
}

// A student's scan (the built-in Hillis-Steele's text, recording its stages, as a student copies it): the session
// keeps that it is a scan, and reopens as a tiled scan with every element of its output.
TEST(StudentKernelSession, AScanKernelReopensAsAScan) {
    const std::string text = kernelFileText("kernels/scan/hillis-steele.cl");
    RunConfig c;
    c.n = 100;
    c.wg = 16;
    c.type = ElemType::Int;
    const VariantInfo v = workbench::studentVariant(text, "my_scan.cl", "", c.type, Pattern::Scan);
    ASSERT_EQ(v.kind, VariantKind::ScanTiles);
    c.variant = v.id;
    Engine& e = test::engine();
    const HostArray input = makeInput(c.type, c.data, c.n, c.seed);
    Session s;
    s.device = e.device();
    s.config = c;
    s.trace = e.trace(v, c, input);
    s.savedBy = "ReduceLab student-session test";
    s.kernel = SessionKernel{"my_scan.cl", "", text, Pattern::Scan};
    ASSERT_TRUE(s.trace.correct) << s.trace.verdict;
    ASSERT_EQ(s.trace.output.size(), c.n);
    const Session back = parseSession(serializeSession(s));
    ASSERT_TRUE(back.kernel.has_value());
    EXPECT_EQ(back.kernel->pattern, Pattern::Scan);
    EXPECT_EQ(back.trace.output, s.trace.output);
    const VariantInfo again = sessionVariant(back);
    EXPECT_EQ(again.pattern, Pattern::Scan);
    EXPECT_EQ(again.kind, VariantKind::ScanTiles);
    EXPECT_EQ(again.args.sums, 2);
    // The same text kept as a reduction's does not keep the reduction's contract: refused, with the reason.
    Session wrong = s;
    wrong.kernel->pattern = Pattern::Reduce;
    EXPECT_THROW(serializeSession(wrong), Error);
}

}  // namespace
}  // namespace rl
