// Inputs of CPU devices on transparent huge pages (core/cl/host_pages.h): the buffer holds the input, is used in
// place, and a reduction over it gives the same answer as over the runtime's own allocation.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "core/cl/host_pages.h"
#include "core/input.h"
#include "core/model/reference.h"
#include "tests/support/device_fixture.h"

namespace rl::test {
namespace {

TEST(HostPages, BufferHoldsTheInputAndIsUsedInPlace) {
    Engine& e = engine();
    const size_t n = (kHugePageInputBytes / 4) + 12345;  // past the threshold, not a whole number of huge pages
    const HostArray input = makeInput(ElemType::Float, DataPattern::Random, n, 7);
    cl::Buffer b = hugePageBuffer(e.context(), input.data(), input.bytes());
    if (!b()) GTEST_SKIP() << "this system gives no 2 MiB-aligned advised mapping";
    EXPECT_EQ(b.getInfo<CL_MEM_SIZE>(), input.bytes());
    EXPECT_TRUE(b.getInfo<CL_MEM_FLAGS>() & CL_MEM_USE_HOST_PTR);
    auto* host = static_cast<const unsigned char*>(b.getInfo<CL_MEM_HOST_PTR>());
    ASSERT_NE(host, nullptr);
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(host) % (size_t(2) << 20), 0u) << "not on a 2 MiB boundary";
    std::vector<float> back(n);
    e.queue().enqueueReadBuffer(b, CL_TRUE, 0, input.bytes(), back.data());
    EXPECT_EQ(std::memcmp(back.data(), input.data(), input.bytes()), 0);
}

// Whatever pages the input gets, best-cpu and best-gpu give the reference's answer, the same with huge pages as
// without (REDUCELAB_HUGE_PAGES=0), on a CPU device where upload() chooses them and on any other.
TEST(HostPages, ReductionsAgreeWithAndWithoutHugePages) {
    Engine& e = engine();
    const size_t n = (size_t(6) << 20) + 3;  // 24 MiB of ints: past the threshold
    const HostArray input = makeInput(ElemType::Int, DataPattern::Random, n, 11);
    const Reference ref = computeReference(input, Op::Sum);
    for (const char* variant : {"best-cpu", "best-gpu"}) {
        RunConfig c;
        c.variant = variant;
        c.n = n;
        c.type = ElemType::Int;
        c.op = Op::Sum;
        c.wg = 64;
        std::vector<double> results;
        for (const char* huge : {"1", "0"}) {
            setenv("REDUCELAB_HUGE_PAGES", huge, 1);
            const RunResult r = e.run(c, input, 0, 1);
            EXPECT_TRUE(r.correct) << variant << " with REDUCELAB_HUGE_PAGES=" << huge;
            results.push_back(r.result);
        }
        unsetenv("REDUCELAB_HUGE_PAGES");
        EXPECT_EQ(results[0], results[1]) << variant;
        EXPECT_EQ(results[0], ref.value) << variant;
    }
}

// upload() puts a large input on huge pages on a CPU device only, and not when switched off.
TEST(HostPages, UploadChoosesThemForLargeInputsOnCpuDevices) {
    Engine& e = engine();
    const HostArray large = makeInput(ElemType::Float, DataPattern::Random, kHugePageInputBytes / 4, 3);
    const HostArray small = makeInput(ElemType::Float, DataPattern::Random, kHugePageInputBytes / 8, 3);
    auto inPlace = [&](const HostArray& a) { return (e.upload(a).getInfo<CL_MEM_FLAGS>() & CL_MEM_USE_HOST_PTR) != 0; };
    const bool cpu = e.device().type == "CPU";
    if (cpu && !hugePageBuffer(e.context(), large.data(), large.bytes())()) GTEST_SKIP() << "no advised mapping here";
    EXPECT_EQ(inPlace(large), cpu);
    EXPECT_FALSE(inPlace(small));
    setenv("REDUCELAB_HUGE_PAGES", "0", 1);
    EXPECT_FALSE(inPlace(large));
    unsetenv("REDUCELAB_HUGE_PAGES");
}

TEST(HostPages, SwitchedOffByTheEnvironment) {
    setenv("REDUCELAB_HUGE_PAGES", "0", 1);
    EXPECT_FALSE(hugePagesWanted());
    setenv("REDUCELAB_HUGE_PAGES", "1", 1);
    EXPECT_TRUE(hugePagesWanted());
    unsetenv("REDUCELAB_HUGE_PAGES");
    EXPECT_TRUE(hugePagesWanted());
}

}  // namespace
}  // namespace rl::test
