// Frame-time statistics.
#include "app/gui/frame_stats.h"

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <thread>

namespace rl::gui {
namespace {

double percentile(std::vector<double> v, double q) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, size_t(q * double(v.size() - 1) + 0.5))];
}

}  // namespace

void FrameStats::add(double workMs, double intervalMs, double cpuMs) {
    work_.push_back(workMs);
    cpu_.push_back(cpuMs);
    if (intervalMs > 0) interval_.push_back(intervalMs);
}

std::string FrameStats::report(const std::string& what) const {
    if (work_.empty()) return "frame times (" + what + "): no animated frames\n";
    const double mean = std::accumulate(work_.begin(), work_.end(), 0.0) / double(work_.size());
    const double meanInterval =
        interval_.empty() ? 0 : std::accumulate(interval_.begin(), interval_.end(), 0.0) / double(interval_.size());
    char buf[768];
    std::snprintf(buf, sizeof buf,
                  "frame times (%s), %zu animated frames:\n"
                  "  work per frame  mean %.2f ms  median %.2f ms  p95 %.2f ms  max %.2f ms  (=> %.0f fps possible)\n"
                  "  frame interval  mean %.2f ms  median %.2f ms  p95 %.2f ms  (=> %.1f fps shown)\n"
                  "  processor time  mean %.2f ms  median %.2f ms per frame, all threads (%d cores here)\n",
                  what.c_str(), work_.size(), mean, percentile(work_, 0.5), percentile(work_, 0.95),
                  percentile(work_, 1.0), 1000.0 / percentile(work_, 0.5), meanInterval, percentile(interval_, 0.5),
                  percentile(interval_, 0.95), meanInterval > 0 ? 1000.0 / meanInterval : 0.0,
                  std::accumulate(cpu_.begin(), cpu_.end(), 0.0) / double(cpu_.size()), percentile(cpu_, 0.5),
                  int(std::thread::hardware_concurrency()));
    return buf;
}

}  // namespace rl::gui
