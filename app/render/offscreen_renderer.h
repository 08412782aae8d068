// The screen's renderer without a screen: a hidden GLFW window's OpenGL 3.3 context, a framebuffer object of the
// exact output size, and ImGui drawing the Scene with fonts rasterised at the output scale (so 4x is re-rendered
// at 4x, never stretched). Needs an X server (or Xvfb); used by `reducelab export` for PNG and GIF and by the
// explorer's tree exports.
#pragma once
#include <memory>

#include "app/export/export_job.h"

namespace rl::render {

class OffscreenRenderer final : public exporter::Rasterizer {
public:
    // Throws rl::Error (Unsupported) with what to do when there is no display or no OpenGL 3.3.
    OffscreenRenderer();
    // Inside the explorer: renders with the OpenGL context current on this thread (no window of its own) and its
    // own ImGui context, restoring the caller's ImGui context after each picture.
    struct UseCurrentContext {};
    explicit OffscreenRenderer(UseCurrentContext);
    ~OffscreenRenderer() override;

    exporter::RasterImage render(const exporter::FrameSource& frames, int step, const exporter::FrameStyle& style,
                                 float transition = 1) override;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace rl::render
