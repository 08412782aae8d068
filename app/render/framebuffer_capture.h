// Pixels read back from OpenGL, in one place: the window's back buffer after rendering (screenshots, the Timings
// view's plot exports) or an off-screen framebuffer object (exports, scaled screenshots), with OpenGL's bottom-up
// rows turned top-down as image files want them.
#pragma once
#include <cstdint>
#include <vector>

namespace rl::render {

// A framebuffer object with an RGBA8 texture of width x height, bound while it lives; the binding before it comes
// back when it goes (with the object and its texture).
class FramebufferTarget {
public:
    FramebufferTarget(int width, int height);
    ~FramebufferTarget();
    FramebufferTarget(const FramebufferTarget&) = delete;
    FramebufferTarget& operator=(const FramebufferTarget&) = delete;

    bool complete() const { return complete_; }  // false: the driver refused it (draw nothing, read nothing)

private:
    int previous_ = 0;
    unsigned fbo_ = 0, texture_ = 0;
    bool complete_ = false;
};

enum class ReadFrom {
    BackBuffer,        // the default framebuffer's back buffer (before the swap)
    BoundFramebuffer,  // the framebuffer object bound now (its colour attachment)
};

// The rectangle at (x, y) of width x height pixels, y counted from the top of a framebuffer `framebufferHeight`
// pixels tall, as rows top-down of `channels` bytes per pixel (3: RGB, 4: RGBA). Empty when the rectangle is.
std::vector<uint8_t> readPixels(ReadFrom from, int x, int y, int width, int height, int framebufferHeight,
                                int channels);

// Drawing over a transparent clear leaves RGBA colours premultiplied by alpha: divides them back out (straight
// alpha, as PNG stores it). Fully transparent and fully opaque pixels are left as they are.
void unpremultiplyAlpha(std::vector<uint8_t>& rgba);

}  // namespace rl::render
