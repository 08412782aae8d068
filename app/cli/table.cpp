// Text table formatting.
#include "app/cli/table.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

namespace rl::cli {
namespace {

bool numeric(const std::string& s) {
    if (s.empty()) return false;
    const char c = s[0];
    return std::isdigit((unsigned char)c) || ((c == '-' || c == '+') && s.size() > 1 && std::isdigit((unsigned char)s[1]));
}

}  // namespace

void Table::print(std::ostream& out) const {
    std::vector<size_t> width(header_.size(), 0);
    for (size_t c = 0; c < header_.size(); ++c) width[c] = header_[c].size();
    for (const auto& row : rows_)
        for (size_t c = 0; c < row.size() && c < width.size(); ++c) width[c] = std::max(width[c], row[c].size());
    auto line = [&](const std::vector<std::string>& row, bool isHeader) {
        std::string text;
        for (size_t c = 0; c < width.size(); ++c) {
            const std::string cell = c < row.size() ? row[c] : "";
            const std::string pad(width[c] - std::min(width[c], cell.size()), ' ');
            text += (!isHeader && numeric(cell)) ? pad + cell : cell + pad;
            if (c + 1 < width.size()) text += "  ";
        }
        while (!text.empty() && text.back() == ' ') text.pop_back();
        out << text << "\n";
    };
    line(header_, true);
    std::string rule;
    for (size_t c = 0; c < width.size(); ++c) rule += std::string(width[c], '-') + (c + 1 < width.size() ? "  " : "");
    out << rule << "\n";
    for (const auto& row : rows_) line(row, false);
}

std::string fixed(double v, int decimals) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

std::string number(double v) {
    char buf[64];
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    if (v == std::floor(v) && std::fabs(v) <= 9007199254740992.0) std::snprintf(buf, sizeof buf, "%.0f", v);  // longs to 2^53
    else std::snprintf(buf, sizeof buf, "%.9g", v);
    return buf;
}

std::string bytes(size_t b) {
    char buf[64];
    if (b >= (size_t(1) << 30)) std::snprintf(buf, sizeof buf, "%.1f GiB", double(b) / double(1 << 30));
    else if (b >= (size_t(1) << 20)) std::snprintf(buf, sizeof buf, "%zu MiB", b >> 20);
    else if (b >= 1024) std::snprintf(buf, sizeof buf, "%zu KiB", b >> 10);
    else std::snprintf(buf, sizeof buf, "%zu B", b);
    return buf;
}

}  // namespace rl::cli
