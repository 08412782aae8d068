#version 330 core
// heatmap.vert.glsl: one quad covering the heat map's render target, made from gl_VertexID (no vertex buffers).
// uv runs from (0, 0) at the top-left cell (stage 0, local index 0) to (1, 1) at the bottom-right.

out vec2 uv;

void main() {
    vec2 corner = vec2(float(gl_VertexID & 1), float((gl_VertexID >> 1) & 1));
    uv = vec2(corner.x, 1.0 - corner.y);
    gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
