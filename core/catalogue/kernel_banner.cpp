// Parsing of a kernel file's banner comment.
#include "core/catalogue/kernel_banner.h"

#include <sstream>

namespace rl {
namespace {

bool startsWith(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

void append(std::string& to, std::string_view text) {
    if (text.empty()) return;
    if (!to.empty()) to += ' ';
    to += text;
}

}  // namespace

KernelBanner parseKernelBanner(std::string_view source) {
    KernelBanner b;
    std::istringstream in{std::string(source)};
    std::string line;
    std::string* field = nullptr;
    bool first = true;
    while (std::getline(in, line)) {
        if (!startsWith(line, "//")) break;  // the banner ends at the first line that is not a comment
        std::string_view text(line);
        text.remove_prefix(2);
        while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
        while (!text.empty() && (text.back() == ' ' || text.back() == '\r')) text.remove_suffix(1);
        if (first) {
            first = false;
            const size_t colon = text.find(": ");
            b.title = std::string(colon == std::string_view::npos ? text : text.substr(colon + 2));
            field = &b.title;
            continue;
        }
        if (text.empty()) {
            field = nullptr;
            continue;
        }
        for (auto [prefix, target] : {std::pair<std::string_view, std::string*>{"Lesson:", &b.lesson},
                                      {"Cost:", &b.cost},
                                      {"Requires:", &b.requires_}}) {
            if (startsWith(text, prefix)) {
                field = target;
                text.remove_prefix(prefix.size());
                while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
                break;
            }
        }
        if (field) append(*field, text);
    }
    if (!b.requires_.empty() && b.requires_.back() == '.') b.requires_.pop_back();
    return b;
}

}  // namespace rl
