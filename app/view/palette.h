// The explorer's colours: the palette's roles, shared by the screen, the screenshot tests and the exporters (SVG,
// PNG); the palettes themselves are in app/view/theme.h.
#pragma once
#include <cstdint>
#include <string>

namespace rl::view {

struct Rgba {
    uint8_t r = 0, g = 0, b = 0, a = 255;

    // Packed as ImGui's IM_COL32 (little-endian RGBA bytes).
    constexpr uint32_t packed() const {
        return uint32_t(r) | (uint32_t(g) << 8) | (uint32_t(b) << 16) | (uint32_t(a) << 24);
    }
    constexpr Rgba withAlpha(uint8_t alpha) const { return {r, g, b, alpha}; }
    Rgba scaledAlpha(float f) const;
    std::string hex() const;  // "#rrggbb" (alpha left out: see opacity())
    float opacity() const { return a / 255.0f; }
    bool operator==(const Rgba& o) const { return r == o.r && g == o.g && b == o.b && a == o.a; }
};

Rgba mix(Rgba from, Rgba to, float t);

// Roles, not hues: every drawing asks for what a thing *is*, so a second palette (high contrast, colour-blind safe)
// only has to fill this struct.
struct Palette {
    // Window and text.
    Rgba background, panel, panelRaised, border, text, textDim, textFaint, accent, good, bad, warn;
    // Tree cells (local memory after a stage).
    Rgba cellWritten;      // written by an active work-item in the current stage
    Rgba cellWrittenPast;  // written in an earlier stage (the tree's history)
    Rgba cellLive;         // holds a value a later stage still needs
    Rgba cellDead;         // no longer part of the reduction
    Rgba cellPadding;      // identity padding past N (loaded by no work-item)
    Rgba cellFuture;       // outline of a stage not reached yet
    Rgba cellOperand;      // outline: read by an active work-item of the current stage
    Rgba textOnWritten, textOnLive, textOnDead;
    Rgba operandLine, operandLinePast;
    Rgba cone;  // the cells and lines feeding the hovered cell
    // Work-items and SIMD groups.
    Rgba laneActive, laneIdle, warpActive, warpIdle, warpDivergent, bankConflict;
};

// The heat-map ramp (t in [0, 1]); shaders/heatmap.frag.glsl evaluates the same polynomial on the GPU.
Rgba heatColor(float t);

}  // namespace rl::view
