// The explorer's speed figures: time to the first frame, request-to-shown per trace, the background build.
#include "app/gui/shell/speed_figures.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <sstream>

namespace rl::gui {

double msSinceProcessStart() {
    std::ifstream in("/proc/self/stat");
    std::string stat;
    std::getline(in, stat);
    const size_t close = stat.rfind(')');  // the command name may hold spaces; fields follow its ')'
    if (close == std::string::npos) return -1;
    std::istringstream fields(stat.substr(close + 2));
    std::string field;
    for (int i = 3; i <= 22 && fields >> field; ++i)
        if (i == 22) {  // starttime: clock ticks after boot
            timespec now{};
            clock_gettime(CLOCK_BOOTTIME, &now);
            const double started = std::stod(field) / double(sysconf(_SC_CLK_TCK));
            return (double(now.tv_sec) + double(now.tv_nsec) * 1e-9 - started) * 1000.0;
        }
    return -1;
}

namespace {

double cpuMs(clockid_t clock) {
    timespec t{};
    clock_gettime(clock, &t);
    return double(t.tv_sec) * 1000.0 + double(t.tv_nsec) * 1e-6;
}

}  // namespace

void SpeedFigures::frameSwapped(double now) {
    if (!firstShownMs_) {
        firstShownMs_ = msSinceProcessStart();
        firstProcessCpuMs_ = cpuMs(CLOCK_PROCESS_CPUTIME_ID);
        firstThreadCpuMs_ = cpuMs(CLOCK_THREAD_CPUTIME_ID);
    }
    if (taken_) {
        taken_->shownMs = (now - takenSentAt_) * 1000.0;
        traces_.push_back(*taken_);
        taken_.reset();
    }
}

void SpeedFigures::requestSent(uint64_t id, double now) {
    sent_.push_back({id, now});
}

void SpeedFigures::responseTaken(uint64_t id, const std::string& variant, size_t n, double engineMs) {
    auto it = std::find_if(sent_.begin(), sent_.end(), [id](const auto& s) { return s.first == id; });
    if (it == sent_.end()) return;
    taken_ = Trace{variant, n, engineMs, 0};
    takenSentAt_ = it->second;
}

std::string SpeedFigures::report(const std::optional<LadderWarmerProgress>& warm) const {
    std::string out;
    char buf[256];
    if (firstShownMs_) {
        // Processor time tells what the wall time would be on an idle machine: the window thread's is the floor.
        std::snprintf(buf, sizeof buf,
                      "first frame shown: %.0f ms after the process started (processor time by then: %.0f ms in the "
                      "window's thread, %.0f ms in all threads)\n",
                      *firstShownMs_, firstThreadCpuMs_, firstProcessCpuMs_);
        out += buf;
    }
    for (size_t i = 0; i < traces_.size(); ++i) {
        const Trace& t = traces_[i];
        std::snprintf(buf, sizeof buf,
                      "trace %zu: %s, N = %zu: %.1f ms from request to the frame that shows it "
                      "(engine thread %.1f ms)\n",
                      i + 1, t.variant.c_str(), t.n, t.shownMs, t.engineMs);
        out += buf;
    }
    if (warm) {
        std::snprintf(buf, sizeof buf,
                      "ladder built in the background: %d of %d variants%s in %.1f s; disk cache: %d loaded, %d "
                      "built and stored, %d rebuilt\n",
                      warm->done, warm->total, warm->finished ? "" : " (not finished)", warm->seconds, warm->disk.hits,
                      warm->disk.stored, warm->disk.damaged + warm->disk.stale);
        out += buf;
    }
    return out;
}

}  // namespace rl::gui
