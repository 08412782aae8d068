// Frame-time figures: how long frames take while something moves (the idle path renders nothing).
#pragma once
#include <string>
#include <vector>

namespace rl::gui {

// The area ImGui's triangles of the last frame cover, in pixels, per draw list (window) largest first: what a
// software rasteriser has to shade and blend.
std::string coverageReport();

class FrameStats {
public:
    // `workMs`: from the start of the frame to after the buffer swap (with glFinish); `intervalMs`: since the
    // previous animated frame started (what the viewer sees, pacing included).
    // `cpuMs`: processor time of the whole process (all threads, the software rasteriser's included) in the frame,
    // which does not depend on what else the machine runs.
    void add(double workMs, double intervalMs, double cpuMs);
    size_t count() const { return work_.size(); }
    std::string report(const std::string& what) const;

private:
    std::vector<double> work_, interval_, cpu_;
};

}  // namespace rl::gui
