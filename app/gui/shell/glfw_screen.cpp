// The presenter view's projector window (Screen) with GLFW: placed full screen on a monitor the main window is not
// on, or as a window beside it when there is one monitor; its keys and characters are handed to the main window's
// ImGui input, as if typed there.
#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <backends/imgui_impl_glfw.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "app/gui/shell/glfw_window.h"
#include "app/render/glfw_context.h"

namespace rl::gui {
namespace {

// The monitor holding the centre of `window`, or null.
GLFWmonitor* monitorOf(GLFWwindow* window) {
    int x = 0, y = 0, w = 0, h = 0;
    glfwGetWindowPos(window, &x, &y);
    glfwGetWindowSize(window, &w, &h);
    const int cx = x + w / 2, cy = y + h / 2;
    int count = 0;
    GLFWmonitor** monitors = glfwGetMonitors(&count);
    for (int i = 0; i < count; ++i) {
        int mx, my;
        glfwGetMonitorPos(monitors[i], &mx, &my);
        const GLFWvidmode* mode = glfwGetVideoMode(monitors[i]);
        if (mode && cx >= mx && cy >= my && cx < mx + mode->width && cy < my + mode->height) return monitors[i];
    }
    return count > 0 ? monitors[0] : nullptr;
}

class GlfwScreen final : public Screen {
public:
    GlfwScreen(GLFWwindow* main, const std::string& title, int width, int height) : main_(main) {
        GLFWmonitor* here = monitorOf(main);
        int count = 0;
        GLFWmonitor** monitors = glfwGetMonitors(&count);
        GLFWmonitor* other = nullptr;
        for (int i = 0; i < count && !other; ++i)
            if (monitors[i] != here) other = monitors[i], otherIndex_ = i + 1;
        monitorCount_ = count;
        render::hintCoreContext();
        glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_FALSE);
        glfwWindowHint(GLFW_MAXIMIZED, GLFW_FALSE);
        glfwWindowHint(GLFW_VISIBLE, GLFW_TRUE);
        // The projector's own monitor, whole: no decoration to hide (a borderless window its size, so a compositor
        // need not switch modes); with one monitor, a window the lecturer can move there.
        glfwWindowHint(GLFW_DECORATED, other ? GLFW_FALSE : GLFW_TRUE);
        float scale = 1, unused = 1;
        if (GLFWmonitor* m = other ? other : here) glfwGetMonitorContentScale(m, &scale, &unused);
        scale = scale > 0 ? scale : 1.0f;
        int w = std::max(64, int(std::lround(width * scale))), h = std::max(64, int(std::lround(height * scale)));
        int x = 0, y = 0;
        if (other) {
            const GLFWvidmode* mode = glfwGetVideoMode(other);
            glfwGetMonitorPos(other, &x, &y);
            if (mode) w = mode->width, h = mode->height;
            name_ = glfwGetMonitorName(other) ? glfwGetMonitorName(other) : "";
        }
        window_ = glfwCreateWindow(w, h, title.c_str(), nullptr, main);
        glfwDefaultWindowHints();
        if (!window_) throw std::runtime_error("cannot open the projector's window: " + render::glfwErrorText());
        if (other) {
            glfwSetWindowPos(window_, x, y);
        } else {  // beside the main window, as far right as the work area allows
            int mx, my, mw, mh, px, py, pw, ph;
            glfwGetWindowPos(main, &px, &py);
            glfwGetWindowSize(main, &pw, &ph);
            if (here) glfwGetMonitorWorkarea(here, &mx, &my, &mw, &mh);
            else mx = my = 0, mw = pw + w, mh = ph;
            glfwSetWindowPos(window_, std::max(mx, std::min(px + pw - w / 3, mx + mw - w)), std::max(my, py + 40));
        }
        glfwSetWindowUserPointer(window_, this);
        glfwSetKeyCallback(window_, onKey);
        glfwSetCharCallback(window_, onChar);
        // A frame on each window per loop: only the main window waits for the display's refresh.
        glfwMakeContextCurrent(window_);
        glfwSwapInterval(0);
        glfwMakeContextCurrent(main_);
    }

    ~GlfwScreen() override {
        if (window_) glfwDestroyWindow(window_);
        glfwMakeContextCurrent(main_);
    }

    void makeCurrent() override { glfwMakeContextCurrent(window_); }
    void swapBuffers() override { glfwSwapBuffers(window_); }
    void framebufferSize(int* w, int* h) const override { glfwGetFramebufferSize(window_, w, h); }
    void windowSize(int* w, int* h) const override { glfwGetWindowSize(window_, w, h); }
    float contentScale() const override {
        float x = 1, y = 1;
        glfwGetWindowContentScale(window_, &x, &y);
        return x > 0 ? x : 1.0f;
    }
    bool shouldClose() const override { return glfwWindowShouldClose(window_); }

    void toggleFullscreen() override {
        if (glfwGetWindowMonitor(window_)) {
            glfwSetWindowMonitor(window_, nullptr, windowed_[0], windowed_[1], windowed_[2], windowed_[3], 0);
            return;
        }
        glfwGetWindowPos(window_, &windowed_[0], &windowed_[1]);
        glfwGetWindowSize(window_, &windowed_[2], &windowed_[3]);
        GLFWmonitor* monitor = monitorOf(window_);
        const GLFWvidmode* mode = monitor ? glfwGetVideoMode(monitor) : nullptr;
        if (mode) glfwSetWindowMonitor(window_, monitor, 0, 0, mode->width, mode->height, mode->refreshRate);
    }

    std::string placement() const override {
        if (otherIndex_ > 0)
            return "full screen on monitor " + std::to_string(otherIndex_) + " of " + std::to_string(monitorCount_) +
                   (name_.empty() ? "" : " (" + name_ + ")");
        return "a window beside this one (one monitor found: drag it to the projector, F11 makes it full screen)";
    }

    void injectKey(int key, bool pressed) override {
        onKey(window_, key, glfwGetKeyScancode(key), pressed ? GLFW_PRESS : GLFW_RELEASE, 0);
    }

    void setVisible(bool visible) override {
        if (visible) {
            glfwShowWindow(window_);
            return;
        }
        glfwSetWindowShouldClose(window_, GLFW_FALSE);
        glfwHideWindow(window_);
    }
    int monitorsWhenOpened() const override { return monitorCount_; }

private:
    // Keys pressed over the projector drive the explorer: handed to ImGui's input of the main window (the current
    // ImGui context while events are polled), as the main window's own callbacks would.
    static void onKey(GLFWwindow* window, int key, int scancode, int action, int mods) {
        auto* self = static_cast<GlfwScreen*>(glfwGetWindowUserPointer(window));
        if (self && ImGui::GetCurrentContext()) ImGui_ImplGlfw_KeyCallback(self->main_, key, scancode, action, mods);
    }
    static void onChar(GLFWwindow* window, unsigned int c) {
        auto* self = static_cast<GlfwScreen*>(glfwGetWindowUserPointer(window));
        if (self && ImGui::GetCurrentContext()) ImGui_ImplGlfw_CharCallback(self->main_, c);
    }

    GLFWwindow* main_ = nullptr;
    GLFWwindow* window_ = nullptr;
    int otherIndex_ = 0, monitorCount_ = 0;
    std::string name_;
    int windowed_[4] = {0, 0, 1280, 720};
};

}  // namespace

void GlfwWindow::makeCurrent() { glfwMakeContextCurrent(window_); }

int GlfwWindow::monitorCount() const {
    int count = 0;
    glfwGetMonitors(&count);
    return count;
}

std::unique_ptr<Screen> GlfwWindow::openScreen(const std::string& title, int width, int height) {
    return std::make_unique<GlfwScreen>(window_, title, width, height);
}

}  // namespace rl::gui
