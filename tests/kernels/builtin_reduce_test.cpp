// The OpenCL 2.0+ built-ins (work-group-reduce, sub-group-reduce): where the device lacks them, validation and runs
// refuse with the reason unavailableReason() gives; where it has them, results are right and traces follow the
// model. Their models are checked here against independent sums, with no device.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <numeric>

#include "core/input.h"
#include "core/catalogue/kind_stages.h"
#include "core/patterns/reduce/variants.h"
#include "core/catalogue/variant_support.h"
#include "tests/support/device_fixture.h"
#include "tests/support/test_values.h"

namespace rl {
namespace {

const char* kBuiltins[] = {"work-group-reduce", "sub-group-reduce"};

RunConfig config(const std::string& variant, size_t n, size_t wg, Op op, ElemType type) {
    return test::makeConfig(variant, n, wg, op, type, 17 + n);
}

TEST(BuiltinSupport, ReasonNamesTheMissingFeature) {
    DeviceInfo d;
    d.name = "Test device";
    const VariantInfo& wgr = *findVariant("work-group-reduce");
    const VariantInfo& sgr = *findVariant("sub-group-reduce");
    const std::string a = unavailableReason(wgr, d), b = unavailableReason(sgr, d);
    EXPECT_NE(a.find("work_group_reduce"), std::string::npos) << a;
    EXPECT_NE(a.find("__opencl_c_work_group_collective_functions"), std::string::npos) << a;
    EXPECT_NE(a.find("Test device"), std::string::npos) << a;
    EXPECT_NE(b.find("cl_khr_subgroups"), std::string::npos) << b;
    EXPECT_NE(b.find("__opencl_c_subgroups"), std::string::npos) << b;
    d.workGroupCollectives = true;
    d.subGroups = true;
    EXPECT_EQ(unavailableReason(wgr, d), "");
    EXPECT_EQ(unavailableReason(sgr, d), "");
    d.workGroupCollectives = false;
    d.subGroups = false;
    for (const auto& v : reduceVariants())
        if (!v.needsOpenCL20 && !v.needsSubGroups && !v.needsInt64Atomics) EXPECT_EQ(unavailableReason(v, d), "") << v.id;
}

TEST(BuiltinSupport, ThisDeviceRunsThemOrRefusesWithTheReason) {
    Engine& e = test::engine();
    for (const char* id : kBuiltins) {
        const VariantInfo& v = *findVariant(id);
        const std::string why = unavailableReason(v, e.device());
        const RunConfig c = config(id, 1000, 64, Op::Sum, ElemType::Int);
        const HostArray input = makeInput(c.type, DataPattern::Random, c.n, c.seed);
        if (!why.empty()) {
            EXPECT_NE(why.find(e.device().name), std::string::npos) << why;
            try {
                e.run(c, input);
                FAIL() << id << " ran although the device lacks: " << why;
            } catch (const Error& err) {
                EXPECT_EQ(err.kind(), ErrorKind::Unsupported) << err.what();
                EXPECT_NE(std::string(err.what()).find(why), std::string::npos) << err.what();
            }
            EXPECT_THROW(e.trace(c, input), Error);
            continue;
        }
        EXPECT_TRUE(e.run(c, input).correct) << id;
    }
}

double total(const std::vector<double>& v, size_t first, size_t last, Op op, ElemType type) {
    double acc = identity(op, type);
    for (size_t i = first; i < last; ++i) acc = apply(op, type, acc, v[i]);
    return acc;
}

void expectClose(double device, double model, Op op, ElemType type, size_t terms, const std::string& where) {
    if (type == ElemType::Int || op != Op::Sum) {
        EXPECT_EQ(device, model) << where;
    } else {
        EXPECT_NEAR(device, model, (std::log2(double(terms)) + 2) * 1.2e-7 * double(terms)) << where;
    }
}

// Where the device has the built-ins: every op, type and awkward size, the trace against the model (the built-in's
// own order of float additions is the driver's, so float sums compare within rounding).
TEST(BuiltinDevice, ResultsAndTracesFollowTheModel) {
    Engine& e = test::engine();
    int ran = 0;
    for (const char* id : kBuiltins) {
        const VariantInfo& v = *findVariant(id);
        if (!unavailableReason(v, e.device()).empty()) continue;
        for (size_t wg : {size_t(64), size_t(128), size_t(96)})
            for (size_t n : {size_t(1), size_t(3), wg - 1, wg, wg + 1, size_t(1000), 3 * wg * 2 + 5})
                for (Op op : {Op::Sum, Op::Min, Op::Max})
                    for (ElemType type : {ElemType::Int, ElemType::Float}) {
                        const RunConfig c = config(id, n, wg, op, type);
                        const std::string where = std::string(id) + " n=" + std::to_string(n) + " wg=" +
                                                  std::to_string(wg) + " " + std::string(toString(op)) + " " +
                                                  std::string(toString(type));
                        const HostArray input = makeInput(type, DataPattern::Random, n, c.seed);
                        const RunResult r = e.run(c, input);
                        EXPECT_TRUE(r.correct) << where << ": " << r.verdict;
                        const TraceRun t = e.trace(c, input);
                        EXPECT_TRUE(t.correct) << where << ": " << t.verdict;
                        std::vector<double> in(n);
                        for (size_t i = 0; i < n; ++i) in[i] = input.at(i);
                        const auto plan = planPasses(v, c);
                        ASSERT_EQ(t.passes.size(), plan.size()) << where;
                        std::vector<double> current = in;
                        for (size_t p = 0; p < plan.size(); ++p) {
                            std::vector<double> partials;
                            for (const auto& g : t.passes[p].traced) {
                                ASSERT_GE(g.stages.size(), 2u) << where;
                                const int sub = g.stages[1].param & ~kBuiltinStageFlag;
                                ModelInput mi{v, plan[p], current, size_t(g.group), op, type};
                                const GroupTrace m = v.kind == VariantKind::BuiltinSubGroup
                                                         ? model::subGroupReduce(mi, size_t(sub))
                                                         : model::workGroupReduce(mi);
                                ASSERT_EQ(g.stages.size(), m.stages.size()) << where << " group " << g.group;
                                for (size_t s = 0; s < m.stages.size(); ++s) {
                                    ASSERT_EQ(g.stages[s].param, m.stages[s].param) << where << " stage " << s;
                                    ASSERT_EQ(g.stages[s].label, m.stages[s].label) << where << " stage " << s;
                                    for (size_t i = 0; i < m.stages[s].ops.size(); ++i)
                                        ASSERT_TRUE(g.stages[s].ops[i] == m.stages[s].ops[i]) << where << " s" << s;
                                    for (size_t i = 0; i < m.stages[s].values.size(); ++i)
                                        expectClose(g.stages[s].values[i], m.stages[s].values[i], op, type, wg,
                                                    where + " stage " + std::to_string(s));
                                }
                                partials.push_back(g.stages.back().values[0]);
                            }
                            current = partials;
                        }
                        ++ran;
                    }
    }
    if (ran == 0) GTEST_SKIP() << test::engine().device().name << " has neither built-in (see BuiltinSupport)";
}

TEST(work_group_reduce_model, GivesEveryWorkItemTheGroupsResult) {
    const VariantInfo& v = *findVariant("work-group-reduce");
    const size_t n = 100, wg = 64;
    std::vector<double> in(n);
    for (size_t i = 0; i < n; ++i) in[i] = double(int(i * 37 % 101) - 50);
    for (Op op : {Op::Sum, Op::Min, Op::Max}) {
        PassPlan pass;
        pass.n = n;
        pass.local = wg;
        pass.groups = 2;
        pass.global = 2 * wg;
        for (size_t g = 0; g < 2; ++g) {
            const GroupTrace t = model::workGroupReduce(ModelInput{v, pass, in, g, op, ElemType::Int});
            ASSERT_EQ(t.stages.size(), 2u);
            EXPECT_EQ(t.stages[0].label, "load");
            EXPECT_EQ(t.stages[1].param, int(wg) | kBuiltinStageFlag);
            EXPECT_EQ(t.stages[1].label, "work_group_reduce (64 work-items)");
            const double expected = total(in, g * wg, std::min(n, (g + 1) * wg), op, ElemType::Int);
            for (size_t lid = 0; lid < wg; ++lid) {
                EXPECT_EQ(t.stages[1].values[lid], expected);
                EXPECT_TRUE(t.stages[1].ops[lid].active);
                EXPECT_EQ(t.stages[0].ops[lid].active, g * wg + lid < n);
            }
        }
    }
}

TEST(sub_group_reduce_model, LeavesOnePartialPerSubGroupThenATree) {
    const VariantInfo& v = *findVariant("sub-group-reduce");
    const size_t n = 128, wg = 128;
    std::vector<double> in(n);
    std::iota(in.begin(), in.end(), 1.0);
    PassPlan pass;
    pass.n = n;
    pass.local = wg;
    pass.groups = 1;
    pass.global = wg;
    for (size_t size : {size_t(32), size_t(48), size_t(128)}) {
        const GroupTrace t = model::subGroupReduce(ModelInput{v, pass, in, 0, Op::Sum, ElemType::Int}, size);
        const size_t partials = (wg + size - 1) / size;
        size_t treeStages = 0;
        while ((size_t(1) << treeStages) < partials) ++treeStages;
        ASSERT_EQ(t.stages.size(), 2 + treeStages) << size;
        const Stage& sub = t.stages[1];
        EXPECT_EQ(sub.label, "sub_group_reduce (sub-groups of " + std::to_string(size) + ")");
        for (size_t k = 0; k < partials; ++k) {
            EXPECT_EQ(sub.values[k], total(in, k * size, std::min(wg, (k + 1) * size), Op::Sum, ElemType::Int));
            EXPECT_TRUE(sub.ops[k * size].active);
            EXPECT_EQ(sub.ops[k * size].w, int(k));
        }
        for (size_t c = partials; c < wg; ++c) EXPECT_EQ(sub.values[c], in[c]) << "past the partials: the load";
        EXPECT_EQ(t.stages.back().values[0], double(n * (n + 1) / 2)) << size;
    }
}

}  // namespace
}  // namespace rl
