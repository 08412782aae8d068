// The GLFW implementation of Window: an OpenGL 3.3 core context loaded with glad, ImGui's GLFW backend installed.
#pragma once
#include <memory>

#include "app/gui/shell/window.h"

struct GLFWwindow;

namespace rl::gui {

class GlfwWindow final : public Window {
public:
    // Throws std::runtime_error with what failed (no display, no OpenGL 3.3). `scaleFactor` multiplies the content
    // scale the display reports (reducelab gui --scale: HiDPI layouts on any display).
    GlfwWindow(const std::string& title, const WindowGeometry& geometry, float scaleFactor = 1.0f);
    ~GlfwWindow() override;

    void initImGuiPlatform() override;
    void shutdownImGuiPlatform() override;

    bool shouldClose() const override;
    void requestClose() override;
    void waitEvents(double timeoutSeconds) override;
    void pollEvents() override;
    void wake() override;
    void beginFrame() override;
    void swapBuffers() override;
    void setSwapInterval(int interval) override;
    void framebufferSize(int* width, int* height) const override;
    void windowSize(int* width, int* height) const override;
    float contentScale() const override;
    WindowGeometry geometry() const override;
    void setTitle(const std::string& title) override;
    void toggleFullscreen() override;
    void injectKey(int key, bool pressed) override;
    void injectText(const std::string& utf8) override;
    void injectMouseButton(int button, bool pressed) override;
    void injectCursor(float x, float y) override;
    void injectScroll(float dy) override;

private:
    GLFWwindow* window_ = nullptr;
    bool imguiInstalled_ = false;
    WindowGeometry windowed_;  // restored when leaving full screen
    float scaleFactor_ = 1;
};

}  // namespace rl::gui
