// Harris's published figures ("Optimizing Parallel Reduction in CUDA", G80, 2^22 ints), for comparison tables.
#pragma once

namespace rl {

struct HarrisFigure {
    int step;
    double timeMs;
    double gbps;
};

inline constexpr HarrisFigure kHarrisG80[] = {
    {1, 8.054, 2.083}, {2, 3.456, 4.854}, {3, 1.722, 9.741}, {4, 0.965, 17.377},
    {5, 0.536, 31.289}, {6, 0.381, 43.996}, {7, 0.268, 62.671},
};
inline constexpr double kHarrisG80PeakGbps = 86.4;
inline constexpr double kHarrisG80N = 4194304;  // 2^22 ints

inline const HarrisFigure* harrisFigure(int step) {
    for (const auto& f : kHarrisG80)
        if (f.step == step) return &f;
    return nullptr;
}

}  // namespace rl
