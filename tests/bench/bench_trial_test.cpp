// The scan and histogram benches' trials (--trials): an edited copy of a variant's kernel, built from the file and
// launched by the variant's runner beside it, checked as the variant is; and NVIDIA's account of a kernel's registers
// (bench/reducelab_methods.h).
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>

#include "bench/reducelab_methods.h"
#include "core/model/reference.h"
#include "tests/support/device_fixture.h"

namespace rl::bench {
namespace {

std::string kernelText(const std::string& file) {
    std::ifstream f(std::string(REDUCELAB_SOURCE_DIR) + "/kernels/" + file);
    return std::string((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

// `text` with `from` replaced once by `to` (the edit must be there: the test says which line it changes).
std::string edited(std::string text, const std::string& from, const std::string& to) {
    const size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << "the kernel no longer has: " << from;
    if (at != std::string::npos) text.replace(at, from.size(), to);
    return text;
}

std::string writeTemp(const std::string& name, const std::string& text) {
    const std::string path = ::testing::TempDir() + name;
    std::ofstream(path) << text;
    return path;
}

TEST(BenchTrial, AnEditedCopyRunsItsOwnTextBesideTheVariantAndIsCheckedLikeIt) {
    Engine& engine = test::engine();
    const size_t n = 3001;  // several tiles, the last one partial
    const HostArray input = makeInput(ElemType::Float, DataPattern::Random, n, 5);
    const Reference ref = computeReference(input, Op::Sum);
    const ScanSpec spec{&input, Op::Sum, 64};
    const DeviceData data{input, ref, engine.upload(input), Op::Sum, &spec};

    // hillis-steele's last line writes the tile's scanned value; one trial keeps it, one adds 1 to it, one misspells it.
    const std::string shipped = kernelText("scan/hillis-steele.cl");
    const std::string line = "if (gid < n) out[gid] = src[lid];";
    const std::string same = writeTemp("same.cl", shipped);
    const std::string plusOne = writeTemp("plus_one.cl", edited(shipped, line, "if (gid < n) out[gid] = src[lid] + 1;"));
    const std::string typo = writeTemp("typo.cl", edited(shipped, line, "if (gid < n) out[gid] = scr[lid];"));

    std::vector<Method> methods;
    methods.push_back(makeVariant(engine, "hillis-steele", {64, 0, 0}, data));
    methods.push_back(makeTrial(engine, "hillis-steele", same, {64, 0, 0}, data));
    methods.push_back(makeTrial(engine, "hillis-steele", plusOne, {64, 0, 0}, data));
    methods.push_back(makeTrial(engine, "hillis-steele", typo, {64, 0, 0}, data));
    methods.push_back(makeTrial(engine, "hillis-steele", ::testing::TempDir() + "absent.cl", {64, 0, 0}, data));
    const std::vector<Measurement> got = timeMethods(methods, Timing::Wall, 1, 3, ref, true);
    ASSERT_EQ(got.size(), 5u);

    EXPECT_EQ(got[0].method, "ReduceLab hillis-steele");
    EXPECT_EQ(got[0].role, Role::ReduceLab);
    EXPECT_TRUE(got[0].correct) << got[0].verdict;

    EXPECT_EQ(got[1].method, "trial same.cl");
    EXPECT_EQ(got[1].role, Role::Trial);
    EXPECT_FALSE(got[1].skipped) << got[1].verdict;
    EXPECT_TRUE(got[1].checked && got[1].correct) << got[1].verdict;
    EXPECT_NE(got[1].note.find("edited kernels/scan/hillis-steele.cl"), std::string::npos) << got[1].note;
    EXPECT_NE(got[1].note.find("wg 64"), std::string::npos) << got[1].note;  // the variant's own launch shape

    // The edit is what ran: every element one more than the scan, found by the element-by-element check.
    EXPECT_FALSE(got[2].skipped) << got[2].verdict;
    EXPECT_TRUE(got[2].checked);
    EXPECT_FALSE(got[2].correct);

    EXPECT_TRUE(got[3].skipped);
    EXPECT_NE(got[3].verdict.find("scr"), std::string::npos) << got[3].verdict;  // the compiler's message
    EXPECT_TRUE(got[4].skipped);
    EXPECT_NE(got[4].verdict.find("cannot read"), std::string::npos) << got[4].verdict;
    for (const auto& p : {same, plusOne, typo}) std::remove(p.c_str());
}

// --epi reaches the variant and its trials alike: the launch shape's elements per work-item set the tiles.
TEST(BenchTrial, TheOptionsElementsPerWorkItemShapeTheVariantAndItsTrials) {
    const char* argv[] = {"reducelab_bench", "--pattern", "scan", "--wg", "64", "--epi", "8"};
    BenchOptions o;
    std::string error;
    ASSERT_TRUE(parseOptions(7, const_cast<char**>(argv), o, &error)) << error;
    const LaunchShape launch = variantShape(o, "decoupled-look-back", true);
    EXPECT_EQ(launch.wg, 64u);
    EXPECT_EQ(launch.epi, 8);
    const char* bad[] = {"reducelab_bench", "--epi", "0x"};
    EXPECT_FALSE(parseOptions(3, const_cast<char**>(bad), o, &error));
    EXPECT_NE(error.find("--epi"), std::string::npos) << error;

    Engine& engine = test::engine();
    const size_t n = 3001;
    const HostArray input = makeInput(ElemType::Float, DataPattern::Random, n, 7);
    const Reference ref = computeReference(input, Op::Sum);
    const ScanSpec spec{&input, Op::Sum, 64};
    const DeviceData data{input, ref, engine.upload(input), Op::Sum, &spec};
    const std::string same = writeTemp("same_dlb.cl", kernelText("scan/decoupled-look-back.cl"));
    std::vector<Method> methods;
    methods.push_back(makeVariant(engine, "decoupled-look-back", {64, 0, 4}, data));
    methods.push_back(makeTrial(engine, "decoupled-look-back", same, launch, data));
    const std::vector<Measurement> got = timeMethods(methods, Timing::Wall, 1, 3, ref, true);
    ASSERT_EQ(got.size(), 2u);
    EXPECT_TRUE(got[0].correct && got[1].correct) << got[0].verdict << " " << got[1].verdict;
    // 3001 elements: 12 tiles of 64 x 4, 6 of 64 x 8.
    EXPECT_NE(got[0].note.find("groups 12"), std::string::npos) << got[0].note;
    EXPECT_NE(got[1].note.find("groups 6"), std::string::npos) << got[1].note;
    std::remove(same.c_str());
}

TEST(BenchTrial, TrialsNeedTheVariantTheyEditNamed) {
    BenchOptions o;
    o.trials = {"edit.cl"};
    EXPECT_THROW(checkTrials(o, {"decoupled-look-back"}), Error);  // the bench's own list: not named by the user
    o.variantsGiven = true;
    EXPECT_THROW(checkTrials(o, {}), Error);
    EXPECT_NO_THROW(checkTrials(o, {"decoupled-look-back"}));
    o.trials.clear();
    o.variantsGiven = false;
    EXPECT_NO_THROW(checkTrials(o, {"decoupled-look-back"}));
}

// NVIDIA's build log with -cl-nv-verbose holds ptxas's report for every entry function; the row's note takes the
// named kernel's registers and spills, and nothing where the log has no report (PoCL, a stored binary).
TEST(BenchPtxas, TheNamedKernelsRegistersAndSpillsAreReadFromTheBuildLog) {
    const std::string log =
        "ptxas info    : 0 bytes gmem\n"
        "ptxas info    : Compiling entry function 'copy' for 'sm_90'\n"
        "ptxas info    : Function properties for copy\n"
        "ptxas         .     0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
        "ptxas info    : Used 12 registers, 376 bytes cmem[0]\n"
        "ptxas info    : Compiling entry function 'decoupled_look_back' for 'sm_90'\n"
        "ptxas info    : Function properties for decoupled_look_back\n"
        "    8 bytes stack frame, 4 bytes spill stores, 4 bytes spill loads\n"
        "ptxas info    : Used 72 registers, 35844 bytes smem, 400 bytes cmem[0]\n";
    EXPECT_EQ(ptxasSummary(log, "decoupled_look_back"),
              "ptxas: Used 72 registers, 35844 bytes smem, 400 bytes cmem[0]; 8 bytes stack frame, 4 bytes spill "
              "stores, 4 bytes spill loads");
    EXPECT_EQ(ptxasSummary(log, "copy"),
              "ptxas: Used 12 registers, 376 bytes cmem[0]; 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill "
              "loads");
    EXPECT_EQ(ptxasSummary(log, "reduce"), "");
    EXPECT_EQ(ptxasSummary("", "copy"), "");
    EXPECT_EQ(ptxasSummary("ptxas info    : Compiling entry function 'copy' for 'sm_90'\n", "copy"), "");
}

}  // namespace
}  // namespace rl::bench
