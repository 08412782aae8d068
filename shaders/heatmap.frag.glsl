#version 330 core
// heatmap.frag.glsl: the local-memory heat map, stages (rows) x local index (columns), straight from a texture of
// the trace. Each texel holds (value, written in this stage, still needed, finite); a second texture holds each
// stage's normalisation range. Stages after the current one are faded, values no longer needed are dimmed, the
// current stage is framed, and cell borders appear once cells are wide enough to see them.

in vec2 uv;
out vec4 fragColor;

uniform sampler2D cells;   // RGBA32F, width = local size, height = stages
uniform sampler2D ranges;  // RG32F, width 1, height = stages: (min, max) per stage
uniform vec2 gridSize;     // (local size, stages)
uniform vec2 targetSize;   // render target in pixels
uniform int currentStage;
uniform vec3 background;
uniform vec3 frameColor;

// Polynomial fit of matplotlib's viridis; the same coefficients as rl::view::heatColor() on the CPU.
vec3 viridis(float t) {
    const vec3 c0 = vec3(0.2777273272234177, 0.005407344544966578, 0.3340998053353061);
    const vec3 c1 = vec3(0.1050930431085774, 1.404613529898575, 1.384590162594685);
    const vec3 c2 = vec3(-0.3308618287255563, 0.214847559468213, 0.09509516302823659);
    const vec3 c3 = vec3(-4.634230498983486, -5.799100973351585, -19.33244095627987);
    const vec3 c4 = vec3(6.228269936347081, 14.17993336680509, 56.69055260068105);
    const vec3 c5 = vec3(4.776384997670288, -13.74514537774601, -65.35303263337234);
    const vec3 c6 = vec3(-5.435455855934631, 4.645852612178535, 26.3124352495832);
    return c0 + t * (c1 + t * (c2 + t * (c3 + t * (c4 + t * (c5 + t * c6)))));
}

void main() {
    vec2 grid = uv * gridSize;
    ivec2 cell = ivec2(min(floor(grid), gridSize - 1.0));
    vec4 texel = texelFetch(cells, cell, 0);
    vec2 range = texelFetch(ranges, ivec2(0, cell.y), 0).rg;

    vec3 color;
    if (texel.a < 0.5) {
        color = vec3(0.45);  // +-inf or NaN (the identity of float min / max)
    } else {
        float t = range.y > range.x ? (texel.r - range.x) / (range.y - range.x) : 0.5;
        color = clamp(viridis(clamp(t, 0.0, 1.0)), 0.0, 1.0);
    }
    if (cell.y > currentStage) {
        color = mix(background, color, 0.10);
    } else if (texel.b < 0.5 && texel.g < 0.5) {
        color = mix(background, color, 0.30);
    }

    // Cell borders where cells are at least 6 pixels.
    vec2 cellPixels = targetSize / gridSize;
    vec2 inCell = fract(grid) * cellPixels;
    if (cellPixels.x >= 6.0 && inCell.x < 1.0) color = mix(color, background, 0.6);
    if (cellPixels.y >= 6.0 && inCell.y < 1.0) color = mix(color, background, 0.6);

    // The current stage framed above and below.
    if (cell.y == currentStage) {
        float edge = min(inCell.y, cellPixels.y - inCell.y);
        if (edge < 2.0) color = frameColor;
    }
    fragColor = vec4(color, 1.0);
}
