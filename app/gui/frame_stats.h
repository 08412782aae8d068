// Frame-time figures: how long frames take while something moves (the idle path renders nothing).
#pragma once
#include <string>
#include <vector>

namespace rl::gui {

class FrameStats {
public:
    // `workMs`: from the start of the frame to after the buffer swap (with glFinish); `intervalMs`: since the
    // previous animated frame started (what the viewer sees, pacing included).
    void add(double workMs, double intervalMs);
    size_t count() const { return work_.size(); }
    std::string report(const std::string& what) const;

private:
    std::vector<double> work_, interval_;
};

}  // namespace rl::gui
