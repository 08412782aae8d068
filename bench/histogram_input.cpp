#include "bench/histogram_input.h"

#include <algorithm>
#include <thread>
#include <vector>

namespace rl::bench {

HostArray histogramInput(ElemType type, const std::string& distribution, size_t n, size_t bins, uint64_t seed) {
    HostArray a;
    a.type = type;
    const uint64_t start = seed * 0x2545F4914F6CDD1Dull + 7;
    // zipf: the value whose running sum of weights first passes u, from a table of 2^16 quantiles
    std::vector<uint32_t> quantile;
    if (distribution == "zipf") {
        std::vector<double> cdf(bins);
        double sum = 0;
        for (size_t k = 0; k < bins; ++k) cdf[k] = sum += 1.0 / double(k + 1);
        quantile.resize(size_t(1) << 16);
        for (size_t q = 0; q < quantile.size(); ++q) {
            const double u = (double(q) + 0.5) / double(quantile.size()) * sum;
            quantile[q] = uint32_t(std::lower_bound(cdf.begin(), cdf.end(), u) - cdf.begin());
        }
    }
    const bool constant = distribution == "constant";
    const bool floats = type != ElemType::Int;
    if (floats)
        a.floats.resize(n);
    else
        a.ints.resize(n);
    // Element i draws `draws` numbers from one SplitMix64 stream, whose state after k draws is its start plus k times
    // its increment: each thread jumps to its first element's draws, and the data are those of one serial loop.
    const uint64_t draws = (constant ? 0 : 1) + (floats ? 1 : 0);
    auto fill = [&](size_t begin, size_t end) {
        SplitMix64 rng{start + begin * draws * 0x9E3779B97F4A7C15ull};
        for (size_t i = begin; i < end; ++i) {
            uint32_t k = uint32_t(bins / 2);
            if (!constant) {
                const uint64_t r = rng.next();
                k = distribution == "zipf" ? quantile[r >> 48] : uint32_t(r % bins);
            }
            if (floats)
                a.floats[i] = float(k) + 0.1f + 0.8f * float(rng.next() >> 40) / float(1u << 24);
            else
                a.ints[i] = int32_t(k);
        }
    };
    const size_t threads = std::clamp<size_t>(std::thread::hardware_concurrency(), 1, std::max<size_t>(1, n >> 20));
    std::vector<std::thread> pool;
    for (size_t t = 1; t < threads; ++t) pool.emplace_back(fill, n * t / threads, n * (t + 1) / threads);
    fill(0, n / threads);
    for (auto& th : pool) th.join();
    return a;
}

}  // namespace rl::bench
