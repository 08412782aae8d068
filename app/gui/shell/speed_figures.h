// How fast the explorer answers, and the targets it is held to: the first frame shown after the process started, each trace
// from the request to the frame that shows it, the ladder's background build. Printed with --frame-stats.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/cl/ladder_warmer.h"

namespace rl::gui {

class SpeedFigures {
public:
    // After each buffer swap, with the app's clock (seconds since the app started).
    void frameSwapped(double now);
    void requestSent(uint64_t id, double now);
    // The response to request `id` is on screen from this frame on (completed at the frame's swap).
    void responseTaken(uint64_t id, const std::string& variant, size_t n, double engineMs);

    // The figures, one per line, with the ladder's build when there is one.
    std::string report(const std::optional<LadderWarmerProgress>& warm) const;

private:
    struct Trace {
        std::string variant;
        size_t n = 0;
        double engineMs = 0, shownMs = 0;
    };
    std::optional<double> firstShownMs_;  // since the process started (its start time in /proc/self/stat)
    double firstProcessCpuMs_ = 0, firstThreadCpuMs_ = 0;  // processor time by then: all threads, this one
    std::vector<std::pair<uint64_t, double>> sent_;        // request id, when it was sent
    std::optional<Trace> taken_;                           // waiting for its frame's swap
    double takenSentAt_ = 0;
    std::vector<Trace> traces_;
};

// Milliseconds since this process started (Linux: /proc/self/stat against CLOCK_BOOTTIME, 10 ms steps); negative
// where that cannot be read.
double msSinceProcessStart();

}  // namespace rl::gui
