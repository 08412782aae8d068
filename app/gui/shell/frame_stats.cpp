// Frame-time statistics.
#include "app/gui/shell/frame_stats.h"

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <thread>

#include <imgui.h>

#include <cmath>
#include <utility>

namespace rl::gui {
namespace {

double percentile(std::vector<double> v, double q) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, size_t(q * double(v.size() - 1) + 0.5))];
}

}  // namespace

std::string coverageReport() {
    const ImDrawData* data = ImGui::GetDrawData();
    if (!data) return "";
    std::vector<std::pair<double, std::string>> lists, triangles;
    double total = 0;
    for (int l = 0; l < data->CmdListsCount; ++l) {
        const ImDrawList* list = data->CmdLists[l];
        double area = 0;
        for (int i = 0; i + 2 < list->IdxBuffer.Size; i += 3) {
            const ImVec2 a = list->VtxBuffer[list->IdxBuffer[i]].pos, b = list->VtxBuffer[list->IdxBuffer[i + 1]].pos,
                         c = list->VtxBuffer[list->IdxBuffer[i + 2]].pos;
            area += std::abs((b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y)) * 0.5;
        }
        total += area;
        lists.push_back({area, list->_OwnerName ? list->_OwnerName : "?"});
        triangles.push_back({list->IdxBuffer.Size / 3, list->_OwnerName ? list->_OwnerName : "?"});
    }
    std::sort(lists.rbegin(), lists.rend());
    const double window = double(data->DisplaySize.x) * double(data->DisplaySize.y);
    char buf[256];
    std::snprintf(buf, sizeof buf, "  coverage: %.2f Mpixel of triangles per frame (%.2fx the window); largest:", total * 1e-6,
                  window > 0 ? total / window : 0.0);
    std::string out = buf;
    for (size_t i = 0; i < lists.size() && i < 5; ++i) {
        std::snprintf(buf, sizeof buf, " %s %.2f", lists[i].second.c_str(), lists[i].first * 1e-6);
        out += buf;
    }
    std::sort(triangles.rbegin(), triangles.rend());
    out += "\n  triangles by window:";
    for (size_t i = 0; i < triangles.size() && i < 6; ++i) {
        std::snprintf(buf, sizeof buf, " %s %.0f", triangles[i].second.c_str(), triangles[i].first);
        out += buf;
    }
    return out + "\n";
}

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
