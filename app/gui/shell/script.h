// Scripted sessions (`reducelab gui --script "..."`): a list of actions run one after another, at most one per
// frame, through the same input path as a user (keys go through the window's ImGui backend). Used by the tests,
// the screenshots in docs/ and the frame-time measurement.
#pragma once
#include <string>
#include <vector>

namespace rl::gui {

// What a script may ask of the app.
class ScriptHost {
public:
    virtual ~ScriptHost() = default;
    virtual bool traceSettled() const = 0;     // the newest request has been answered and shown
    virtual bool playbackSettled() const = 0;  // nothing is moving
    virtual bool sweepSettled() const { return true; }  // the Timings view measures nothing (wait-sweep)
    virtual bool exportSettled() const { return true; }  // no video is being written (wait-export)
    virtual bool checkSettled() const { return true; }  // the workbench checks nothing (kernel-check, wait-check)
    virtual bool warmSettled() const { return true; }   // the ladder's kernels are built (wait-warm)
    virtual void pressKey(int glfwKey, bool pressed) = 0;
    // A key pressed over the presenter view's projector window (projector-key:NAME), as a clicker aimed there.
    virtual void pressProjectorKey(int glfwKey, bool pressed) { pressKey(glfwKey, pressed); }
    virtual void mouseButton(bool /*pressed*/) {}  // the left button, where the pointer is (click)
    virtual void screenshot(const std::string& path) = 0;
    // Applies a change as the controls would: variant, compare, tab, set (key=value), hover. Returns "" or an error.
    virtual std::string apply(const std::string& verb, const std::string& argument) = 0;
    virtual void quit(int exitCode) = 0;
    virtual double now() const = 0;
};

struct ScriptAction {
    std::string verb, argument;
};

class Script {
public:
    // Parses "a;b:c;..." into actions; returns false with an error for an unknown verb or bad argument.
    bool parse(const std::string& text, std::string* error);
    void append(const std::string& verb, const std::string& argument = "") { actions_.push_back({verb, argument}); }
    bool running() const { return next_ < actions_.size(); }
    // An action that fails (nothing to hover, no kernel to edit) is skipped with a line on stderr instead of
    // ending the script with code 2: the monkey's random actions (monkey.h).
    void setTolerant(bool tolerant) { tolerant_ = tolerant; }
    // Runs what can run this frame. Returns false (and quits with code 3) when a wait times out.
    void advance(ScriptHost& host, double timeoutSeconds);

private:
    std::vector<ScriptAction> actions_;
    size_t next_ = 0;
    size_t echoed_ = size_t(-1);  // the last action REDUCELAB_SCRIPT_ECHO printed
    double waitStart_ = -1;
    int framesLeft_ = -1;
    bool releaseClick_ = false;     // the button pressed last frame (click)
    std::vector<int> releaseKeys_;  // pressed last frame (a key, or a chord's modifiers and key)
    bool keysToProjector_ = false;  // ... over the presenter view's projector window
    bool started_ = false;
    int toggleFrames_ = -1;  // hover-toggle: -1 before it scrolls the toggle into view, then frames waited
    bool tolerant_ = false;  // a verb that acts, then waits (kernel-check) has acted
};

// GLFW key code for a name (space, left, right, up, down, home, end, pageup, pagedown, escape, f1..f12, a..z, 0..9);
// -1 if unknown.
int keyCode(const std::string& name);
// A key with modifiers, "ctrl+z", "ctrl+shift+z", "shift+enter": the modifiers' codes, then the key's; empty if unknown.
std::vector<int> keyChord(const std::string& name);

}  // namespace rl::gui
