// The host side of bench/same_pages.py: std::reduce(par_unseq) over TBB, as bench/peer_host.cpp runs it, and a
// plain one-thread loop, exported with C linkage for ctypes. Built by same_pages.py with
//   g++ -std=c++17 -O3 -march=native -fopenmp-simd -shared -fPIC same_pages_host.cpp -ltbb
#include <cstddef>
#include <execution>
#include <numeric>

extern "C" float rl_host_reduce(const float* p, size_t n) {
    return std::reduce(std::execution::par_unseq, p, p + n, 0.0f);
}

extern "C" float rl_host_loop(const float* p, size_t n) {  // one thread, 16 lanes, as best-cpu's work-item does
    float acc[16] = {};
    size_t i = 0;
    for (; i + 16 <= n; i += 16)
#pragma omp simd
        for (int c = 0; c < 16; ++c) acc[c] += p[i + c];
    float s = 0;
    for (float a : acc) s += a;
    for (; i < n; ++i) s += p[i];
    return s;
}
