// Helpers shared by the session tests.
#include "tests/support/session_test_util.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <dirent.h>
#include <fstream>
#include <sstream>

namespace rl::test {

std::string readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::string corpusPath(const std::string& name) { return std::string(RL_SESSION_CORPUS) + "/" + name; }

std::vector<std::string> corpusFiles() {
    std::vector<std::string> out;
    if (DIR* d = opendir(RL_SESSION_CORPUS)) {
        while (dirent* e = readdir(d))
            if (e->d_name[0] != '.' && std::strstr(e->d_name, ".py") == nullptr && std::strcmp(e->d_name, "README.md"))
                out.push_back(e->d_name);
        closedir(d);
    }
    std::sort(out.begin(), out.end());
    return out;
}

bool sameBits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

void expectSameTrace(const TraceRun& a, const TraceRun& b) {
    EXPECT_EQ(a.variant, b.variant);
    EXPECT_EQ(a.device, b.device);
    EXPECT_EQ(a.n, b.n);
    EXPECT_EQ(a.wg, b.wg);
    EXPECT_EQ(a.op, b.op);
    EXPECT_EQ(a.type, b.type);
    EXPECT_EQ(a.simdWidth, b.simdWidth);
    EXPECT_EQ(a.banks, b.banks);
    EXPECT_EQ(a.bankWidthBytes, b.bankWidthBytes);
    EXPECT_TRUE(sameBits(a.result, b.result)) << a.result << " vs " << b.result;
    EXPECT_TRUE(sameBits(a.reference, b.reference)) << a.reference << " vs " << b.reference;
    EXPECT_EQ(a.correct, b.correct);
    EXPECT_EQ(a.verdict, b.verdict);
    ASSERT_EQ(a.passes.size(), b.passes.size());
    for (size_t p = 0; p < a.passes.size(); ++p) {
        const PassTrace &pa = a.passes[p], &pb = b.passes[p];
        EXPECT_EQ(pa.pass, pb.pass);
        EXPECT_EQ(pa.n, pb.n);
        EXPECT_EQ(pa.groups, pb.groups);
        EXPECT_EQ(pa.global, pb.global);
        EXPECT_EQ(pa.local, pb.local);
        ASSERT_EQ(pa.traced.size(), pb.traced.size()) << "pass " << p;
        for (size_t g = 0; g < pa.traced.size(); ++g) {
            const GroupTrace &ga = pa.traced[g], &gb = pb.traced[g];
            EXPECT_EQ(ga.group, gb.group);
            ASSERT_EQ(ga.stages.size(), gb.stages.size());
            for (size_t s = 0; s < ga.stages.size(); ++s) {
                const Stage &sa = ga.stages[s], &sb = gb.stages[s];
                EXPECT_EQ(sa.label, sb.label);
                EXPECT_EQ(sa.param, sb.param);
                ASSERT_EQ(sa.values.size(), sb.values.size());
                ASSERT_EQ(sa.ops.size(), sb.ops.size());
                size_t differing = 0;
                for (size_t i = 0; i < sa.values.size(); ++i) differing += sameBits(sa.values[i], sb.values[i]) ? 0 : 1;
                for (size_t i = 0; i < sa.ops.size(); ++i) differing += sa.ops[i] == sb.ops[i] ? 0 : 1;
                EXPECT_EQ(differing, 0u) << "pass " << p << " group " << g << " stage " << s;
                EXPECT_EQ(sa.analysis.activeItems, sb.analysis.activeItems);
                EXPECT_EQ(sa.analysis.activeWarps, sb.analysis.activeWarps);
                EXPECT_EQ(sa.analysis.idleWarps, sb.analysis.idleWarps);
                EXPECT_EQ(sa.analysis.divergentWarps, sb.analysis.divergentWarps);
                EXPECT_EQ(sa.analysis.bankConflictDegree, sb.analysis.bankConflictDegree);
            }
        }
    }
}

namespace {

void expectSameConfig(const RunConfig& a, const RunConfig& b) {
    EXPECT_EQ(a.variant, b.variant);
    EXPECT_EQ(a.n, b.n);
    EXPECT_EQ(a.op, b.op);
    EXPECT_EQ(a.type, b.type);
    EXPECT_EQ(a.wg, b.wg);
    EXPECT_EQ(a.elemsPerItem, b.elemsPerItem);
    EXPECT_EQ(a.data, b.data);
    EXPECT_EQ(a.seed, b.seed);
    EXPECT_EQ(a.finalOnHost, b.finalOnHost);
    EXPECT_EQ(a.simdWidth, b.simdWidth);
    EXPECT_EQ(a.banks, b.banks);
    EXPECT_EQ(a.bankWidthBytes, b.bankWidthBytes);
    EXPECT_EQ(a.bins, b.bins);
    EXPECT_EQ(a.rangeSet, b.rangeSet);
    EXPECT_EQ(a.rangeLo, b.rangeLo);
    EXPECT_EQ(a.rangeHi, b.rangeHi);
}

}  // namespace

void expectSameSession(const Session& a, const Session& b) {
    const DeviceInfo &da = a.device, &db = b.device;
    EXPECT_EQ(da.index, db.index);
    EXPECT_EQ(da.platform, db.platform);
    EXPECT_EQ(da.platformVersion, db.platformVersion);
    EXPECT_EQ(da.name, db.name);
    EXPECT_EQ(da.vendor, db.vendor);
    EXPECT_EQ(da.version, db.version);
    EXPECT_EQ(da.driver, db.driver);
    EXPECT_EQ(da.type, db.type);
    EXPECT_EQ(da.computeUnits, db.computeUnits);
    EXPECT_EQ(da.maxWorkGroup, db.maxWorkGroup);
    EXPECT_EQ(da.localMemBytes, db.localMemBytes);
    EXPECT_EQ(da.globalMemBytes, db.globalMemBytes);
    EXPECT_EQ(da.maxAllocBytes, db.maxAllocBytes);
    EXPECT_EQ(da.simdWidth, db.simdWidth);
    EXPECT_EQ(da.simdWidthSource, db.simdWidthSource);
    EXPECT_EQ(da.subGroups, db.subGroups);
    EXPECT_EQ(da.workGroupCollectives, db.workGroupCollectives);
    EXPECT_EQ(a.savedBy, b.savedBy);
    expectSameConfig(a.config, b.config);
    expectSameTrace(a.trace, b.trace);
    ASSERT_EQ(a.timings.has_value(), b.timings.has_value());
    if (!a.timings) return;
    const RunResult &ra = *a.timings, &rb = *b.timings;
    EXPECT_EQ(ra.variant, rb.variant);
    EXPECT_EQ(ra.device, rb.device);
    expectSameConfig(ra.config, rb.config);
    EXPECT_TRUE(sameBits(ra.result, rb.result));
    EXPECT_TRUE(sameBits(ra.reference, rb.reference));
    EXPECT_EQ(ra.correct, rb.correct);
    EXPECT_EQ(ra.verdict, rb.verdict);
    EXPECT_TRUE(sameBits(ra.medianMs, rb.medianMs));
    EXPECT_TRUE(sameBits(ra.minMs, rb.minMs));
    EXPECT_TRUE(sameBits(ra.maxMs, rb.maxMs));
    EXPECT_TRUE(sameBits(ra.hostFinalMs, rb.hostFinalMs));
    EXPECT_EQ(ra.repeats, rb.repeats);
    ASSERT_EQ(ra.passes.size(), rb.passes.size());
    for (size_t p = 0; p < ra.passes.size(); ++p) {
        EXPECT_EQ(ra.passes[p].plan.n, rb.passes[p].plan.n);
        EXPECT_EQ(ra.passes[p].plan.groups, rb.passes[p].plan.groups);
        EXPECT_EQ(ra.passes[p].plan.global, rb.passes[p].plan.global);
        EXPECT_EQ(ra.passes[p].plan.local, rb.passes[p].plan.local);
        EXPECT_EQ(ra.passes[p].plan.elemsPerItem, rb.passes[p].plan.elemsPerItem);
        EXPECT_TRUE(sameBits(ra.passes[p].medianMs, rb.passes[p].medianMs));
        EXPECT_TRUE(sameBits(ra.passes[p].minMs, rb.passes[p].minMs));
        EXPECT_TRUE(sameBits(ra.passes[p].maxMs, rb.passes[p].maxMs));
    }
}

}  // namespace rl::test
