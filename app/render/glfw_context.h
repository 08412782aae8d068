// What every GLFW window of ReduceLab shares (the explorer's, the presenter view's projector, the hidden one of
// off-screen exports): the OpenGL 3.3 core context asked for, and GLFW's last error in words.
#pragma once
#include <string>

namespace rl::render {

// The window hints for an OpenGL 3.3 core, forward-compatible context (before glfwCreateWindow).
void hintCoreContext();
// GLFW's description of its last error ("unknown error" when it gives none).
std::string glfwErrorText();
// glfwInit, asked again for up to two seconds while a named X display refuses the connection: an X server that
// resets when its last client leaves (Xvfb's default) refuses new clients for a moment, and a window opened right
// after another closed (an export after an export) would otherwise fail. False as glfwInit is, with its error.
bool initGlfw();

}  // namespace rl::render
