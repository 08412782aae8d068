#include "app/render/glfw_context.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <chrono>
#include <cstdlib>
#include <thread>

namespace rl::render {

void hintCoreContext() {
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
}

std::string glfwErrorText() {
    const char* description = nullptr;
    glfwGetError(&description);
    return description ? description : "unknown error";
}

bool initGlfw() {
    using Clock = std::chrono::steady_clock;
    const auto until = Clock::now() + std::chrono::seconds(2);
    for (;;) {
        if (glfwInit()) return true;
        const char* display = std::getenv("DISPLAY");
        if (!display || !*display || Clock::now() >= until) return false;  // no display named: no use waiting
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
}

}  // namespace rl::render
