// The OpenCL C 2.0 built-in scan (work-group-scan): where the device lacks the work-group collective functions,
// runs and traces refuse with the reason unavailableReason() gives; where it has them, every op, type, size and
// both scans are right and traces follow the model (float sums within rounding: the built-in's order is the
// driver's). The model is checked here against prefixes computed on their own, with no device.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "core/input.h"
#include "core/model/model_scan.h"
#include "core/model/scan_reference.h"
#include "core/catalogue/pass_plan.h"
#include "core/catalogue/variant_support.h"
#include "core/patterns/scan/variants.h"
#include "tests/support/device_fixture.h"
#include "tests/support/test_values.h"

namespace rl {
namespace {

RunConfig scanConfig(size_t n, size_t wg, Op op, ElemType type, bool exclusive) {
    RunConfig c = test::makeConfig("work-group-scan", n, wg, op, type, 23 + n);
    c.exclusive = exclusive;
    c.data = DataPattern::Random;
    return c;
}

// The prefix of in[first, last) up to and including `at` (inclusive) or before it (exclusive), from the left.
double prefixOf(const std::vector<double>& in, size_t first, size_t at, bool exclusive, Op op) {
    double acc = identity(op, ElemType::Int);
    for (size_t i = first; i < at + (exclusive ? 0 : 1) && i < in.size(); ++i)
        acc = apply(op, ElemType::Int, acc, in[i]);
    return acc;
}

TEST(BuiltinScanSupport, ReasonNamesTheScanBuiltinsAndTheFeature) {
    DeviceInfo d;
    d.name = "Test device";
    const VariantInfo& v = *findVariant("work-group-scan");
    EXPECT_EQ(v.pattern, Pattern::Scan);
    const std::string why = unavailableReason(v, d);
    EXPECT_NE(why.find("work_group_scan_inclusive_add"), std::string::npos) << why;
    EXPECT_NE(why.find("work_group_scan_exclusive_add"), std::string::npos) << why;
    EXPECT_NE(why.find("__opencl_c_work_group_collective_functions"), std::string::npos) << why;
    EXPECT_NE(why.find("Test device"), std::string::npos) << why;
    EXPECT_EQ(why.find("work_group_reduce"), std::string::npos) << why;
    d.workGroupCollectives = true;
    EXPECT_EQ(unavailableReason(v, d), "");
}

TEST(BuiltinScan, ThisDeviceRunsItOrRefusesWithTheReason) {
    Engine& e = test::engine();
    const VariantInfo& v = *findVariant("work-group-scan");
    const std::string why = unavailableReason(v, e.device());
    const RunConfig c = scanConfig(1000, 64, Op::Sum, ElemType::Int, false);
    const HostArray input = makeInput(c);
    if (why.empty()) {
        EXPECT_TRUE(e.run(c, input).correct);
        EXPECT_TRUE(e.trace(c, input).correct);
        return;
    }
    EXPECT_NE(why.find(e.device().name), std::string::npos) << why;
    for (bool traced : {false, true}) {
        try {
            if (traced)
                e.trace(c, input);
            else
                e.run(c, input);
            FAIL() << "work-group-scan ran although the device lacks: " << why;
        } catch (const Error& err) {
            EXPECT_EQ(err.kind(), ErrorKind::Unsupported) << err.what();
            EXPECT_NE(std::string(err.what()).find(why), std::string::npos) << err.what();
        }
    }
}

// Where the device has the built-in: every op, type, awkward size and both scans; each traced tile against the
// model (the values within rounding for float sums, exactly otherwise), and the whole output checked.
TEST(BuiltinScanDevice, ResultsAndTracesFollowTheModel) {
    Engine& e = test::engine();
    const VariantInfo& v = *findVariant("work-group-scan");
    if (const std::string why = unavailableReason(v, e.device()); !why.empty()) GTEST_SKIP() << why;
    int ran = 0;
    for (size_t wg : {size_t(64), size_t(128)})
        for (size_t n : {size_t(1), size_t(3), wg - 1, wg, wg + 1, size_t(1000), wg * wg + 5})
            for (Op op : {Op::Sum, Op::Min, Op::Max})
                for (ElemType type : {ElemType::Int, ElemType::Float})
                    for (bool exclusive : {false, true}) {
                        const RunConfig c = scanConfig(n, wg, op, type, exclusive);
                        const std::string where = "n=" + std::to_string(n) + " wg=" + std::to_string(wg) + " " +
                                                  std::string(toString(op)) + " " + std::string(toString(type)) +
                                                  (exclusive ? " exclusive" : " inclusive");
                        const HostArray input = makeInput(c);
                        EXPECT_TRUE(e.run(c, input).correct) << where;
                        const TraceRun t = e.trace(c, input);
                        EXPECT_TRUE(t.correct) << where << ": " << t.verdict;
                        const auto plan = planPasses(v, c);
                        ASSERT_FALSE(plan.empty()) << where;
                        const std::vector<double> values = test::valuesOf(input);
                        for (const GroupTrace& g : t.passes.at(0).traced) {
                            const GroupTrace m = model::workGroupScan(
                                ModelInput{v, plan[0], values, size_t(g.group), op, type, exclusive});
                            ASSERT_EQ(g.stages.size(), m.stages.size()) << where;
                            for (size_t s = 0; s < m.stages.size(); ++s) {
                                ASSERT_EQ(g.stages[s].param, m.stages[s].param) << where << " stage " << s;
                                for (size_t i = 0; i < m.stages[s].values.size(); ++i) {
                                    ASSERT_TRUE(g.stages[s].ops[i] == m.stages[s].ops[i]) << where << " stage " << s;
                                    const double d = g.stages[s].values[i], mv = m.stages[s].values[i];
                                    if (type == ElemType::Float && op == Op::Sum)
                                        EXPECT_NEAR(d, mv, double(wg) * 1.2e-7 * std::max(1.0, std::fabs(mv)) * 4)
                                            << where << " stage " << s << " cell " << i;
                                    else
                                        EXPECT_EQ(d, mv) << where << " stage " << s << " cell " << i;
                                }
                            }
                        }
                        ++ran;
                    }
    EXPECT_GT(ran, 0);
}

TEST(work_group_scan_model, GivesEveryWorkItemItsPrefix) {
    const VariantInfo& v = *findVariant("work-group-scan");
    const size_t n = 100, wg = 64;
    std::vector<double> in(n);
    for (size_t i = 0; i < n; ++i) in[i] = double(int(i * 37 % 101) - 50);
    PassPlan pass;
    pass.n = n;
    pass.local = wg;
    pass.groups = 2;
    pass.global = 2 * wg;
    for (Op op : {Op::Sum, Op::Min, Op::Max})
        for (bool exclusive : {false, true})
            for (size_t g = 0; g < 2; ++g) {
                const GroupTrace t = model::workGroupScan(ModelInput{v, pass, in, g, op, ElemType::Int, exclusive});
                ASSERT_EQ(t.stages.size(), 2u);
                EXPECT_EQ(t.stages[0].label, "load");
                EXPECT_EQ(t.stages[1].param, int(wg) | (exclusive ? kWorkGroupScanExclusiveFlag : kWorkGroupScanFlag));
                EXPECT_EQ(t.stages[1].label, exclusive ? "built-in ex." : "built-in");
                EXPECT_EQ(stagePhase(t.stages[1].param), "built-in");
                for (size_t lid = 0; lid < wg; ++lid) {
                    const size_t gid = g * wg + lid;
                    EXPECT_EQ(t.stages[0].values[lid], gid < n ? in[gid] : identity(op, ElemType::Int));
                    EXPECT_EQ(t.stages[1].values[lid], prefixOf(in, g * wg, gid, exclusive, op))
                        << toString(op) << " group " << g << " work-item " << lid;
                    EXPECT_TRUE(t.stages[1].ops[lid].active);
                    EXPECT_EQ(t.stages[0].ops[lid].active, gid < n);
                }
            }
}

// The whole scan over three levels of tiles with the model as the kernel's: each tile's total (the last inclusive
// value, or the last exclusive one combined with the last element) carries the scan across tiles.
TEST(work_group_scan_model, ThreeLevelsOfTilesGiveTheReferenceScan) {
    VariantInfo v = *findVariant("work-group-scan");
    EXPECT_EQ(v.model, nullptr) << "the driver's float order: tests call the model directly";
    v.model = &model::workGroupScan;
    for (Op op : {Op::Sum, Op::Min, Op::Max})
        for (bool exclusive : {false, true}) {
            const RunConfig c = scanConfig(1000, 16, op, ElemType::Int, exclusive);  // 63 tiles, then 4, then 1
            const HostArray input = makeInput(c);
            std::vector<double> out;
            const auto passes = modelScanRun(v, c, test::valuesOf(input), &out);
            EXPECT_EQ(passes.size(), 3u);
            const ScanReference ref = computeScanReference(input, op, exclusive, scanRoundingDepth(v, c));
            std::string why;
            EXPECT_TRUE(acceptScan(ref, ElemType::Int, out, &why)) << toString(op) << " " << exclusive << ": " << why;
        }
}

TEST(work_group_scan_model, FloatBoundAllowsAChainThroughTheWholeTile) {
    const VariantInfo& v = *findVariant("work-group-scan");
    const RunConfig one = scanConfig(200, 256, Op::Sum, ElemType::Float, false);
    const RunConfig two = scanConfig(1000, 256, Op::Sum, ElemType::Float, false);
    EXPECT_GE(scanRoundingDepth(v, one), 256);
    EXPECT_GE(scanRoundingDepth(v, two), 2 * 256);
    EXPECT_LT(scanRoundingDepth(*findVariant("hillis-steele"), one), 256) << "the hand-written trees' chains are short";
}

}  // namespace
}  // namespace rl
