// Frame-time statistics.
#include "app/gui/frame_stats.h"

#include <algorithm>
#include <cstdio>
#include <numeric>

namespace rl::gui {
namespace {

double percentile(std::vector<double> v, double q) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, size_t(q * double(v.size() - 1) + 0.5))];
}

}  // namespace

void FrameStats::add(double workMs, double intervalMs) {
    work_.push_back(workMs);
    if (intervalMs > 0) interval_.push_back(intervalMs);
}

std::string FrameStats::report(const std::string& what) const {
    if (work_.empty()) return "frame times (" + what + "): no animated frames\n";
    const double mean = std::accumulate(work_.begin(), work_.end(), 0.0) / double(work_.size());
    const double meanInterval =
        interval_.empty() ? 0 : std::accumulate(interval_.begin(), interval_.end(), 0.0) / double(interval_.size());
    char buf[512];
    std::snprintf(buf, sizeof buf,
                  "frame times (%s), %zu animated frames:\n"
                  "  work per frame  mean %.2f ms  median %.2f ms  p95 %.2f ms  max %.2f ms  (=> %.0f fps possible)\n"
                  "  frame interval  mean %.2f ms  median %.2f ms  p95 %.2f ms  (=> %.1f fps shown)\n",
                  what.c_str(), work_.size(), mean, percentile(work_, 0.5), percentile(work_, 0.95),
                  percentile(work_, 1.0), 1000.0 / percentile(work_, 0.5), meanInterval, percentile(interval_, 0.5),
                  percentile(interval_, 0.95), meanInterval > 0 ? 1000.0 / meanInterval : 0.0);
    return buf;
}

}  // namespace rl::gui
