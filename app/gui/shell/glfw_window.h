// The GLFW implementation of Window: an OpenGL 3.3 core context loaded with glad, ImGui's GLFW backend installed.
#pragma once
#include <memory>

#include "app/gui/common/window.h"

struct GLFWwindow;

namespace rl::gui {

class GlfwWindow final : public Window {
public:
    // Throws std::runtime_error with what failed (no display, no OpenGL 3.3). `geometry`'s size is in logical units
    // (multiplied by unitScale() on the screen). `contentScaleOverride` > 0 replaces the content scale the display
    // reports (reducelab gui --content-scale, REDUCELAB_CONTENT_SCALE: a HiDPI display under Xvfb).
    GlfwWindow(const std::string& title, const WindowGeometry& geometry, float contentScaleOverride = 0);
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
    float unitScale() const override;
    WindowGeometry geometry() const override;
    void setTitle(const std::string& title) override;
    void toggleFullscreen() override;
    void makeCurrent() override;
    int monitorCount() const override;
    std::unique_ptr<Screen> openScreen(const std::string& title, int width, int height) override;
    void injectKey(int key, bool pressed) override;
    void injectText(const std::string& utf8) override;
    void injectMouseButton(int button, bool pressed) override;
    void injectCursor(float x, float y) override;
    void injectScroll(float dy) override;

private:
    static void onContentScale(GLFWwindow* window, float x, float y);
    void sizeForScale(const WindowGeometry& logical);  // the window at `logical` x unitScale(), within the work area

    GLFWwindow* window_ = nullptr;
    bool imguiInstalled_ = false;
    WindowGeometry windowed_;  // restored when leaving full screen (logical units)
    float override_ = 0;       // the content scale given for tests (0: the display's)
    float displayScale_ = 1;   // the display's content scale, kept current by the content scale callback
};

}  // namespace rl::gui
