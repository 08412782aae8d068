// The window the explorer draws into, behind a small interface: the app never calls GLFW itself, so a test or an
// off-screen renderer can stand in for it. Coordinates: window size in screen units, framebuffer in pixels.
#pragma once
#include <memory>
#include <string>

#include "app/gui/state/window_geometry.h"

namespace rl::gui {

// The presenter view's second window, for the projector: it shows what the app draws there and nothing else. It has
// an OpenGL context of its own (sharing the main window's objects) and no input of its own: its keys arrive as the
// main window's, so a clicker or a keyboard drives the explorer from either window.
class Screen {
public:
    virtual ~Screen() = default;

    virtual void makeCurrent() = 0;  // its OpenGL context, on this thread
    virtual void swapBuffers() = 0;
    virtual void framebufferSize(int* width, int* height) const = 0;
    virtual void windowSize(int* width, int* height) const = 0;
    virtual float contentScale() const = 0;
    virtual bool shouldClose() const = 0;  // its close button was pressed
    virtual void toggleFullscreen() = 0;   // on the monitor it is on
    // Where it was put, in words ("full screen on monitor 2 of 2 (HDMI-1)", "a window: one monitor found").
    virtual std::string placement() const = 0;
    // A key as if pressed over this window (for scripted tests): it goes where its real keys go.
    virtual void injectKey(int key, bool pressed) = 0;
    // Hidden, it keeps its context and place, to be shown again as it was; hiding forgets its close button.
    virtual void setVisible(bool visible) = 0;
    virtual int monitorsWhenOpened() const = 0;  // the monitors it was placed among
};

class Window {
public:
    virtual ~Window() = default;

    virtual bool shouldClose() const = 0;
    virtual void requestClose() = 0;
    // Blocks until an event arrives or the timeout passes (the idle path: no busy loop).
    virtual void waitEvents(double timeoutSeconds) = 0;
    virtual void pollEvents() = 0;
    // Safe from any thread: makes waitEvents() return (the engine worker calls it when a trace is ready).
    virtual void wake() = 0;

    // ImGui's platform side: installed after ImGui::CreateContext, removed before ImGui::DestroyContext, and
    // updated once per frame. Rendering is the app's (OpenGL 3.3 core, current on this thread).
    virtual void initImGuiPlatform() = 0;
    virtual void shutdownImGuiPlatform() = 0;
    virtual void beginFrame() = 0;
    virtual void swapBuffers() = 0;
    virtual void setSwapInterval(int interval) = 0;

    virtual void framebufferSize(int* width, int* height) const = 0;
    virtual void windowSize(int* width, int* height) const = 0;
    // The display's content scale (GLFW): 1 on a standard display, 2 on HiDPI (or the tests' override).
    virtual float contentScale() const = 0;
    // Window units per logical unit: the content scale over the framebuffer pixels per window unit. 2 on an X11
    // HiDPI display (window units are pixels), 1 where the platform already counts in logical units (Wayland,
    // macOS: the framebuffer is the larger one). The UI scale and the window's size in settings use it.
    virtual float unitScale() const = 0;
    virtual WindowGeometry geometry() const = 0;
    virtual void setTitle(const std::string& title) = 0;
    virtual void toggleFullscreen() = 0;
    virtual void makeCurrent() = 0;  // the main window's OpenGL context (after drawing into a Screen)
    virtual int monitorCount() const = 0;
    // Opens the projector's window: full screen on a monitor this window is not on when there is one, else a
    // window of `width` x `height` logical units beside it. Throws std::runtime_error with what failed.
    virtual std::unique_ptr<Screen> openScreen(const std::string& title, int width, int height) = 0;

    // Feeds a key through the same path as a real key press (the input handling of ImGui's platform backend),
    // for scripted tests. `key` is a GLFW key code.
    virtual void injectKey(int key, bool pressed) = 0;
    // Types text (UTF-8) as the keyboard's characters would arrive, into whatever has the keyboard.
    virtual void injectText(const std::string& utf8) = 0;
    // Presses or releases a mouse button (0 left) where the pointer is.
    virtual void injectMouseButton(int button, bool pressed) = 0;
    // Moves the pointer as the platform would (scripted hover), and turns the mouse wheel.
    virtual void injectCursor(float x, float y) = 0;
    virtual void injectScroll(float dy) = 0;
};

}  // namespace rl::gui
