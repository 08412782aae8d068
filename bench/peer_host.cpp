// Peers on the host CPU without OpenCL: std::reduce and std::copy with std::execution::par_unseq, which
// libstdc++ runs on TBB. Built with -O3 -march=native -fopenmp-simd (CMakeLists) so the peer's inner loops are
// vectorised: without -fopenmp-simd libstdc++'s reduce adds one float at a time.
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <vector>

#include "bench/peers.h"
#ifdef REDUCELAB_HAVE_TBB
#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <execution>
#include <numeric>
#endif

namespace rl::bench {
namespace {

#ifdef REDUCELAB_HAVE_TBB
// std::reduce of n elements of T with the operation, as a user would write it (ints wrap, as on the device).
template <typename T>
double hostReduce(const void* data, size_t n, Op op) {
    const T* p = static_cast<const T*>(data);
    switch (op) {
        case Op::Min:
            return double(std::reduce(std::execution::par_unseq, p, p + n, std::numeric_limits<T>::has_infinity
                                                                                 ? std::numeric_limits<T>::infinity()
                                                                                 : std::numeric_limits<T>::max(),
                                      [](T a, T b) { return std::min(a, b); }));
        case Op::Max:
            return double(std::reduce(std::execution::par_unseq, p, p + n, std::numeric_limits<T>::has_infinity
                                                                                 ? -std::numeric_limits<T>::infinity()
                                                                                 : std::numeric_limits<T>::lowest(),
                                      [](T a, T b) { return std::max(a, b); }));
        default:
            if constexpr (std::is_integral_v<T>) {  // unsigned arithmetic: wraps like the device, no overflow UB
                const auto* u = reinterpret_cast<const uint32_t*>(p);
                return double(int32_t(std::reduce(std::execution::par_unseq, u, u + n, uint32_t(0))));
            } else {
                return double(std::reduce(std::execution::par_unseq, p, p + n, T(0)));
            }
    }
}

// std::inclusive_scan of n elements of T into out, with the policy or serially (ints wrap, as on the device).
template <typename T, typename Policy>
void hostScan(Policy&& policy, const T* p, size_t n, T* out, Op op) {
    switch (op) {
        case Op::Min:
            std::inclusive_scan(policy, p, p + n, out, [](T a, T b) { return std::min(a, b); });
            break;
        case Op::Max:
            std::inclusive_scan(policy, p, p + n, out, [](T a, T b) { return std::max(a, b); });
            break;
        default:
            if constexpr (std::is_integral_v<T>) {
                std::inclusive_scan(policy, reinterpret_cast<const uint32_t*>(p),
                                    reinterpret_cast<const uint32_t*>(p) + n, reinterpret_cast<uint32_t*>(out));
            } else {
                std::inclusive_scan(policy, p, p + n, out);
            }
    }
}

// Counts p[first, last) into bins: x in [lo, hi] falls in bin min(uint(float(x - lo) * scale), bins - 1), as
// kernels/common.cl's RL_BIN computes it (an int's x - lo exact, then rounded to float); others nowhere.
template <typename T>
void countInto(const T* p, size_t first, size_t last, uint32_t* bins, uint32_t nbins, T lo, T hi, float scale) {
    for (size_t i = first; i < last; ++i) {
        const T x = p[i];
        if (!(x >= lo && x <= hi)) continue;  // NaN too
        const uint32_t b = uint32_t(float(x - lo) * scale);
        ++bins[b < nbins ? b : nbins - 1];
    }
}

template <typename T>
std::vector<uint32_t> hostHistogram(const T* p, size_t n, const HistogramSpec& spec, bool parallel) {
    const uint32_t nbins = uint32_t(spec.bins);
    const T lo = T(spec.lo), hi = T(spec.hi);
    const float scale = float(double(spec.bins) / (spec.hi - spec.lo));
    std::vector<uint32_t> bins(nbins, 0);
    if (!parallel) {
        countInto(p, 0, n, bins.data(), nbins, lo, hi, scale);
        return bins;
    }
    tbb::enumerable_thread_specific<std::vector<uint32_t>> mine([nbins] { return std::vector<uint32_t>(nbins, 0); });
    tbb::parallel_for(tbb::blocked_range<size_t>(0, n, size_t(1) << 16), [&](const tbb::blocked_range<size_t>& r) {
        countInto(p, r.begin(), r.end(), mine.local().data(), nbins, lo, hi, scale);
    });
    for (const auto& own : mine)
        for (uint32_t b = 0; b < nbins; ++b) bins[b] += own[b];
    return bins;
}
#endif

}  // namespace

Method makeHostHistogram(const void* data, size_t n, ElemType type, const HistogramSpec& spec, bool parallel) {
    Method m;
    m.label = parallel ? "host histogram, TBB per-thread bins" : "host histogram, serial loop";
    m.role = Role::HostPeer;
    m.bytes = double(n) * double(elemSize(type));
#ifndef REDUCELAB_HAVE_TBB
    (void)data;
    (void)spec;
    m.skipped = "built without TBB: install libtbb-dev";
#else
    m.note = std::string(toString(type)) + ", " + std::to_string(spec.bins) + " bins" +
             (parallel ? ", tbb::parallel_for over blocks of 2^16, each thread's own bins, merged after"
                       : ", one element after another into one array of bins");
    auto last = std::make_shared<std::vector<uint32_t>>();
    m.once = [data, n, type, &spec, parallel, last](double*) {
        *last = type == ElemType::Int ? hostHistogram(static_cast<const int32_t*>(data), n, spec, parallel)
                                      : hostHistogram(static_cast<const float*>(data), n, spec, parallel);
        return double(last->empty() ? 0 : (*last)[0]);
    };
    m.verify = [last, &spec](std::string* verdict) {
        return spec.check(std::vector<double>(last->begin(), last->end()), verdict);
    };
#endif
    return m;
}

Method makeHostScan(const void* data, size_t n, ElemType type, Op op, bool parallel, const ScanSpec& spec) {
    Method m;
    m.label = parallel ? "host std::inclusive_scan par_unseq (TBB)" : "host std::inclusive_scan, serial";
    m.role = Role::HostPeer;
    m.bytes = 2.0 * double(n) * double(elemSize(type));  // read and written
#ifndef REDUCELAB_HAVE_TBB
    (void)data;
    (void)op;
    (void)spec;
    m.skipped = "built without TBB: install libtbb-dev";
#else
    m.note = std::string(toString(type)) + " " + std::string(toString(op)) +
             (parallel ? ", vectorised (-fopenmp-simd)" : ", one element after another");
    // The output, touched once before the runs: page faults stay out of the timing.
    auto out = std::make_shared<std::vector<uint32_t>>(n, 1u);
    if (type == ElemType::Int)
        m.once = [data, n, op, out, parallel](double*) {
            const auto* p = static_cast<const int32_t*>(data);
            auto* o = reinterpret_cast<int32_t*>(out->data());
            if (parallel) hostScan(std::execution::par_unseq, p, n, o, op);
            else hostScan(std::execution::seq, p, n, o, op);
            return double(o[n - 1]);
        };
    else
        m.once = [data, n, op, out, parallel](double*) {
            const auto* p = static_cast<const float*>(data);
            auto* o = reinterpret_cast<float*>(out->data());
            if (parallel) hostScan(std::execution::par_unseq, p, n, o, op);
            else hostScan(std::execution::seq, p, n, o, op);
            return double(o[n - 1]);
        };
    m.verify = [out, type, &spec](std::string* verdict) {
        return spec.check(
            [&](size_t first, size_t count, std::vector<double>* piece) {
                piece->resize(count);
                for (size_t i = 0; i < piece->size(); ++i) {
                    const uint32_t bits = (*out)[first + i];
                    float f = 0;
                    std::memcpy(&f, &bits, sizeof f);
                    (*piece)[i] = type == ElemType::Int ? double(int32_t(bits)) : double(f);
                }
                return true;
            },
            verdict);
    };
#endif
    return m;
}

Method makeHostReduce(const void* data, size_t n, ElemType type, Op op) {
    Method m;
    m.label = "host std::reduce par_unseq (TBB)";
    m.role = Role::HostPeer;
    m.bytes = double(n) * double(elemSize(type));
#ifndef REDUCELAB_HAVE_TBB
    (void)data;
    (void)op;
    m.skipped = "built without TBB: install libtbb-dev";
#else
    m.note = std::string(toString(type)) + " " + std::string(toString(op)) + ", vectorised (-fopenmp-simd)";
    if (type == ElemType::Int)
        m.once = [data, n, op](double*) { return hostReduce<int32_t>(data, n, op); };
    else
        m.once = [data, n, op](double*) { return hostReduce<float>(data, n, op); };
#endif
    return m;
}

Method makeHostCopy(const void* data, size_t n, ElemType type) {
    Method m;
    m.label = "host std::copy par_unseq (TBB)";
    m.role = Role::Reference;
    const size_t words = n * elemSize(type) / 4;
    m.bytes = 2.0 * double(words) * 4;
#ifndef REDUCELAB_HAVE_TBB
    (void)data;
    (void)words;
    m.skipped = "built without TBB: install libtbb-dev";
#else
    const auto* src = static_cast<const uint32_t*>(data);
    auto out = std::make_shared<std::vector<uint32_t> >(words, 1u);  // touched once: page faults stay out of the timing
    m.note = "bytes read + written";
    m.once = [src, words, out](double*) {
        std::copy(std::execution::par_unseq, src, src + words, out->begin());
        return 0.0;
    };
    m.verify = [src, words, out](std::string* verdict) {
        const bool ok = std::equal(src, src + words, out->begin());
        *verdict = ok ? "copy equals its source" : "copy differs from its source";
        return ok;
    };
#endif
    return m;
}

}  // namespace rl::bench
