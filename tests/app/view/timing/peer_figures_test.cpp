// The peers' figures scripts/bench writes, read for the Timings view: peers and ceilings told apart, skipped and
// wrong measurements and ReduceLab's own rows left out, the newest file for the device, type and operation chosen,
// malformed files refused with what is wrong.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "app/view/timing/peer_figures.h"

namespace rl::view {
namespace {

nlohmann::json benchJson(const std::string& device, const std::string& date, const std::string& type) {
    auto m = [](const char* method, const char* role, size_t n, double gbps) {
        return nlohmann::json{{"method", method}, {"role", role}, {"n", n}, {"gbps", gbps}, {"timing", "device"},
                              {"correct", true}};
    };
    nlohmann::json skipped = m("torch.sum", "framework-peer", 4194304, 0);
    skipped.erase("gbps");
    skipped["skipped"] = true;
    nlohmann::json wrong = m("Boost.Compute reduce", "opencl-peer", 4194304, 99999);
    wrong["correct"] = false;
    return {{"device", device},
            {"driver", "580.159.04"},
            {"date", date},
            {"timing", "device"},
            {"data_type", type},
            {"op", "sum"},
            {"measurements",
             {m("cupy.sum", "framework-peer", 4194304, 2131.0), m("cupy.sum", "framework-peer", 16777216, 3660.0),
              m("CLBlast Xsum", "opencl-peer", 4194304, 800.0), m("ReduceLab best-gpu", "reducelab", 4194304, 1520.0),
              m("copy kernel (kernels/copy.cl)", "ceiling", 4194304, 3000.0),
              m("read-only kernel", "ceiling", 4194304, 3900.0), skipped, wrong}}};
}

TEST(PeerFigures, PeersAndCeilingsAreReadAndOtherRowsLeftOut) {
    const PeerFigures f = parsePeerFigures(benchJson("NVIDIA H200", "2026-11-22 12:57:46 UTC", "float"), "x.json");
    EXPECT_EQ(f.device, "NVIDIA H200");
    EXPECT_EQ(f.type, ElemType::Float);
    ASSERT_EQ(f.peers.size(), 2u);  // cupy.sum, CLBlast; not ReduceLab's row, not the skipped or wrong ones
    EXPECT_EQ(f.peers[0].method, "cupy.sum");  // fastest first
    EXPECT_DOUBLE_EQ(f.peers[0].gbps.at(16777216), 3660.0);
    EXPECT_EQ(f.peers[1].method, "CLBlast Xsum");
    ASSERT_EQ(f.ceilings.size(), 2u);
    EXPECT_DOUBLE_EQ(f.limitAt(4194304), 3900.0);  // the higher of copy and read-only
    EXPECT_DOUBLE_EQ(f.limitAt(16777216), 0.0);
}

TEST(PeerFigures, TheNewestFileOfTheDeviceTypeAndOpIsChosen) {
    const std::string dir = testing::TempDir() + "rl_peers_" + std::to_string(::getpid());
    std::filesystem::create_directories(dir);
    std::ofstream(dir + "/old.json") << benchJson("NVIDIA H200", "2026-11-21 10:00:00 UTC", "float").dump();
    std::ofstream(dir + "/new.json") << benchJson("NVIDIA H200", "2026-11-22 12:57:46 UTC", "float").dump();
    std::ofstream(dir + "/int.json") << benchJson("NVIDIA H200", "2026-11-23 09:00:00 UTC", "int").dump();
    std::ofstream(dir + "/other.json") << benchJson("NVIDIA H100 80GB HBM3", "2026-11-23 09:00:00 UTC", "float").dump();
    std::ofstream(dir + "/broken.json") << "{ not json";
    std::ofstream(dir + "/nodevice.json") << R"({"measurements": []})";
    std::vector<std::string> problems;
    const auto all = peerFiguresIn(dir, &problems);
    EXPECT_EQ(all.size(), 4u);
    ASSERT_EQ(problems.size(), 2u);
    bool saidNoDevice = false;
    for (const auto& p : problems) saidNoDevice = saidNoDevice || p.find("no \"device\"") != std::string::npos;
    EXPECT_TRUE(saidNoDevice);
    const DeviceKey h200{"NVIDIA H200", "580.159.04", "NVIDIA CUDA"};
    const PeerFigures* f = figuresFor(all, h200, ElemType::Float, Op::Sum);
    ASSERT_NE(f, nullptr);
    EXPECT_EQ(f->file, dir + "/new.json");
    EXPECT_EQ(figuresFor(all, h200, ElemType::Int, Op::Sum)->file, dir + "/int.json");
    EXPECT_EQ(figuresFor(all, h200, ElemType::Float, Op::Max), nullptr);
    EXPECT_EQ(figuresFor(all, {"NVIDIA H200", "999.0", "NVIDIA CUDA"}, ElemType::Float, Op::Sum), nullptr)
        << "another driver is another device";
    EXPECT_TRUE(peerFiguresIn(dir + "/none").empty());
    std::filesystem::remove_all(dir);
}

TEST(PeerFigures, AScansFiguresAreDrawnBesideTheScansOnlyAndTheReductionsBesideTheReductions) {
    const std::string dir = testing::TempDir() + "rl_scan_peers_" + std::to_string(::getpid());
    std::filesystem::create_directories(dir);
    nlohmann::json scan = benchJson("pthread", "2026-11-28 02:30:00 UTC", "int");
    scan["pattern"] = "scan";
    std::ofstream(dir + "/scan.json") << scan.dump();
    std::ofstream(dir + "/reduce.json") << benchJson("pthread", "2026-11-27 09:00:00 UTC", "int").dump();
    nlohmann::json bad = scan;
    bad["pattern"] = "sort";
    std::ofstream(dir + "/bad.json") << bad.dump();
    std::vector<std::string> problems;
    const auto all = peerFiguresIn(dir, &problems);
    ASSERT_EQ(all.size(), 2u);
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_NE(problems[0].find("unknown \"pattern\""), std::string::npos) << problems[0];
    const DeviceKey pocl{"pthread", "", ""};
    const PeerFigures* s = figuresFor(all, pocl, ElemType::Int, Op::Sum, Pattern::Scan);
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(s->file, dir + "/scan.json");  // not the reduction's, though the reduction's is of the same device
    EXPECT_EQ(s->pattern, Pattern::Scan);
    const PeerFigures* r = figuresFor(all, pocl, ElemType::Int, Op::Sum);
    ASSERT_NE(r, nullptr);
    EXPECT_EQ(r->file, dir + "/reduce.json");  // the newer scan figures are not a reduction's
    std::filesystem::remove_all(dir);
}

// reducelab_bench --pattern histogram writes "op": "count" and what it counted: filed under the histograms, as a
// sum (what the Timings view asks for), its distribution and bins kept for the legend.
TEST(PeerFigures, AHistogramsFiguresNeedNoOperation) {
    nlohmann::json h = benchJson("NVIDIA H100 80GB HBM3", "2026-12-06 15:00:00 UTC", "int");
    h["pattern"] = "histogram";
    h["op"] = "count";
    h["distribution"] = "constant";
    h["bins"] = 256;
    const PeerFigures f = parsePeerFigures(h, "h.json");
    EXPECT_EQ(f.pattern, Pattern::Histogram);
    EXPECT_EQ(f.op, Op::Sum);
    EXPECT_EQ(f.problem, "constant data, 256 bins");
    ASSERT_EQ(f.peers.size(), 2u);
    const std::vector<PeerFigures> all = {f};
    const DeviceKey h100{"NVIDIA H100 80GB HBM3", "580.159.04", ""};
    EXPECT_NE(figuresFor(all, h100, ElemType::Int, Op::Sum, Pattern::Histogram), nullptr);
    EXPECT_EQ(figuresFor(all, h100, ElemType::Int, Op::Sum, Pattern::Scan), nullptr);
    h["pattern"] = "scan";  // a pattern with an operation still needs a known one
    EXPECT_THROW(parsePeerFigures(h, "s.json"), Error);
}

TEST(PeerFigures, AFileWithoutTypeAndOpIsAFloatSum) {
    nlohmann::json j = benchJson("pthread", "2026-11-22 13:07:45 UTC", "float");
    j.erase("data_type");
    j.erase("op");
    const PeerFigures f = parsePeerFigures(j, "pocl_bench.json");
    EXPECT_EQ(f.type, ElemType::Float);
    EXPECT_EQ(f.op, Op::Sum);
    j["data_type"] = "quaternion";
    EXPECT_THROW(parsePeerFigures(j, "bad.json"), Error);
}

}  // namespace
}  // namespace rl::view
