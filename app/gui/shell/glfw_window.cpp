// GLFW window, OpenGL context and ImGui platform backend.
#include "app/gui/shell/glfw_window.h"

#include <glad/gl.h>
// glad first, then GLFW without its own GL header.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <backends/imgui_impl_glfw.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "app/render/glfw_context.h"

namespace rl::gui {

GlfwWindow::GlfwWindow(const std::string& title, const WindowGeometry& g, float contentScaleOverride)
    : override_(contentScaleOverride > 0 ? contentScaleOverride : 0) {
    if (!render::initGlfw())
        throw std::runtime_error("cannot start GLFW (" + render::glfwErrorText() +
                                 "): is there a display? Under no display, run it with xvfb-run -a");
    render::hintCoreContext();
    // The size is scaled here (sizeForScale), the same way on every platform and with the tests' override; GLFW's
    // own scaling would also grow a size saved in pixels on X11 at every start.
    glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_FALSE);
    glfwWindowHint(GLFW_MAXIMIZED, g.maximized ? GLFW_TRUE : GLFW_FALSE);
    // First guess of the scale (window units are pixels on X11); sizeForScale corrects it once the window exists.
    float guess = override_;
    if (guess <= 0)
        if (GLFWmonitor* primary = glfwGetPrimaryMonitor()) {
            float y = 1;
            glfwGetMonitorContentScale(primary, &guess, &y);
        }
    guess = guess > 0 ? guess : 1.0f;
    window_ = glfwCreateWindow(std::max(1, int(std::lround(g.width * guess))),
                               std::max(1, int(std::lround(g.height * guess))), title.c_str(), nullptr, nullptr);
    if (!window_) {
        const std::string why = render::glfwErrorText();
        glfwTerminate();
        throw std::runtime_error("cannot open an OpenGL 3.3 core window: " + why);
    }
    float sx = 1, sy = 1;
    glfwGetWindowContentScale(window_, &sx, &sy);
    displayScale_ = sx > 0 ? sx : 1.0f;
    glfwSetWindowUserPointer(window_, this);  // ImGui's GLFW backend keeps its data elsewhere
    glfwSetWindowContentScaleCallback(window_, onContentScale);
    if (!g.maximized) sizeForScale(g);
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

float GlfwWindow::contentScale() const { return override_ > 0 ? override_ : displayScale_; }

float GlfwWindow::unitScale() const {
    int w = 0, h = 0, fw = 0, fh = 0;
    glfwGetWindowSize(window_, &w, &h);
    glfwGetFramebufferSize(window_, &fw, &fh);
    const float pixelsPerUnit = (w > 0 && fw > 0) ? float(fw) / float(w) : 1.0f;
    return std::max(0.25f, contentScale() / pixelsPerUnit);
}

void GlfwWindow::sizeForScale(const WindowGeometry& logical) {
    const float u = unitScale();
    int width = int(std::lround(logical.width * u)), height = int(std::lround(logical.height * u));
    // Never larger than the primary monitor's work area (a saved size from a bigger screen, a first run on a laptop).
    if (GLFWmonitor* primary = glfwGetPrimaryMonitor()) {
        int mx, my, mw, mh;
        glfwGetMonitorWorkarea(primary, &mx, &my, &mw, &mh);
        if (mw > 0 && mh > 0) width = std::min(width, mw), height = std::min(height, mh);
    }
    int w = 0, h = 0;
    glfwGetWindowSize(window_, &w, &h);
    if (w != width || h != height) glfwSetWindowSize(window_, std::max(1, width), std::max(1, height));
}

void GlfwWindow::onContentScale(GLFWwindow* window, float x, float /*y*/) {
    // Moved to a monitor of another scale: the same logical size there (the app re-rasterises the fonts at the
    // next frame, as after Ctrl +/-).
    auto* self = static_cast<GlfwWindow*>(glfwGetWindowUserPointer(window));
    if (!self || x <= 0 || std::abs(x - self->displayScale_) < 0.01f) return;
    const WindowGeometry logical = self->geometry();
    self->displayScale_ = x;
    if (self->override_ <= 0 && !glfwGetWindowMonitor(window) && !logical.maximized) self->sizeForScale(logical);
}

WindowGeometry GlfwWindow::geometry() const {
    if (glfwGetWindowMonitor(window_)) return windowed_;  // full screen: remember the windowed geometry
    WindowGeometry g;
    g.maximized = glfwGetWindowAttrib(window_, GLFW_MAXIMIZED) == GLFW_TRUE;
    glfwGetWindowPos(window_, &g.x, &g.y);
    glfwGetWindowSize(window_, &g.width, &g.height);
    const float u = unitScale();  // kept in logical units: the same window on the next start at any scale
    g.width = int(std::lround(g.width / u));
    g.height = int(std::lround(g.height / u));
    if (g.maximized) {  // keep the last non-maximised size for restoring
        g.width = windowed_.width;
        g.height = windowed_.height;
    }
    return g;
}

void GlfwWindow::setTitle(const std::string& title) { glfwSetWindowTitle(window_, title.c_str()); }

void GlfwWindow::toggleFullscreen() {
    if (glfwGetWindowMonitor(window_)) {
        const float u = unitScale();
        glfwSetWindowMonitor(window_, nullptr, windowed_.x, windowed_.y, int(std::lround(windowed_.width * u)),
                             int(std::lround(windowed_.height * u)), 0);
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
