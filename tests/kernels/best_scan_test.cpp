// The best scans as they are timed (the timed build: no recording, the tile and grid the device's properties give),
// on the test device: every element right at every size class (one element, less than a tile, exactly one tile, one
// past it, a prime, many tiles, several waves of tiles), int and float, inclusive and exclusive; min and max at two.
// The single pass also scans in place (its output written over its input, as CUB's DeviceScan allows), and a scan
// whose kernel cannot is refused. On a CPU device, the chunked single pass past the device's cache stores past it,
// its writes lagging its reads by some tiles where its first walk allows.
// On NVIDIA's GPUs `REDUCELAB_DEVICE_TESTS=1 bash bench/gpu/compare.sh` runs them there, where the single pass's
// timed build of ints and floats is its warp path (RL_PTX_WARPS, kernels/scan/decoupled-look-back.cl).
#include <gtest/gtest.h>

#include "core/catalogue/build_options.h"
#include "core/cl/runners.h"
#include "core/input.h"
#include "core/model/scan_reference.h"
#include "tests/support/device_fixture.h"
#include "tests/support/test_values.h"

namespace rl {
namespace {

TEST(BestScans, TimedRunsAreRightAtEverySizeClass) {
    int runs = 0;
    for (const char* id : {"decoupled-look-back", "chunked-look-back"})
        for (size_t n : {size_t(1), size_t(3), size_t(1000), size_t(8192), size_t(8193), size_t(100003),
                         size_t(1) << 20, (size_t(1) << 22) + 1})
            for (ElemType type : {ElemType::Int, ElemType::Float})
                for (bool exclusive : {false, true})
                    for (Op op : {Op::Sum, Op::Min, Op::Max}) {
                        // min and max: inclusive ints at two sizes (each op, type and form is a build of its own)
                        if (op != Op::Sum && (n != 8193 && n != 100003 || exclusive || type != ElemType::Int)) continue;
                        RunConfig c = test::makeConfig(id, n, 256, op, type, 5 + n);
                        c.exclusive = exclusive;
                        const HostArray input = makeInput(type, DataPattern::Random, n, c.seed);
                        const RunResult r = test::engine().run(c, input, 0, 1);
                        EXPECT_TRUE(r.correct) << id << " n=" << n << " " << toString(op) << " " << toString(type)
                                               << (exclusive ? " exclusive" : " inclusive") << ": " << r.verdict;
                        ++runs;
                    }
    EXPECT_EQ(runs, 2 * (8 * 2 * 2 + 2 * 2));
}

// The buffer the scan reads is the one it writes: every element of it afterwards is the scan's, and a second run
// over it scans the scan (the runner keeps no copy of the input).
TEST(BestScans, TheSinglePassScansInPlace) {
    const VariantInfo& v = *findVariant("decoupled-look-back");
    ASSERT_TRUE(v.scansInPlace);
    int runs = 0;
    for (size_t n : {size_t(1), size_t(1000), size_t(8193), size_t(100003), (size_t(1) << 20) + 1})
        for (ElemType type : {ElemType::Int, ElemType::Float})
            for (bool exclusive : {false, true}) {
                RunConfig c = test::makeConfig(v.id, n, 256, Op::Sum, type, 11 + n);
                c.exclusive = exclusive;
                const HostArray input = makeInput(type, DataPattern::Random, n, c.seed);
                Engine& e = test::engine();
                c = e.run(c, input, 0, 1).config;  // the timed build's tile and grid on this device
                const std::vector<PassPlan> plan = planPasses(v, c);
                cl::Buffer data(e.context(), CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, input.bytes(),
                                const_cast<void*>(input.data()));
                const auto runner = makeRunner(v.kind);
                ASSERT_TRUE(runner->scanInto(data));
                runner->runOnce(e, v, c, plan, data, nullptr, nullptr);
                const std::string what = "n=" + std::to_string(n) + " " + std::string(toString(type)) +
                                         (exclusive ? " exclusive" : " inclusive");
                const std::vector<double> once = readElements(e, data, n, type);
                const int depth = scanRoundingDepth(v, c);
                std::string verdict;
                EXPECT_TRUE(acceptScan(computeScanReference(input, Op::Sum, exclusive, depth), type, once, &verdict))
                    << what << ": " << verdict;
                if (type != ElemType::Int || n > 100003) continue;
                // Again over its own output: an int scan of the scan, exact (wrapping as the device's ints do).
                runner->runOnce(e, v, c, plan, data, nullptr, nullptr);
                HostArray scanned;
                scanned.type = ElemType::Int;
                for (double x : once) scanned.ints.push_back(int32_t(x));
                EXPECT_TRUE(acceptScan(computeScanReference(scanned, Op::Sum, exclusive, depth), type,
                                       readElements(e, data, n, type), &verdict))
                    << what << ", the second scan: " << verdict;
                ++runs;
            }
    EXPECT_EQ(runs, 2 * 4);
}

// Past a CPU device's cache, chunked-look-back's second walk scans each run again from the input and stores it with
// non-temporal stores (RL_STREAM): every element right, each type, inclusive and exclusive, min too; below the cache,
// the same kernel without them.
TEST(BestScans, PastACpuDevicesCacheTheChunkedSinglePassStoresPastIt) {
    Engine& e = test::engine();
    const DeviceInfo& d = e.device();
    const VariantInfo& v = *findVariant("chunked-look-back");
    ASSERT_TRUE(v.streamsPastCache);
    if (d.type != "CPU" || d.globalCacheBytes == 0)
        GTEST_SKIP() << d.name << " is not a CPU device with a known cache: its builds store as usual";
    const size_t n = d.globalCacheBytes / 4 + 4099;  // 32-bit elements: an output larger than the cache
    if (n > (size_t(1) << 25)) GTEST_SKIP() << "a cache of " << d.globalCacheBytes << " bytes: too large an array here";
    int runs = 0;
    for (ElemType type : {ElemType::Int, ElemType::Float, ElemType::Long, ElemType::Double})
        for (bool exclusive : {false, true})
            for (Op op : {Op::Sum, Op::Min}) {
                if (op == Op::Min && (exclusive || type != ElemType::Float)) continue;
                if (type == ElemType::Double && !d.fp64) continue;
                RunConfig c = test::makeConfig(v.id, n, 32, op, type, 17 + runs);  // the bench's work-group on a CPU
                c.exclusive = exclusive;
                const HostArray input = makeInput(type, DataPattern::Random, n, c.seed);
                const RunResult r = e.run(c, input, 0, 1);
                const std::string what = std::string(toString(op)) + " " + std::string(toString(type)) +
                                         (exclusive ? " exclusive" : " inclusive");
                // Runs of whole vectors, the path that streams: a streamed build's tile of 128Ki over 32 work-items.
                ASSERT_EQ(effectiveElemsPerItem(v, r.config), 4096) << what;
                EXPECT_NE(buildOptions(v, r.config, false, d).find("-D RL_STREAM"), std::string::npos) << what;
                EXPECT_TRUE(r.correct) << what << ", n=" << n << ": " << r.verdict;
                ++runs;
            }
    EXPECT_GE(runs, 7);
    RunConfig small = test::makeConfig(v.id, 100003, 32, Op::Sum, ElemType::Int, 5);
    EXPECT_EQ(buildOptions(v, small, false, d).find("-D RL_STREAM"), std::string::npos) << "within the cache";
    EXPECT_EQ(effectiveElemsPerItem(v, withDeviceDefaults(v, small, d)), 2048) << "the tile of 64Ki within the cache";
}

// A streamed build whose first walk is one operation per vector (integers; min and max) writes each tile's runs back
// from the tile L = streamLag tiles on, and the last L tiles write their own. With the test device's cache taken as
// 4 KiB and tiles of 32 x 16 elements, small arrays stream: fewer tiles than L, exactly L, one more, and many with a
// short last tile and empty runs in it, each element right; a float sum, which streams without writing back, too.
TEST(BestScans, StreamedTilesWrittenBackByTheTileLAheadAreRightAtEveryTileCount) {
    DeviceInfo d = test::engine().device();
    if (d.type != "CPU") GTEST_SKIP() << d.name << " is not a CPU device: its builds store as usual";
    d.globalCacheBytes = 4096;  // past it from 1025 32-bit elements
    Engine e(d);
    const VariantInfo& v = *findVariant("chunked-look-back");
    const size_t wg = 32, epi = 16, tile = wg * epi;
    const size_t lag = size_t(streamLag(d));
    ASSERT_GE(lag, 2u);
    int runs = 0;
    for (const size_t tiles : {lag - 1, lag, lag + 1, 3 * lag + 2})
        for (const size_t rest : {size_t(0), size_t(20)}) {  // 20: a short last tile, one run of 16 and one of 4
            const size_t n = std::max<size_t>(1025, (tiles - (rest > 0 ? 1 : 0)) * tile + rest);
            for (ElemType type : {ElemType::Int, ElemType::Long, ElemType::Float})
                for (bool exclusive : {false, true}) {
                    const Op op = type == ElemType::Float ? (exclusive ? Op::Sum : Op::Max) : Op::Sum;
                    RunConfig c = test::makeConfig(v.id, n, wg, op, type, 29 + runs);
                    c.exclusive = exclusive;
                    c.elemsPerItem = int(epi);
                    const HostArray input = makeInput(type, DataPattern::Random, n, c.seed);
                    const RunResult r = e.run(c, input, 0, 1);
                    const std::string what = std::string(toString(op)) + " " + std::string(toString(type)) +
                                             (exclusive ? " exclusive" : " inclusive") + ", n=" + std::to_string(n);
                    ASSERT_EQ(effectiveElemsPerItem(v, r.config), int(epi)) << what;
                    EXPECT_NE(buildOptions(v, r.config, false, d).find("-D RL_STREAM=" + std::to_string(lag)),
                              std::string::npos) << what;
                    EXPECT_TRUE(r.correct) << what << ": " << r.verdict;
                    ++runs;
                }
        }
    EXPECT_EQ(runs, 4 * 2 * 3 * 2);
}

// n random ints and the timed build's config of v for them on the test device (its tile and grid).
RunConfig timedIntScan(const VariantInfo& v, size_t n, uint64_t seed, HostArray* input) {
    RunConfig c = test::makeConfig(v.id, n, 256, Op::Sum, ElemType::Int, seed);
    *input = makeInput(ElemType::Int, DataPattern::Random, n, c.seed);
    return test::engine().run(c, *input, 0, 1).config;
}

// One run of v over `in` with its output in `out` (scanInto): the message of the rl::Error it raised, or "".
std::string errorOfARunInto(const VariantInfo& v, const RunConfig& c, const cl::Buffer& in, const cl::Buffer& out) {
    const auto runner = makeRunner(v.kind);
    if (!runner->scanInto(out)) return "the runner takes no output buffer";
    try {
        runner->runOnce(test::engine(), v, c, planPasses(v, c), in, nullptr, nullptr);
    } catch (const Error& err) {
        return err.what();
    }
    return "";
}

TEST(BestScans, AScanWhoseKernelCannotScanInPlaceIsRefused) {
    const VariantInfo& v = *findVariant("chunked-look-back");  // restrict in and out
    ASSERT_FALSE(v.scansInPlace);
    HostArray input;
    const RunConfig c = timedIntScan(v, 1000, 3, &input);
    cl::Buffer data(test::engine().context(), CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, input.bytes(),
                    const_cast<void*>(input.data()));
    const std::string error = errorOfARunInto(v, c, data, data);
    EXPECT_NE(error.find("chunked-look-back cannot scan in place"), std::string::npos) << error;
    const std::vector<double> after = readElements(test::engine(), data, input.size(), ElemType::Int);
    for (size_t i = 0; i < input.size(); ++i) ASSERT_EQ(after[i], input.at(i)) << "element " << i << " was written";
}

// An output smaller than the scan is refused before anything is launched, with the sizes in the message.
TEST(BestScans, AnOutputTooSmallForTheScanIsRefused) {
    const VariantInfo& v = *findVariant("decoupled-look-back");
    HostArray input;
    const RunConfig c = timedIntScan(v, 1000, 4, &input);
    const cl::Buffer small(test::engine().context(), CL_MEM_READ_WRITE, 999 * sizeof(cl_int));
    const std::string error = errorOfARunInto(v, c, test::engine().upload(input), small);
    EXPECT_NE(error.find("holds 3996 bytes, not the 4000 of 1000 elements"), std::string::npos) << error;
}

}  // namespace
}  // namespace rl
