// The best scans as they are timed (the timed build: no recording, the tile and grid the device's properties give),
// on the test device: every element right at every size class (one element, less than a tile, exactly one tile, one
// past it, a prime, many tiles, several waves of tiles), int and float, inclusive and exclusive; min and max at two.
// On NVIDIA's GPUs `REDUCELAB_DEVICE_TESTS=1 bash bench/gpu/compare.sh` runs them there.
#include <gtest/gtest.h>

#include "core/input.h"
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

}  // namespace
}  // namespace rl
