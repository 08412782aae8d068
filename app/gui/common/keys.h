// Key codes the explorer responds to. ImGui's GLFW backend indexes io.KeysDown by GLFW key code, so these are
// GLFW's values (kept here so the app itself needs no GLFW header).
#pragma once

namespace rl::gui::keys {

inline constexpr int kSpace = 32;
inline constexpr int kRight = 262, kLeft = 263, kDown = 264, kUp = 265;
inline constexpr int kPageUp = 266, kPageDown = 267, kHome = 268, kEnd = 269;
inline constexpr int kF11 = 300;

}  // namespace rl::gui::keys
