// Peers on the host CPU without OpenCL: std::reduce and std::copy with std::execution::par_unseq, which
// libstdc++ runs on TBB. Built with -O3 -march=native -fopenmp-simd (CMakeLists) so the peer's inner loops are
// vectorised: without -fopenmp-simd libstdc++'s reduce adds one float at a time.
#include <vector>

#include "bench/peers.h"
#ifdef REDUCELAB_HAVE_TBB
#include <algorithm>
#include <execution>
#include <numeric>
#endif

namespace rl::bench {

Measurement measureHostReduce(const float* data, const Reference& ref, int warmup, int repeats) {
    const std::string label = "host std::reduce par_unseq (TBB)";
#ifndef REDUCELAB_HAVE_TBB
    (void)data, (void)warmup, (void)repeats;
    return skippedMeasurement(label, Role::HostPeer, ref.n, "built without TBB: install libtbb-dev");
#else
    Measurement m = timeMethod(Timing::Wall, warmup, repeats, ref, [&](double*) {
        return double(std::reduce(std::execution::par_unseq, data, data + ref.n, 0.0f));
    });
    m.method = label;
    m.role = Role::HostPeer;
    m.bytes = double(ref.n) * 4;
    m.note = "float accumulation, vectorised (-fopenmp-simd)";
    return m;
#endif
}

Measurement measureHostCopy(const float* data, size_t n, int warmup, int repeats) {
    const std::string label = "host std::copy par_unseq (TBB)";
#ifndef REDUCELAB_HAVE_TBB
    (void)data, (void)warmup, (void)repeats;
    return skippedMeasurement(label, Role::Reference, n, "built without TBB: install libtbb-dev");
#else
    std::vector<float> out(n, 1.0f);  // touched once, so page faults stay out of the timing
    std::vector<double> ms;
    for (int i = 0; i < warmup + repeats; ++i) {
        const auto start = std::chrono::steady_clock::now();
        std::copy(std::execution::par_unseq, data, data + n, out.begin());
        const double t = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        if (i >= warmup) ms.push_back(t);
    }
    Measurement m;
    m.method = label;
    m.role = Role::Reference;
    m.n = n;
    m.timing = Timing::Wall;
    const Stats s = statsOf(ms);
    m.medianMs = s.median;
    m.minMs = s.min;
    m.maxMs = s.max;
    m.repeats = repeats;
    m.bytes = 2.0 * double(n) * 4;
    m.checked = true;
    m.correct = std::equal(data, data + n, out.begin());
    m.verdict = m.correct ? "copy equals its source" : "copy differs from its source";
    m.note = "bytes read + written";
    return m;
#endif
}

}  // namespace rl::bench
