// Off-screen framebuffer objects and read-back: glReadPixels of a rectangle, then the rows flipped.
#include "app/render/framebuffer_capture.h"

#include <glad/gl.h>

#include <algorithm>

namespace rl::render {

FramebufferTarget::FramebufferTarget(int width, int height) {
    GLint previous = 0;
    glGetIntegerv(GL_FRAMEBUFFER_BINDING, &previous);
    previous_ = previous;
    GLuint fbo = 0, texture = 0;
    glGenTextures(1, &texture);
    glBindTexture(GL_TEXTURE_2D, texture);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture, 0);
    fbo_ = fbo;
    texture_ = texture;
    complete_ = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
}

FramebufferTarget::~FramebufferTarget() {
    const GLuint fbo = fbo_, texture = texture_;
    glBindFramebuffer(GL_FRAMEBUFFER, GLuint(previous_));
    glDeleteFramebuffers(1, &fbo);
    glDeleteTextures(1, &texture);
}

std::vector<uint8_t> readPixels(ReadFrom from, int x, int y, int width, int height, int framebufferHeight,
                                int channels) {
    if (width <= 0 || height <= 0) return {};
    const size_t row = size_t(width) * size_t(channels);
    std::vector<uint8_t> pixels(row * size_t(height)), flipped(pixels.size());
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    if (from == ReadFrom::BackBuffer) glReadBuffer(GL_BACK);
    glReadPixels(x, framebufferHeight - y - height, width, height, channels == 4 ? GL_RGBA : GL_RGB, GL_UNSIGNED_BYTE,
                 pixels.data());
    for (int r = 0; r < height; ++r)  // OpenGL's rows go bottom-up
        std::copy_n(&pixels[size_t(height - 1 - r) * row], row, &flipped[size_t(r) * row]);
    return flipped;
}

void unpremultiplyAlpha(std::vector<uint8_t>& rgba) {
    for (size_t i = 0; i + 3 < rgba.size(); i += 4) {
        const int a = rgba[i + 3];
        if (a == 0 || a == 255) continue;
        for (int c = 0; c < 3; ++c) rgba[i + c] = uint8_t(std::min(255, (rgba[i + c] * 255 + a / 2) / a));
    }
}

}  // namespace rl::render
