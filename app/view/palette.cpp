// Colours (hex, alpha, mixing) and the heat ramp.
#include "app/view/palette.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace rl::view {
namespace {

uint8_t channel(float v) { return uint8_t(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f)); }

}  // namespace

Rgba Rgba::scaledAlpha(float f) const { return {r, g, b, channel(opacity() * f)}; }

std::string Rgba::hex() const {
    char buf[8];
    std::snprintf(buf, sizeof buf, "#%02x%02x%02x", r, g, b);
    return buf;
}

Rgba mix(Rgba from, Rgba to, float t) {
    t = std::clamp(t, 0.0f, 1.0f);
    auto m = [t](uint8_t a, uint8_t b) { return uint8_t(std::lround(a + (float(b) - float(a)) * t)); };
    return {m(from.r, to.r), m(from.g, to.g), m(from.b, to.b), m(from.a, to.a)};
}

Rgba heatColor(float t) {
    // Polynomial fit of matplotlib's "viridis" (perceptually uniform, readable in greyscale and by most
    // colour-blind viewers). Same coefficients as shaders/heatmap.frag.glsl.
    t = std::clamp(t, 0.0f, 1.0f);
    const float c0[3] = {0.2777273272234177f, 0.005407344544966578f, 0.3340998053353061f};
    const float c1[3] = {0.1050930431085774f, 1.404613529898575f, 1.384590162594685f};
    const float c2[3] = {-0.3308618287255563f, 0.214847559468213f, 0.09509516302823659f};
    const float c3[3] = {-4.634230498983486f, -5.799100973351585f, -19.33244095627987f};
    const float c4[3] = {6.228269936347081f, 14.17993336680509f, 56.69055260068105f};
    const float c5[3] = {4.776384997670288f, -13.74514537774601f, -65.35303263337234f};
    const float c6[3] = {-5.435455855934631f, 4.645852612178535f, 26.3124352495832f};
    float v[3];
    for (int i = 0; i < 3; ++i) v[i] = c0[i] + t * (c1[i] + t * (c2[i] + t * (c3[i] + t * (c4[i] + t * (c5[i] + t * c6[i])))));
    return {channel(v[0]), channel(v[1]), channel(v[2]), 255};
}

}  // namespace rl::view
