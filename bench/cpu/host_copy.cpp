// How fast the host's memory copies an array with ordinary stores and with non-temporal (streamed) ones, on every
// core: the ceiling a CPU device's scan is held against in BENCHMARKS.md ("Scan", PoCL). An ordinary store makes the
// core read each output line from memory before writing it (to own it), so that copy moves three lines for every two;
// a streamed store writes the whole line without reading it. Not part of the build:
//   g++ -std=c++17 -O2 -pthread bench/cpu/host_copy.cpp -o /tmp/host_copy && /tmp/host_copy [LOG2_N] [ROUNDS]
// N 32-bit elements (default 2^26), median of 15 copies per store kind and round, on std::thread::hardware_concurrency
// threads, each copying a contiguous slice with 16-byte SSE2 loads and stores.
#include <emmintrin.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

namespace {

void copySlice(const int* in, int* out, size_t first, size_t last, bool streamed) {
    for (size_t i = first; i < last; i += 4) {
        const __m128i v = _mm_load_si128(reinterpret_cast<const __m128i*>(in + i));
        if (streamed)
            _mm_stream_si128(reinterpret_cast<__m128i*>(out + i), v);
        else
            _mm_store_si128(reinterpret_cast<__m128i*>(out + i), v);
    }
    if (streamed) _mm_sfence();  // the streamed lines reach memory before the copy counts as done
}

double copyMs(const int* in, int* out, size_t n, unsigned threads, bool streamed) {
    const auto t0 = std::chrono::steady_clock::now();
    std::vector<std::thread> pool;
    const size_t slice = (n / threads + 15) / 16 * 16;  // whole 64-byte lines per thread
    for (unsigned t = 0; t < threads; ++t)
        pool.emplace_back(copySlice, in, out, std::min(n, t * slice), std::min(n, (t + 1) * slice), streamed);
    for (auto& th : pool) th.join();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

int main(int argc, char** argv) {
    const int log2n = argc > 1 ? std::atoi(argv[1]) : 26;
    const int rounds = argc > 2 ? std::atoi(argv[2]) : 3;
    if (log2n < 10 || log2n > 32 || rounds < 1) {
        std::fprintf(stderr, "usage: host_copy [LOG2_N 10..32] [ROUNDS >= 1]\n");
        return 2;
    }
    const size_t n = size_t(1) << log2n;
    const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
    int* in = static_cast<int*>(std::aligned_alloc(64, n * sizeof(int)));
    int* out = static_cast<int*>(std::aligned_alloc(64, n * sizeof(int)));
    if (!in || !out) {
        std::fprintf(stderr, "out of memory for 2 x %zu bytes\n", n * sizeof(int));
        return 1;
    }
    for (size_t i = 0; i < n; ++i) in[i] = int(i * 2654435761u);
    std::memset(out, 0, n * sizeof(int));
    std::printf("2^%d ints (%zu MiB each way), %u threads, median of 15 copies (min)\n", log2n, n * sizeof(int) >> 20,
                threads);
    for (int r = 1; r <= rounds; ++r)
        for (bool streamed : {false, true}) {
            std::vector<double> ms;
            for (int k = 0; k < 15; ++k) ms.push_back(copyMs(in, out, n, threads, streamed));
            std::sort(ms.begin(), ms.end());
            std::printf("round %d %-8s %7.2f ms (%.2f)  %6.1f GB/s read + written\n", r,
                        streamed ? "streamed" : "ordinary", ms[7], ms[0], 2.0 * double(n * sizeof(int)) / ms[7] / 1e6);
        }
    const bool same = std::memcmp(in, out, n * sizeof(int)) == 0;
    std::printf("the copy %s its input\n", same ? "equals" : "DIFFERS FROM");
    std::free(in);
    std::free(out);
    return same ? 0 : 1;
}
