// Heat map rendering with a fragment shader into an off-screen texture.
#include "app/render/heatmap_renderer.h"

#include <glad/gl.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "app/render/gl_program.h"

namespace rl::render {

HeatmapRenderer::~HeatmapRenderer() {
    if (program_) glDeleteProgram(program_);
    if (vao_) glDeleteVertexArrays(1, &vao_);
    const GLuint textures[] = {cells_, ranges_, target_};
    for (GLuint t : textures)
        if (t) glDeleteTextures(1, &t);
    if (fbo_) glDeleteFramebuffers(1, &fbo_);
}

bool HeatmapRenderer::init(std::string* error) {
    try {
        program_ = linkProgram("shaders/heatmap.vert.glsl", "shaders/heatmap.frag.glsl");
    } catch (const std::exception& e) {
        if (error) *error = e.what();
        return false;
    }
    glGenVertexArrays(1, &vao_);
    glGenTextures(1, &cells_);
    glGenTextures(1, &ranges_);
    glGenTextures(1, &target_);
    glGenFramebuffers(1, &fbo_);
    for (GLuint t : {cells_, ranges_, target_}) {
        glBindTexture(GL_TEXTURE_2D, t);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    }
    glBindTexture(GL_TEXTURE_2D, 0);
    return true;
}

void HeatmapRenderer::setData(const view::TreeFacts& facts, uint64_t key, int normalize) {
    if (!ready() || (key == key_ && normalize == normalize_)) return;
    key_ = key;
    facts_ = &facts;
    normalize_ = normalize;
    stages_ = facts.stages();
    width_ = facts.cells();
    std::vector<float> texels(size_t(stages_) * size_t(width_) * 4);
    rangeData_.assign(size_t(stages_) * 2, 0.0f);
    float globalLo = std::numeric_limits<float>::max(), globalHi = -globalLo;
    for (int k = 0; k < stages_; ++k) {
        float lo = std::numeric_limits<float>::max(), hi = -lo;
        for (int c = 0; c < width_; ++c) {
            const double v = facts.value(k, c);
            const bool finite = std::isfinite(v);
            float* t = &texels[(size_t(k) * size_t(width_) + size_t(c)) * 4];
            t[0] = finite ? float(v) : 0.0f;
            t[1] = facts.written(k, c) ? 1.0f : 0.0f;
            t[2] = facts.live(k, c) ? 1.0f : 0.0f;
            t[3] = finite ? 1.0f : 0.0f;
            if (finite) lo = std::min(lo, float(v)), hi = std::max(hi, float(v));
        }
        if (lo > hi) lo = hi = 0;
        rangeData_[size_t(k) * 2] = lo;
        rangeData_[size_t(k) * 2 + 1] = hi;
        globalLo = std::min(globalLo, lo);
        globalHi = std::max(globalHi, hi);
    }
    if (normalize == 1)
        for (int k = 0; k < stages_; ++k) rangeData_[size_t(k) * 2] = globalLo, rangeData_[size_t(k) * 2 + 1] = globalHi;
    glBindTexture(GL_TEXTURE_2D, cells_);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, width_, stages_, 0, GL_RGBA, GL_FLOAT, texels.data());
    glBindTexture(GL_TEXTURE_2D, ranges_);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RG32F, 1, stages_, 0, GL_RG, GL_FLOAT, rangeData_.data());
    glBindTexture(GL_TEXTURE_2D, 0);
    dirty_ = true;
}

void HeatmapRenderer::range(int stage, float* lo, float* hi) const {
    *lo = *hi = 0;
    if (stage < 0 || stage >= stages_) return;
    *lo = rangeData_[size_t(stage) * 2];
    *hi = rangeData_[size_t(stage) * 2 + 1];
}

unsigned HeatmapRenderer::render(int width, int height, int currentStage, const view::Palette& p) {
    if (!ready() || !facts_ || width <= 0 || height <= 0) return 0;
    if (width != targetW_ || height != targetH_) {
        glBindTexture(GL_TEXTURE_2D, target_);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
        glBindTexture(GL_TEXTURE_2D, 0);
        glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, target_, 0);
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        targetW_ = width;
        targetH_ = height;
        dirty_ = true;
    }
    if (!dirty_ && currentStage == renderedStage_) return target_;

    GLint previousFbo = 0, viewport[4];
    glGetIntegerv(GL_FRAMEBUFFER_BINDING, &previousFbo);
    glGetIntegerv(GL_VIEWPORT, viewport);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
    glViewport(0, 0, width, height);
    glDisable(GL_BLEND);
    glDisable(GL_SCISSOR_TEST);
    glUseProgram(program_);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, cells_);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, ranges_);
    glUniform1i(glGetUniformLocation(program_, "cells"), 0);
    glUniform1i(glGetUniformLocation(program_, "ranges"), 1);
    glUniform2f(glGetUniformLocation(program_, "gridSize"), float(width_), float(stages_));
    glUniform2f(glGetUniformLocation(program_, "targetSize"), float(width), float(height));
    glUniform1i(glGetUniformLocation(program_, "currentStage"), currentStage);
    glUniform3f(glGetUniformLocation(program_, "background"), p.panel.r / 255.f, p.panel.g / 255.f, p.panel.b / 255.f);
    glUniform3f(glGetUniformLocation(program_, "frameColor"), p.text.r / 255.f, p.text.g / 255.f, p.text.b / 255.f);
    glBindVertexArray(vao_);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glBindVertexArray(0);
    glActiveTexture(GL_TEXTURE0);
    glUseProgram(0);
    glBindFramebuffer(GL_FRAMEBUFFER, GLuint(previousFbo));
    glViewport(viewport[0], viewport[1], viewport[2], viewport[3]);
    renderedStage_ = currentStage;
    dirty_ = false;
    return target_;
}

}  // namespace rl::render
