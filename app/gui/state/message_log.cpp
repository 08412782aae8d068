// Thread-safe message log; also echoes errors to stderr so scripted runs show them.
#include "app/gui/state/message_log.h"

#include <cstdio>

namespace rl::gui {

void MessageLog::add(Level level, std::string title, std::string detail) {
    if (level != Level::Info) std::fprintf(stderr, "reducelab: %s\n", title.c_str());
    std::lock_guard<std::mutex> lock(mutex_);
    Message m;
    m.level = level;
    m.title = std::move(title);
    m.detail = std::move(detail);
    m.when = std::chrono::system_clock::now();
    m.serial = ++serial_;
    messages_.push_back(std::move(m));
    if (messages_.size() > 500) messages_.erase(messages_.begin(), messages_.begin() + 100);
}

std::vector<Message> MessageLog::snapshot() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return messages_;
}

int MessageLog::lastSerial() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return serial_;
}

int MessageLog::unseenErrors(int seenSerial) const {
    std::lock_guard<std::mutex> lock(mutex_);
    int n = 0;
    for (const auto& m : messages_) n += m.level == Level::Error && m.serial > seenSerial;
    return n;
}

void MessageLog::clear() {
    std::lock_guard<std::mutex> lock(mutex_);
    messages_.clear();
}

}  // namespace rl::gui
