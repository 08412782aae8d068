// The histograms on the device: every correct histogram variant gives the host's counts bin for bin at awkward sizes
// (1, a prime, 2^20 + 1), bin counts (1, 7, 256, 1000) and data (uniform, zipf, constant), int and float; its trace
// equals its CPU model stage for stage (every counter after every stage, which bin each work-item incremented); the
// wrong-by-design local-nonatomic loses counts only, and says so; and the settings a histogram takes are refused with
// a message where they cannot work.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/input.h"
#include "core/model/analysis.h"
#include "core/pattern.h"
#include "core/patterns/histogram/binning.h"
#include "core/patterns/histogram/model_histogram.h"
#include "core/catalogue/variant_support.h"
#include "tests/support/device_fixture.h"
#include "tests/support/ladder_trace_compare.h"

namespace rl {
namespace {

std::vector<std::string> correctHistograms() {
    std::vector<std::string> ids;
    for (const auto& v : patternInfo(Pattern::Histogram).variants())
        if (v.correctByDesign) ids.push_back(v.id);
    return ids;
}

std::string name(const ::testing::TestParamInfo<std::string>& info) {
    std::string s = info.param;
    std::replace(s.begin(), s.end(), '-', '_');
    return s;
}

// A range per data pattern, fixed so that runs of several sizes share one build: every element inside it.
RunConfig configFor(const std::string& variant, DataPattern data, ElemType type, size_t n, size_t bins) {
    RunConfig c;
    c.variant = variant;
    c.n = n;
    c.bins = bins;
    c.data = data;
    c.type = type;
    c.seed = 11;
    c.rangeSet = true;
    if (data == DataPattern::Zipf) c.rangeLo = 0, c.rangeHi = 1023;
    else if (data == DataPattern::Constant) c.rangeLo = 0, c.rangeHi = 8;
    else if (type == ElemType::Int) c.rangeLo = -1000, c.rangeHi = 1000;
    else c.rangeLo = -1, c.rangeHi = 1;
    // Bins of its own per work-item: the largest work-group whose copies fit the device's local memory.
    if (findVariant(variant)->binsPerWorkItem)
        while (c.wg > 1 && c.wg * bins * sizeof(uint32_t) > test::engine().device().localMemBytes) c.wg /= 2;
    return c;
}

class HistogramRun : public ::testing::TestWithParam<std::string> {};

// A kernel the device cannot run (sub-group on a device without sub-groups) is refused with its reason elsewhere
// (build_options_test.cpp); here it is skipped.
#define SKIP_WHERE_UNAVAILABLE(v)                                                                     \
    if (const std::string why = unavailableReason(v, test::engine().device()); !why.empty()) \
    GTEST_SKIP() << why

TEST_P(HistogramRun, CountsEveryBinAtAwkwardSizesBinsAndData) {
    SKIP_WHERE_UNAVAILABLE(*findVariant(GetParam()));
    int checked = 0;
    for (ElemType type : {ElemType::Int, ElemType::Float})
        for (DataPattern data : {DataPattern::Random, DataPattern::Zipf, DataPattern::Constant})
            for (size_t bins : {size_t(1), size_t(7), size_t(256), size_t(1000)}) {
                if (type == ElemType::Float && bins != 7 && bins != 1000) continue;  // the float rule at two bin counts
                for (size_t n : {size_t(1), size_t(13), (size_t(1) << 20) + 1}) {
                    RunConfig c = configFor(GetParam(), data, type, n, bins);
                    const HostArray input = makeInput(c);
                    const std::string where = GetParam() + " n=" + std::to_string(n) + " bins=" +
                                              std::to_string(bins) + " " + std::string(toString(data)) + " " +
                                              std::string(toString(type));
                    const RunResult r = test::engine().run(c, input, 0, 2);  // the second call: bin 0 again
                    EXPECT_TRUE(r.correct) << where << ": " << r.verdict;
                    const std::vector<double> want = histogramOf(input, binningOf(c, input));
                    EXPECT_EQ(r.reference, want.front()) << where;
                    ++checked;
                }
            }
    EXPECT_EQ(checked, 3 * 4 * 3 + 3 * 2 * 3);
}

INSTANTIATE_TEST_SUITE_P(Histograms, HistogramRun, ::testing::ValuesIn(correctHistograms()), name);

class HistogramTrace : public ::testing::TestWithParam<std::string> {};

TEST_P(HistogramTrace, EqualsItsModelStageForStage) {
    const VariantInfo& v = *findVariant(GetParam());
    SKIP_WHERE_UNAVAILABLE(v);
    int checked = 0;
    for (ElemType type : {ElemType::Int, ElemType::Float})
        for (DataPattern data : {DataPattern::Random, DataPattern::Zipf, DataPattern::Constant})
            for (size_t bins : {size_t(1), size_t(7), size_t(40)}) {
                if (type == ElemType::Float && bins != 7) continue;
                // 1 and 13: fewer elements than work-items; 100 and 1000: several groups, the last one partly used;
                // work-groups of 16 (fewer work-items than 40 bins: each clears and merges several) and 12 (32 for a
                // kernel that needs a power of two).
                for (auto [n, size] : {std::pair<size_t, size_t>{1, 16}, {13, 16}, {100, 16}, {1000, 12}}) {
                    const size_t wg = v.needsPow2WorkGroup && (size & (size - 1)) != 0 ? 32 : size;
                    RunConfig c;
                    c.variant = v.id;
                    c.n = n;
                    c.wg = wg;
                    c.bins = bins;
                    c.type = type;
                    c.data = data;
                    c.seed = 3 + n;
                    const HostArray input = makeInput(c);
                    const std::string where = v.id + " n=" + std::to_string(n) + " wg=" + std::to_string(wg) +
                                              " bins=" + std::to_string(bins) + " " + std::string(toString(data)) +
                                              " " + std::string(toString(type));
                    const TraceRun t = test::engine().trace(c, input);
                    ASSERT_EQ(test::traceDifference(t, v, c, input), "") << where;
                    ASSERT_FALSE(t.passes.empty()) << where;
                    for (const GroupTrace& g : t.passes.front().traced)
                        for (const Stage& s : g.stages) {
                            ASSERT_EQ(s.ops.size(), wg) << where;
                            ASSERT_EQ(s.values.size(), patternInfo(v.pattern).localBytes(v, c, true) / 4)
                                << where;
                        }
                    EXPECT_TRUE(t.correct) << where << ": " << t.verdict;
                    EXPECT_EQ(t.output, histogramOf(input, binningOf(c, input))) << where;
                    ++checked;
                }
            }
    EXPECT_EQ(checked, 3 * 3 * 4 + 3 * 4);
}

// Work-groups of 64: two SIMD groups of 32 in each (NVIDIA's warps), where a kernel that agrees across a sub-group
// must count each group's lanes apart, and several work-groups, the last one partly used.
TEST_P(HistogramTrace, EqualsItsModelWithTwoSimdGroupsInAWorkGroup) {
    const VariantInfo& v = *findVariant(GetParam());
    SKIP_WHERE_UNAVAILABLE(v);
    for (DataPattern data : {DataPattern::Random, DataPattern::Constant}) {
        RunConfig c;
        c.variant = v.id;
        c.n = 300;
        c.wg = 64;
        c.bins = 7;
        c.type = ElemType::Int;
        c.data = data;
        c.simdWidth = 32;
        c.seed = 5;
        const HostArray input = makeInput(c);
        const std::string where = v.id + " n=300 wg=64 bins=7 " + std::string(toString(data));
        const TraceRun t = test::engine().trace(c, input);
        const std::string difference = test::traceDifference(t, v, c, input);
        ASSERT_EQ(difference, "") << where << (difference.empty() ? "" : test::operationsSideBySide(t, v, c, input));
        EXPECT_TRUE(t.correct) << where << ": " << t.verdict;
        EXPECT_EQ(t.output, histogramOf(input, binningOf(c, input))) << where;
    }
}

INSTANTIATE_TEST_SUITE_P(Histograms, HistogramTrace, ::testing::ValuesIn(correctHistograms()), name);

// On constant data every work-item of a group hits one bin in the same step: the contention degree is the SIMD
// group's width for the kernels that increment one counter per element, and the replicated copies divide it;
// aggregation leaves the degree but makes a work-item's run of equal values one increment.
TEST(HistogramContention, ConstantDataQueuesAWholeSimdGroupOnOneCounter) {
    RunConfig c;
    c.n = 256;
    c.wg = 64;
    c.bins = 16;
    c.type = ElemType::Int;
    c.data = DataPattern::Constant;
    c.simdWidth = 32;
    const HostArray input = makeInput(c);
    int increments = 0, subGroup = 0;
    std::string shape;  // what was traced, should a count differ
    auto worst = [&](const std::string& variant) {
        c.variant = variant;
        const TraceRun t = test::engine().trace(c, input);
        int degree = 0;
        increments = 0;
        subGroup = t.subGroupSize;
        shape = "sub-groups of " + std::to_string(subGroup) + ";";
        for (const GroupTrace& g : t.passes.front().traced) {
            shape += " group " + std::to_string(g.group) + ": " + std::to_string(g.stages.size()) + " stages";
            for (const Stage& s : g.stages) {
                degree = std::max(degree, s.analysis.contentionDegree);
                for (const WorkItemOp& op : s.ops) increments += op.active && op.b == kRegisterOperand ? 1 : 0;
            }
        }
        return degree;
    };
    EXPECT_EQ(worst("global-atomics"), 32);
    EXPECT_EQ(increments, 256);
    EXPECT_EQ(worst("privatized"), 32);
    EXPECT_EQ(increments, 256);
    EXPECT_EQ(worst("replicated"), 32 / int(binCopies(16)));
    EXPECT_EQ(increments, 256);
    EXPECT_EQ(worst("aggregated"), 32);
    EXPECT_EQ(increments, 256 / 4) << "one increment per run of its 4 equal elements";
    // The lanes of a sub-group agree first: one increment per sub-group and step (a step's 64 work-items make
    // 64 / width sub-groups, as wide as the device made them), and no two lanes of a SIMD group on one counter.
    if (unavailableReason(*findVariant("sub-group"), test::engine().device()).empty()) {
        EXPECT_EQ(worst("sub-group"), 1);
        ASSERT_GT(subGroup, 0) << "a sub-group variant's trace says how wide its sub-groups were";
        const int width = std::min(subGroup, 64);
        EXPECT_EQ(increments, 4 * ((64 + width - 1) / width)) << shape;
    }
}

// The plain += loses counts where work-items of a group collide, and gains none: every recorded counter is at most
// the model's, and a wrong run says how many counts it lost.
TEST(LocalNonatomic, LosesCountsAndNeverGainsAndSaysHowMany) {
    const VariantInfo& v = *findVariant("local-nonatomic");
    EXPECT_FALSE(v.correctByDesign);
    RunConfig c;
    c.variant = v.id;
    c.n = 4096;
    c.wg = 64;
    c.bins = 8;
    c.type = ElemType::Int;
    c.data = DataPattern::Constant;
    const HostArray input = makeInput(c);
    const TraceRun t = test::engine().trace(c, input);
    const auto model = modelRun(v, modelConfigOf(c, t), test::asValues(input), nullptr);
    for (const GroupTrace& g : t.passes.front().traced) {
        const GroupTrace& m = model.front().traced.at(size_t(g.group));
        ASSERT_EQ(g.stages.size(), m.stages.size());
        for (size_t s = 0; s < g.stages.size(); ++s)
            for (size_t cell = 0; cell < g.stages[s].values.size(); ++cell)
                EXPECT_LE(g.stages[s].values[cell], m.stages[s].values[cell]) << "group " << g.group << " stage " << s;
    }
    const std::vector<double> want = histogramOf(input, binningOf(c, input));
    double got = 0, total = 0;
    for (double x : t.output) got += x;
    for (double x : want) total += x;
    EXPECT_LE(got, total);
    if (got < total) {
        EXPECT_FALSE(t.correct);
        EXPECT_NE(t.verdict.find(std::to_string(static_cast<long long>(total - got)) + " counts lost"),
                  std::string::npos)
            << t.verdict;
        EXPECT_NE(t.verdict.find("wrong by design"), std::string::npos) << t.verdict;
    } else {
        EXPECT_TRUE(t.correct) << "this device ran the group's increments one after another: " << t.verdict;
    }
}

TEST(HistogramSettings, RefusesWhatCannotWorkWithAMessage) {
    RunConfig c;
    c.variant = "privatized";
    c.n = 100;
    c.type = ElemType::Double;
    const HostArray doubles = makeInput(c);
    try {
        test::engine().run(c, doubles);
        FAIL() << "double elements were accepted";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("int or float"), std::string::npos) << e.what();
    }
    c.type = ElemType::Int;
    c.bins = 65536;
    c.wg = 64;
    const HostArray ints = makeInput(c);
    if (test::engine().device().localMemBytes < 65536 * 4) {
        try {
            test::engine().run(c, ints);
            FAIL() << "65536 local bins were accepted on a device with less local memory";
        } catch (const Error& e) {
            EXPECT_NE(std::string(e.what()).find("fewer bins"), std::string::npos) << e.what();
        }
    }
    c.variant = "global-atomics";  // no local bins: any count of them
    const RunResult r = test::engine().run(c, ints);
    EXPECT_TRUE(r.correct) << r.verdict;
}

}  // namespace
}  // namespace rl

namespace rl {
namespace {

// A tile histogram's timed runs on a GPU: 64 elements per work-item at large n, fewer where that would launch fewer
// than 4 work-groups per compute unit (down to the variant's default), so that a small input still fills the device.
TEST(HistogramTimedShape, ASmallInputStillFillsAGpu) {
    const VariantInfo& v = *findVariant("coarsened-vector");
    DeviceInfo gpu;
    gpu.type = "GPU";
    gpu.computeUnits = 132;
    gpu.localMemBytes = 49152;
    auto epi = [&](size_t n, const DeviceInfo& device) {
        RunConfig c;
        c.variant = v.id;
        c.n = n;
        c.wg = 256;
        return effectiveElemsPerItem(v, withDeviceDefaults(v, c, device));
    };
    EXPECT_EQ(epi(size_t(1) << 28, gpu), 64);
    EXPECT_EQ(epi(size_t(1) << 24, gpu), 64);
    EXPECT_EQ(epi(size_t(1) << 20, gpu), 8);  // 2^20 / (528 groups x 256) = 7, a multiple of 4 up
    EXPECT_EQ(epi(size_t(1) << 16, gpu), 4);  // the default: 64 groups, one 16-byte load each
    DeviceInfo cpu = gpu;
    cpu.type = "CPU";
    EXPECT_EQ(epi(size_t(1) << 16, cpu), 64) << "a CPU's timed elements per work-item do not shrink";
}

}  // namespace
}  // namespace rl
