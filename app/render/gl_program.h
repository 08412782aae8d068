// Small OpenGL helpers: shader programs from the embedded shaders/ files, with readable compile errors.
#pragma once
#include <string>

namespace rl::render {

// The text of an embedded shader such as "shaders/heatmap.frag.glsl" (read from the source tree instead when built
// with REDUCELAB_LIVE_SOURCES). Throws std::runtime_error when unknown.
std::string shaderText(const std::string& path);

// Compiles and links a vertex + fragment program; throws std::runtime_error with the driver's log on failure.
unsigned linkProgram(const std::string& vertexPath, const std::string& fragmentPath);

}  // namespace rl::render
