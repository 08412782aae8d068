// Build options that depend on the device: a single pass numbers its tiles by work-group only in timed runs on a
// device that starts work-groups in order (the kernels' rl_lb_tile), decoupled-look-back takes its warp path only in
// timed runs of 32-bit elements on a device that takes inline PTX, chunked-look-back stores past the cache only on a
// CPU device whose cache its run outgrows, and the device description keeps these properties through a saved
// session's JSON.
#include <gtest/gtest.h>

#include <utility>

#include "core/catalogue/build_options.h"
#include "core/catalogue/pass_plan.h"
#include "core/catalogue/variant_support.h"
#include "core/files/json_io.h"
#include "core/pattern.h"

namespace rl {
namespace {

// Whether the build options define `macro` ("-D RL_...").
bool defines(const std::string& options, const char* macro) {
    return options.find(std::string("-D ") + macro) != std::string::npos;
}

bool groupOrder(const std::string& options) { return defines(options, "RL_GROUP_ORDER"); }

TEST(BuildOptions, SinglePassesTakeTilesInGroupOrderOnlyWhenTimedOnADeviceThatStartsGroupsInOrder) {
    RunConfig c;
    c.type = ElemType::Float;
    DeviceInfo inOrder;
    inOrder.type = "GPU";
    inOrder.startsGroupsInOrder = true;
    DeviceInfo anyOrder;
    anyOrder.type = "CPU";
    for (const char* id : {"decoupled-look-back", "chunked-look-back"}) {
        SCOPED_TRACE(id);
        const VariantInfo& v = *findVariant(id);
        EXPECT_TRUE(groupOrder(buildOptions(v, c, false, inOrder)));
        EXPECT_FALSE(groupOrder(buildOptions(v, c, true, inOrder))) << "a trace shows the tickets";
        EXPECT_FALSE(groupOrder(buildOptions(v, c, false, anyOrder))) << "elsewhere the ticket keeps the wait finite";
    }
    for (const char* id : {"reduce-then-scan", "blelloch", "best-gpu"}) {  // no look-back: no tiles to number
        SCOPED_TRACE(id);
        EXPECT_FALSE(groupOrder(buildOptions(*findVariant(id), c, false, inOrder)));
    }
}

bool warpPath(const std::string& options) { return defines(options, "RL_PTX_WARPS"); }

TEST(BuildOptions, OnlyTimedRunsOf32BitElementsOnADeviceThatTakesPtxTakeTheWarpPath) {
    const VariantInfo& v = *findVariant("decoupled-look-back");
    ASSERT_TRUE(v.warpPathOnPtx);
    DeviceInfo nvidia;
    nvidia.type = "GPU";
    nvidia.startsGroupsInOrder = true;
    nvidia.ptxWarps = true;
    DeviceInfo pocl;
    pocl.type = "CPU";
    RunConfig c;
    c.wg = 256;
    for (ElemType type : {ElemType::Int, ElemType::Float}) {
        c.type = type;
        EXPECT_TRUE(warpPath(buildOptions(v, c, false, nvidia))) << toString(type);
        EXPECT_FALSE(warpPath(buildOptions(v, c, true, nvidia))) << "a trace shows the work-group's path";
        EXPECT_FALSE(warpPath(buildOptions(v, c, false, pocl))) << "inline PTX is NVIDIA's alone";
    }
    for (ElemType type : {ElemType::Long, ElemType::Double}) {  // the shuffles move 32 bits
        c.type = type;
        EXPECT_FALSE(warpPath(buildOptions(v, c, false, nvidia))) << toString(type);
    }
    c.type = ElemType::Float;
    for (size_t wg : {size_t(16), size_t(32), size_t(1024)}) {  // whole warps only
        c.wg = wg;
        EXPECT_EQ(warpPath(buildOptions(v, c, false, nvidia)), wg >= 32) << wg;
    }
    c.wg = 256;
    for (const char* id : {"chunked-look-back", "reduce-then-scan", "best-gpu"}) {  // no warp path in their kernels
        SCOPED_TRACE(id);
        EXPECT_FALSE(warpPath(buildOptions(*findVariant(id), c, false, nvidia)));
    }
}

bool streams(const std::string& options) { return defines(options, "RL_STREAM"); }

// The value the options give a macro (-D NAME=VALUE), up to the next space; "" where they give none.
std::string valueOf(const std::string& options, const std::string& macro) {
    const std::string key = "-D " + macro + "=";
    const size_t at = options.find(key);
    if (at == std::string::npos) return "";
    const size_t from = at + key.size();
    return options.substr(from, options.find(' ', from) - from);
}

TEST(BuildOptions, OnlyACpuDevicesRunsPastItsCacheStreamTheChunkedSinglePassesOutput) {
    const VariantInfo& v = *findVariant("chunked-look-back");
    ASSERT_TRUE(v.streamsPastCache);
    DeviceInfo cpu;
    cpu.type = "CPU";
    cpu.globalCacheBytes = size_t(32) << 20;
    RunConfig c;
    // A float sum streams past the cache: an output of 32 MiB is exactly the cache, not past it.
    c.type = ElemType::Float;
    c.n = size_t(8) << 20;
    EXPECT_FALSE(streams(buildOptions(v, c, false, cpu)));
    c.n += 1;
    EXPECT_TRUE(streams(buildOptions(v, c, false, cpu)));
    EXPECT_TRUE(streams(buildOptions(v, c, true, cpu))) << "a trace runs the kernel that is timed";
    c.n = size_t(4) << 20;  // 8-byte elements: twice the bytes
    c.type = ElemType::Double;
    EXPECT_FALSE(streams(buildOptions(v, c, false, cpu)));
    c.n += 1;
    EXPECT_TRUE(streams(buildOptions(v, c, false, cpu)));
    // Integers, min and max stream where the input and output together fill the cache: 2 x 16 MiB of ints.
    for (ElemType type : {ElemType::Int, ElemType::Float})
        for (Op op : {Op::Sum, Op::Min, Op::Max}) {
            if (type == ElemType::Float && op == Op::Sum) continue;
            SCOPED_TRACE(std::string(toString(op)) + " " + std::string(toString(type)));
            RunConfig o = c;
            o.type = type;
            o.op = op;
            o.n = (size_t(4) << 20) - 1;
            EXPECT_FALSE(streams(buildOptions(v, o, false, cpu)));
            o.n += 1;
            EXPECT_TRUE(streams(buildOptions(v, o, false, cpu)));
        }
    RunConfig l = c;
    l.type = ElemType::Long;
    l.n = (size_t(2) << 20) - 1;
    EXPECT_FALSE(streams(buildOptions(v, l, false, cpu)));
    l.n += 1;
    EXPECT_TRUE(streams(buildOptions(v, l, false, cpu))) << "2 x 16 MiB of longs";
    // The value is the lag of the writes behind the reads, in tiles: twice the compute units (a unit when unknown).
    EXPECT_EQ(valueOf(buildOptions(v, c, false, cpu), "RL_STREAM"), "2");
    cpu.computeUnits = 16;
    EXPECT_EQ(valueOf(buildOptions(v, c, false, cpu), "RL_STREAM"), "32");
    DeviceInfo unknown = cpu;
    unknown.globalCacheBytes = 0;
    EXPECT_FALSE(streams(buildOptions(v, c, false, unknown))) << "no cache known: ordinary stores";
    DeviceInfo gpu = cpu;
    gpu.type = "GPU";
    EXPECT_FALSE(streams(buildOptions(v, c, false, gpu))) << "non-temporal stores are a CPU's matter";
    for (const char* id : {"decoupled-look-back", "chunked", "reduce-then-scan", "best-cpu"}) {  // no such path
        SCOPED_TRACE(id);
        EXPECT_FALSE(streams(buildOptions(*findVariant(id), c, false, cpu)));
    }
}

// The device's cache size is read back as written, and a session saved before the field reads it as unknown (0).
TEST(BuildOptions, TheDevicesCacheSizeSurvivesItsJson) {
    DeviceInfo d;
    d.name = "a CPU";
    d.globalCacheBytes = size_t(32) << 20;
    EXPECT_EQ(json::readDevice(json::device(d)).globalCacheBytes, d.globalCacheBytes);
    nlohmann::json older = json::device(d);
    ASSERT_TRUE(older.contains("global_cache_bytes"));
    older.erase("global_cache_bytes");
    EXPECT_EQ(json::readDevice(older).globalCacheBytes, 0u);
}

// The sub-group histogram: with sub-group functions it is built for them (OpenCL C 2.0 or 3.0); on an NVIDIA GPU of
// compute capability 7.0 on, which offers none, it takes its warp through inline PTX, traced and timed alike; an older
// NVIDIA GPU or a device with neither is refused, and the reason names what is missing.
TEST(BuildOptions, TheSubGroupHistogramTakesSubGroupsOrAWarpThroughPtxOrIsRefusedWithTheReason) {
    const VariantInfo& v = *findVariant("sub-group");
    RunConfig c;
    c.variant = v.id;
    c.type = ElemType::Float;
    DeviceInfo none;
    none.name = "a CPU";
    none.type = "CPU";
    const std::string why = unavailableReason(v, none);
    EXPECT_NE(why.find("'sub-group' needs sub-group functions (sub_group_any and sub_group_reduce_min/add)"),
              std::string::npos)
        << why;
    EXPECT_NE(why.find("a CPU has neither the cl_khr_subgroups extension"), std::string::npos) << why;
    EXPECT_NE(why.find("match.any.sync"), std::string::npos) << why;
    DeviceInfo pascal = none;
    pascal.type = "GPU";
    pascal.ptxWarps = true;  // inline PTX, but no match.any.sync before Volta
    EXPECT_NE(unavailableReason(v, pascal), "");
    DeviceInfo volta = pascal;
    volta.ptxMatch = true;
    EXPECT_EQ(unavailableReason(v, volta), "");
    for (bool traced : {false, true}) {
        const std::string o = buildOptions(v, c, traced, volta);
        EXPECT_TRUE(defines(o, "RL_PTX_SUB_GROUPS")) << o;
        EXPECT_EQ(o.find("-cl-std"), std::string::npos) << o;
    }
    DeviceInfo subGroups = none;
    subGroups.subGroups = true;
    EXPECT_EQ(unavailableReason(v, subGroups), "");
    const std::string o = buildOptions(v, c, false, subGroups);
    EXPECT_FALSE(defines(o, "RL_PTX_SUB_GROUPS")) << o;
    EXPECT_NE(o.find("-cl-std=CL2.0"), std::string::npos) << o;
    // The reduction's sub-group kernel has no PTX path: refused on the same NVIDIA GPU, its own built-ins named.
    const std::string reduceWhy = unavailableReason(*findVariant("sub-group-reduce"), volta);
    EXPECT_NE(reduceWhy.find("(sub_group_reduce_add/min/max)"), std::string::npos) << reduceWhy;
    EXPECT_EQ(reduceWhy.find("match.any.sync"), std::string::npos) << reduceWhy;
}

// Each property, set and clear, is read back as written; a session saved before its field reads it as false: tickets
// and the work-group's path, which work everywhere.
TEST(BuildOptions, TheDevicesGroupOrderAndPtxWarpsSurviveItsJson) {
    const std::pair<bool DeviceInfo::*, const char*> fields[] = {
        {&DeviceInfo::startsGroupsInOrder, "starts_groups_in_order"},
        {&DeviceInfo::ptxWarps, "ptx_warps"},
        {&DeviceInfo::ptxMatch, "ptx_match"}};
    for (const auto& [field, key] : fields) {
        SCOPED_TRACE(key);
        DeviceInfo d;
        d.name = "a GPU";
        d.*field = true;
        EXPECT_TRUE(json::readDevice(json::device(d)).*field);
        nlohmann::json older = json::device(d);
        ASSERT_TRUE(older.contains(key));
        older.erase(key);
        EXPECT_FALSE(json::readDevice(older).*field);
        d.*field = false;
        EXPECT_FALSE(json::readDevice(json::device(d)).*field);
    }
}

}  // namespace
}  // namespace rl
