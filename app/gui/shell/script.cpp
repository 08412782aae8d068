// Script parsing and stepping.
#include "app/gui/shell/script.h"

#include <cctype>
#include <cstdio>
#include <cstdlib>

#include "core/files/run_settings.h"

namespace rl::gui {

int keyCode(const std::string& name) {
    std::string n;
    for (char c : name) n += char(std::tolower((unsigned char)c));
    if (n == "space") return 32;
    if (n == "escape" || n == "esc") return 256;
    if (n == "enter") return 257;
    if (n == "tab") return 258;
    if (n == "backspace") return 259;
    if (n == "delete") return 261;
    if (n == "right") return 262;
    if (n == "left") return 263;
    if (n == "down") return 264;
    if (n == "up") return 265;
    if (n == "pageup") return 266;
    if (n == "pagedown") return 267;
    if (n == "home") return 268;
    if (n == "end") return 269;
    if (n == "equal" || n == "=") return 61;  // GLFW_KEY_EQUAL (Ctrl + makes the text larger)
    if (n == "minus" || n == "-") return 45;  // GLFW_KEY_MINUS
    if (n.size() >= 2 && n[0] == 'f' && std::isdigit((unsigned char)n[1])) {
        const int f = std::atoi(n.c_str() + 1);
        if (f >= 1 && f <= 12) return 290 + f - 1;
    }
    if (n.size() == 1 && n[0] >= 'a' && n[0] <= 'z') return 'A' + (n[0] - 'a');
    if (n.size() == 1 && n[0] >= '0' && n[0] <= '9') return n[0];
    return -1;
}

std::vector<int> keyChord(const std::string& name) {
    std::vector<int> keys;
    std::string rest = name;
    for (;;) {  // modifiers first: ctrl+KEY, shift+KEY, ctrl+shift+KEY
        std::string lower;
        for (char c : rest.substr(0, 6)) lower += char(std::tolower((unsigned char)c));
        if (lower.rfind("ctrl+", 0) == 0) keys.push_back(341), rest = rest.substr(5);       // GLFW_KEY_LEFT_CONTROL
        else if (lower.rfind("shift+", 0) == 0) keys.push_back(340), rest = rest.substr(6);  // GLFW_KEY_LEFT_SHIFT
        else break;
    }
    const int key = keyCode(rest);
    if (key < 0) return {};
    keys.push_back(key);
    return keys;
}

bool Script::parse(const std::string& text, std::string* error) {
    // Items are separated by ";"; a backslash before ";" keeps it inside the item (kernel-edit-line takes C).
    std::vector<std::string> items(1);
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\\' && i + 1 < text.size() && text[i + 1] == ';') {
            items.back() += ';';
            ++i;
        } else if (text[i] == ';') {
            items.emplace_back();
        } else {
            items.back() += text[i];
        }
    }
    for (std::string item : items) {
        while (!item.empty() && std::isspace((unsigned char)item.front())) item.erase(item.begin());
        while (!item.empty() && std::isspace((unsigned char)item.back())) item.pop_back();
        if (item.empty()) continue;
        const size_t colon = item.find(':');
        ScriptAction a{item.substr(0, colon), colon == std::string::npos ? "" : item.substr(colon + 1)};
        static const char* const verbs[] = {"wait-trace", "wait-export", "key", "projector-key", "frames", "settle", "shot", "variant", "compare",
                                            "tab", "set", "hover", "pointer", "wheel", "group", "quit", "sleep", "classroom",
                                            "timings", "wait-sweep", "wait-warm", "retrace", "hover-toggle",
                                            "hover-variant",
                                            "kernel-new", "kernel-reopen", "kernel-edit", "kernel-open", "kernel-edit-line",
                                            "kernel-replace", "kernel-save", "kernel-check", "kernel-find",
                                            "kernel-goto", "kernel-close", "kernel-hover", "kernel-browse", "wait-check", "type", "click",
                                            "kernel-cancel", "kernel-point-problem", "kernel-model", "course",
                                            "tiles-time", "tiles-pick"};
        bool known = false;
        for (const char* v : verbs) known = known || a.verb == v;
        known = known || a.verb == "predict" || a.verb.rfind("predict-", 0) == 0;  // app/gui/predict's own verbs
        if (!known) {
            *error = "unknown script action '" + a.verb + "' (see reducelab gui --help)";
            return false;
        }
        if ((a.verb == "key" || a.verb == "projector-key") && keyChord(a.argument).empty()) {
            *error = "unknown key '" + a.argument + "' in the script";
            return false;
        }
        if ((a.verb == "frames" || a.verb == "sleep") && std::atof(a.argument.c_str()) <= 0) {
            *error = a.verb + " needs a positive number, not '" + a.argument + "'";
            return false;
        }
        if ((a.verb == "shot" || a.verb == "variant" || a.verb == "set" || a.verb == "tab" || a.verb == "hover" || a.verb == "hover-toggle" ||
             a.verb == "hover-variant" || a.verb == "wheel" || a.verb == "group" ||
             a.verb == "compare" || a.verb == "kernel-open" || a.verb == "kernel-edit-line" ||
             a.verb == "kernel-replace" || a.verb == "kernel-find" || a.verb == "kernel-goto" ||
             a.verb == "kernel-hover" || a.verb == "type" || a.verb == "kernel-point-problem" ||
             a.verb == "kernel-model" || a.verb == "course" || a.verb == "tiles-time" || a.verb == "tiles-pick") &&
            a.argument.empty()) {
            *error = a.verb + " needs an argument (" + a.verb + ":...)";
            return false;
        }
        if (a.verb == "set") {  // checked now, with the run settings' rule, so a bad value stops before any window
            const size_t eq = a.argument.find('=');
            const std::string key = a.argument.substr(0, eq);
            if (eq == std::string::npos || !isRunSetting(key)) {
                *error = "set needs KEY=VALUE with a run setting as KEY (" + runSettingNames() + "), not '" +
                         a.argument + "'";
                return false;
            }
            RunConfig check;
            try {
                setRunSetting(check, key, a.argument.substr(eq + 1), "set:" + key);
            } catch (const Error& e) {
                *error = e.what();
                return false;
            }
        }
        actions_.push_back(a);
    }
    return true;
}

void Script::advance(ScriptHost& host, double timeout) {
    if (releaseClick_) {
        host.mouseButton(false);
        releaseClick_ = false;
        return;
    }
    if (!releaseKeys_.empty()) {  // keys pressed last frame are released this frame, the modifiers last
        for (auto k = releaseKeys_.rbegin(); k != releaseKeys_.rend(); ++k)
            if (keysToProjector_) host.pressProjectorKey(*k, false);
            else host.pressKey(*k, false);
        releaseKeys_.clear();
        return;
    }
    static const bool echo = std::getenv("REDUCELAB_SCRIPT_ECHO") != nullptr;  // each action as it begins
    while (next_ < actions_.size()) {
        const ScriptAction& a = actions_[next_];
        if (echo && next_ != echoed_) {
            std::fprintf(stderr, "reducelab: script: action %zu: %s%s%s\n", next_ + 1, a.verb.c_str(),
                         a.argument.empty() ? "" : ":", a.argument.c_str());
            echoed_ = next_;
        }
        auto waitFor = [&](bool done, const char* what) {
            if (done) {
                waitStart_ = -1;
                return true;
            }
            if (waitStart_ < 0) waitStart_ = host.now();
            if (host.now() - waitStart_ > timeout) {
                std::fprintf(stderr, "reducelab: script step '%s' timed out after %.0f s (%s)\n", a.verb.c_str(),
                             timeout, what);
                host.quit(3);
                next_ = actions_.size();
            }
            return false;
        };
        if (a.verb == "wait-trace") {
            if (!waitFor(host.traceSettled(), "the trace did not arrive")) return;
        } else if (a.verb == "kernel-check") {  // starts the check (one frame), then waits for its report
            if (!started_) {
                const std::string error = host.apply(a.verb, a.argument);
                if (!error.empty() && tolerant_) {
                    std::fprintf(stderr, "reducelab: monkey: skipped %s (%s)\n", a.verb.c_str(), error.c_str());
                    ++next_;
                    return;
                }
                if (!error.empty()) {
                    std::fprintf(stderr, "reducelab: script: %s\n", error.c_str());
                    host.quit(2);
                    next_ = actions_.size();
                    return;
                }
                started_ = true;
                return;
            }
            if (!waitFor(host.checkSettled(), "the kernel check did not finish")) return;
            started_ = false;
        } else if (a.verb == "hover-toggle" && toggleFrames_ < 2) {
            // Scroll the controls column to the toggle, let two frames lay it out there, then point at it.
            if (toggleFrames_ < 0) {
                const std::string error = host.apply("reveal-toggle", a.argument);
                if (!error.empty()) {
                    std::fprintf(stderr, "reducelab: script: %s\n", error.c_str());
                    if (tolerant_) {
                        ++next_;
                        return;
                    }
                    host.quit(2);
                    next_ = actions_.size();
                    return;
                }
            }
            ++toggleFrames_;
            return;
        } else if (a.verb == "wait-check") {
            if (!waitFor(host.checkSettled(), "the kernel check did not finish")) return;
        } else if (a.verb == "wait-warm") {
            if (!waitFor(host.warmSettled(), "the ladder's background build did not finish")) return;
        } else if (a.verb == "wait-export") {
            if (!waitFor(host.exportSettled(), "the video export did not finish")) return;
        } else if (a.verb == "wait-sweep") {
            if (!waitFor(host.sweepSettled(), "the timing sweep did not finish")) return;
        } else if (a.verb == "settle") {
            if (!waitFor(host.playbackSettled() && host.traceSettled(), "playback kept moving")) return;
        } else if (a.verb == "frames") {
            if (framesLeft_ < 0) framesLeft_ = std::atoi(a.argument.c_str());
            if (framesLeft_-- > 0) return;
            framesLeft_ = -1;
        } else if (a.verb == "sleep") {
            if (waitStart_ < 0) waitStart_ = host.now();
            if (host.now() - waitStart_ < std::atof(a.argument.c_str())) return;
            waitStart_ = -1;
        } else if (a.verb == "key" || a.verb == "projector-key") {
            releaseKeys_ = keyChord(a.argument);
            keysToProjector_ = a.verb == "projector-key";
            for (int k : releaseKeys_)
                if (keysToProjector_) host.pressProjectorKey(k, true);
                else host.pressKey(k, true);
            ++next_;
            return;  // one key (or chord) per frame: pressed now, released next frame
        } else if (a.verb == "click") {  // the left button at the pointer: pressed now, released next frame
            host.mouseButton(true);
            releaseClick_ = true;
            ++next_;
            return;
        } else if (a.verb == "shot") {
            host.screenshot(a.argument);
            ++next_;
            return;  // one screenshot per frame
        } else if (a.verb == "quit") {
            host.quit(0);
            next_ = actions_.size();
            return;
        } else {
            const std::string error = host.apply(a.verb, a.argument);
            if (a.verb == "hover-toggle") toggleFrames_ = -1;  // the next one scrolls again
            if (!error.empty() && tolerant_) {  // the monkey: what cannot be done now is skipped
                std::fprintf(stderr, "reducelab: monkey: skipped %s:%s (%s)\n", a.verb.c_str(), a.argument.c_str(),
                             error.c_str());
            } else if (!error.empty()) {
                std::fprintf(stderr, "reducelab: script: %s\n", error.c_str());
                host.quit(2);
                next_ = actions_.size();
                return;
            }
            ++next_;
            return;  // let the change show for a frame
        }
        ++next_;
    }
}

}  // namespace rl::gui
