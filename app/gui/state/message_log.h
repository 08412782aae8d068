// The one channel for every error, warning and kernel build log the explorer produces (the worker thread included).
// Thread-safe; the Messages panel draws it; nothing here knows ImGui.
#pragma once
#include <chrono>
#include <mutex>
#include <string>
#include <vector>

namespace rl::gui {

enum class Level { Info, Warning, Error };

struct Message {
    Level level = Level::Info;
    std::string title;   // one line
    std::string detail;  // e.g. a kernel build log (may be many lines)
    std::chrono::system_clock::time_point when;
    int serial = 0;
};

class MessageLog {
public:
    void add(Level level, std::string title, std::string detail = {});
    void info(std::string title, std::string detail = {}) { add(Level::Info, std::move(title), std::move(detail)); }
    void warning(std::string title, std::string detail = {}) { add(Level::Warning, std::move(title), std::move(detail)); }
    void error(std::string title, std::string detail = {}) { add(Level::Error, std::move(title), std::move(detail)); }

    std::vector<Message> snapshot() const;
    int lastSerial() const;
    int unseenErrors(int seenSerial) const;  // errors with serial > seenSerial
    void clear();

private:
    mutable std::mutex mutex_;
    std::vector<Message> messages_;
    int serial_ = 0;
};

}  // namespace rl::gui
