// GLFW window, OpenGL context and ImGui platform backend.
#include "app/gui/shell/glfw_window.h"

#include <glad/gl.h>
// glad first, then GLFW without its own GL header.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <backends/imgui_impl_glfw.h>

#include <algorithm>
#include <stdexcept>

namespace rl::gui {
namespace {

std::string lastGlfwError() {
    const char* description = nullptr;
    glfwGetError(&description);
    return description ? description : "unknown error";
}

}  // namespace

GlfwWindow::GlfwWindow(const std::string& title, const WindowGeometry& g, float scaleFactor)
    : scaleFactor_(scaleFactor > 0 ? scaleFactor : 1.0f) {
    if (!glfwInit())
        throw std::runtime_error("cannot start GLFW (" + lastGlfwError() +
                                 "): is there a display? Under no display, run it with xvfb-run -a");
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
    glfwWindowHint(GLFW_MAXIMIZED, g.maximized ? GLFW_TRUE : GLFW_FALSE);
    // Never larger than the primary monitor's work area (a saved size from a bigger screen, a first run on a laptop).
    int width = g.width, height = g.height;
    if (GLFWmonitor* primary = glfwGetPrimaryMonitor()) {
        int mx, my, mw, mh;
        glfwGetMonitorWorkarea(primary, &mx, &my, &mw, &mh);
        if (mw > 0 && mh > 0) width = std::min(width, mw), height = std::min(height, mh);
    }
    window_ = glfwCreateWindow(width, height, title.c_str(), nullptr, nullptr);
    if (!window_) {
        const std::string why = lastGlfwError();
        glfwTerminate();
        throw std::runtime_error("cannot open an OpenGL 3.3 core window: " + why);
    }
    // Keep a saved position only if it is still on some monitor's work area.
    int count = 0;
    GLFWmonitor** monitors = glfwGetMonitors(&count);
    for (int i = 0; i < count && !g.maximized; ++i) {
        int mx, my, mw, mh;
        glfwGetMonitorWorkarea(monitors[i], &mx, &my, &mw, &mh);
        if (g.x >= mx && g.y >= my && g.x < mx + mw - 100 && g.y < my + mh - 100) {
            glfwSetWindowPos(window_, g.x, g.y);
            break;
        }
    }
    glfwMakeContextCurrent(window_);
    if (!gladLoadGL(reinterpret_cast<GLADloadfunc>(glfwGetProcAddress))) {
        glfwDestroyWindow(window_);
        glfwTerminate();
        throw std::runtime_error("cannot load OpenGL 3.3 core functions (glad)");
    }
    glfwSwapInterval(1);
    windowed_ = g;
}

GlfwWindow::~GlfwWindow() {
    shutdownImGuiPlatform();
    if (window_) glfwDestroyWindow(window_);
    glfwTerminate();
}

void GlfwWindow::initImGuiPlatform() {
    ImGui_ImplGlfw_InitForOpenGL(window_, true);
    imguiInstalled_ = true;
}

void GlfwWindow::shutdownImGuiPlatform() {
    if (imguiInstalled_) ImGui_ImplGlfw_Shutdown();
    imguiInstalled_ = false;
}

bool GlfwWindow::shouldClose() const { return glfwWindowShouldClose(window_); }
void GlfwWindow::requestClose() { glfwSetWindowShouldClose(window_, GLFW_TRUE); }
void GlfwWindow::waitEvents(double timeoutSeconds) { glfwWaitEventsTimeout(timeoutSeconds); }
void GlfwWindow::pollEvents() { glfwPollEvents(); }
void GlfwWindow::wake() { glfwPostEmptyEvent(); }
void GlfwWindow::beginFrame() { ImGui_ImplGlfw_NewFrame(); }
void GlfwWindow::swapBuffers() { glfwSwapBuffers(window_); }
void GlfwWindow::setSwapInterval(int interval) { glfwSwapInterval(interval); }
void GlfwWindow::framebufferSize(int* w, int* h) const { glfwGetFramebufferSize(window_, w, h); }
void GlfwWindow::windowSize(int* w, int* h) const { glfwGetWindowSize(window_, w, h); }

float GlfwWindow::contentScale() const {
    float x = 1, y = 1;
    glfwGetWindowContentScale(window_, &x, &y);
    return (x > 0 ? x : 1.0f) * scaleFactor_;
}

WindowGeometry GlfwWindow::geometry() const {
    if (glfwGetWindowMonitor(window_)) return windowed_;  // full screen: remember the windowed geometry
    WindowGeometry g;
    g.maximized = glfwGetWindowAttrib(window_, GLFW_MAXIMIZED) == GLFW_TRUE;
    glfwGetWindowPos(window_, &g.x, &g.y);
    glfwGetWindowSize(window_, &g.width, &g.height);
    if (g.maximized) {  // keep the last non-maximised size for restoring
        g.width = windowed_.width;
        g.height = windowed_.height;
    }
    return g;
}

void GlfwWindow::setTitle(const std::string& title) { glfwSetWindowTitle(window_, title.c_str()); }

void GlfwWindow::toggleFullscreen() {
    if (glfwGetWindowMonitor(window_)) {
        glfwSetWindowMonitor(window_, nullptr, windowed_.x, windowed_.y, windowed_.width, windowed_.height, 0);
        return;
    }
    windowed_ = geometry();
    GLFWmonitor* monitor = glfwGetPrimaryMonitor();
    if (!monitor) return;
    const GLFWvidmode* mode = glfwGetVideoMode(monitor);
    glfwSetWindowMonitor(window_, monitor, 0, 0, mode->width, mode->height, mode->refreshRate);
}

void GlfwWindow::injectKey(int key, bool pressed) {
    ImGui_ImplGlfw_KeyCallback(window_, key, glfwGetKeyScancode(key), pressed ? GLFW_PRESS : GLFW_RELEASE, 0);
}

void GlfwWindow::injectText(const std::string& utf8) {
    for (size_t i = 0; i < utf8.size();) {  // one code point at a time, as GLFW's character callback gives them
        const unsigned char c = static_cast<unsigned char>(utf8[i]);
        const int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
        unsigned int cp = extra == 0 ? c : c & (0x3F >> extra);
        for (int k = 1; k <= extra && i + size_t(k) < utf8.size(); ++k)
            cp = (cp << 6) | (static_cast<unsigned char>(utf8[i + size_t(k)]) & 0x3F);
        ImGui_ImplGlfw_CharCallback(window_, cp);
        i += size_t(extra) + 1;
    }
}

void GlfwWindow::injectMouseButton(int button, bool pressed) {
    ImGui_ImplGlfw_MouseButtonCallback(window_, button, pressed ? GLFW_PRESS : GLFW_RELEASE, 0);
}

void GlfwWindow::injectScroll(float dy) { ImGui_ImplGlfw_ScrollCallback(window_, 0.0, double(dy)); }

void GlfwWindow::injectCursor(float x, float y) {
    // As if the pointer entered the window and moved there: the backend then reads the position every frame.
    ImGui_ImplGlfw_CursorEnterCallback(window_, GLFW_TRUE);
    glfwSetCursorPos(window_, double(x), double(y));
    ImGui::GetIO().MousePos = ImVec2(x, y);
}

}  // namespace rl::gui
