// Student program text and build-log parsing.
#include "core/workbench/diagnostics.h"

#include <algorithm>
#include <cctype>
#include <sstream>

#include "core/kernel_source.h"

namespace rl::workbench {
namespace {

std::string baseName(std::string_view path) {
    const size_t slash = path.find_last_of("/\\");
    std::string name(slash == std::string_view::npos ? path : path.substr(slash + 1));
    name.erase(std::remove(name.begin(), name.end(), '"'), name.end());
    return name.empty() ? "kernel.cl" : name;
}

// Reads a positive decimal at `at`, advancing it; 0 if there is none.
int readNumber(std::string_view s, size_t& at) {
    int v = 0;
    const size_t start = at;
    while (at < s.size() && std::isdigit((unsigned char)s[at]) && at - start < 9) v = v * 10 + (s[at++] - '0');
    return at > start ? v : 0;
}

// Splits "FILE:LINE:COL" or "FILE:LINE" into *d; false if `where` ends in no line number.
bool parseLocation(std::string_view where, Diagnostic* d) {
    int numbers[2] = {0, 0};
    int count = 0;
    while (count < 2) {
        const size_t colon = where.find_last_of(':');
        if (colon == std::string_view::npos) break;
        size_t p = colon + 1;
        const int n = readNumber(where, p);
        if (n == 0 || p != where.size()) break;
        numbers[count++] = n;
        where = where.substr(0, colon);
    }
    if (count == 0 || where.empty()) return false;
    d->file = baseName(where);
    d->line = count == 2 ? numbers[1] : numbers[0];
    d->column = count == 2 ? numbers[0] : 0;
    return true;
}

void setMessage(Diagnostic* d, std::string_view severity, std::string_view message) {
    d->severity = severity == "fatal error" ? "error" : std::string(severity);
    d->message = std::string(message);
    while (!d->message.empty() && (d->message.back() == '\r' || d->message.back() == ' ')) d->message.pop_back();
}

bool parseLine(std::string_view line, Diagnostic* d) {
    static constexpr std::string_view kSeverities[] = {"fatal error", "error", "warning", "note"};
    // PoCL's form: "SEVERITY: FILE:LINE:COL: MESSAGE".
    for (std::string_view severity : kSeverities) {
        const std::string prefix = std::string(severity) + ": ";
        if (line.substr(0, prefix.size()) != prefix) continue;
        const std::string_view rest = line.substr(prefix.size());
        for (size_t at = rest.find(": "); at != std::string_view::npos; at = rest.find(": ", at + 1))
            if (parseLocation(rest.substr(0, at), d)) {
                setMessage(d, severity, rest.substr(at + 2));
                return true;
            }
        return false;
    }
    // Clang's form: "FILE:LINE:COL: SEVERITY: MESSAGE", at the earliest severity (a message may quote "error:").
    size_t at = std::string_view::npos;
    std::string_view severity;
    for (std::string_view s : kSeverities) {
        const size_t p = line.find(": " + std::string(s) + ": ");
        if (p < at) at = p, severity = s;
    }
    if (at == std::string_view::npos || !parseLocation(line.substr(0, at), d)) return false;
    setMessage(d, severity, line.substr(at + severity.size() + 4));
    return true;
}

int rank(const std::string& severity) { return severity == "error" ? 0 : severity == "warning" ? 1 : 2; }

}  // namespace

std::string displayName(std::string_view path) { return baseName(path); }

std::string studentProgramSource(std::string_view studentText, std::string_view fileName) {
    return kernelFileText("kernels/reduce_common.cl") + "\n#line 1 \"" + baseName(fileName) + "\"\n" +
           std::string(studentText);
}

std::vector<Diagnostic> parseBuildLog(std::string_view log) {
    std::vector<Diagnostic> out;
    std::istringstream in{std::string(log)};
    std::string line;
    while (std::getline(in, line)) {
        Diagnostic d;
        if (parseLine(line, &d)) out.push_back(std::move(d));
    }
    return out;
}

std::vector<Diagnostic> diagnosticsFor(const std::vector<Diagnostic>& all, std::string_view fileName) {
    const std::string name = baseName(fileName);
    std::vector<Diagnostic> out;
    for (const auto& d : all)
        if (d.file == name) out.push_back(d);
    std::stable_sort(out.begin(), out.end(), [](const Diagnostic& a, const Diagnostic& b) {
        return rank(a.severity) != rank(b.severity) ? rank(a.severity) < rank(b.severity) : a.line < b.line;
    });
    return out;
}

}  // namespace rl::workbench
