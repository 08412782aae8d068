// Peers on the host CPU without OpenCL: std::reduce and std::copy with std::execution::par_unseq, which
// libstdc++ runs on TBB. Built with -O3 -march=native -fopenmp-simd (CMakeLists) so the peer's inner loops are
// vectorised: without -fopenmp-simd libstdc++'s reduce adds one float at a time.
#include <memory>
#include <vector>

#include "bench/peers.h"
#ifdef REDUCELAB_HAVE_TBB
#include <algorithm>
#include <execution>
#include <numeric>
#endif

namespace rl::bench {

Method makeHostReduce(const float* data, size_t n) {
    Method m;
    m.label = "host std::reduce par_unseq (TBB)";
    m.role = Role::HostPeer;
    m.bytes = double(n) * 4;
#ifndef REDUCELAB_HAVE_TBB
    (void)data;
    m.skipped = "built without TBB: install libtbb-dev";
#else
    m.note = "float accumulation, vectorised (-fopenmp-simd)";
    m.once = [data, n](double*) { return double(std::reduce(std::execution::par_unseq, data, data + n, 0.0f)); };
#endif
    return m;
}

Method makeHostCopy(const float* data, size_t n) {
    Method m;
    m.label = "host std::copy par_unseq (TBB)";
    m.role = Role::Reference;
    m.bytes = 2.0 * double(n) * 4;
#ifndef REDUCELAB_HAVE_TBB
    (void)data;
    m.skipped = "built without TBB: install libtbb-dev";
#else
    auto out = std::make_shared<std::vector<float> >(n, 1.0f);  // touched once: page faults stay out of the timing
    m.note = "bytes read + written";
    m.once = [data, n, out](double*) {
        std::copy(std::execution::par_unseq, data, data + n, out->begin());
        return 0.0;
    };
    m.verify = [data, n, out](std::string* verdict) {
        const bool ok = std::equal(data, data + n, out->begin());
        *verdict = ok ? "copy equals its source" : "copy differs from its source";
        return ok;
    };
#endif
    return m;
}

}  // namespace rl::bench
