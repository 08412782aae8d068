// Student program text and build-log parsing.
#include "core/workbench/diagnostics.h"

#include <algorithm>
#include <cctype>
#include <sstream>

#include "core/catalogue/kernel_source.h"

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

// A place as clang writes it, "FILE:LINE:COL", or inside a macro's expansion "FILE:LINE:COL <Spelling=FILE:L:C>":
// there the spelling (where the text was typed, a macro's argument) when it is in the same file as the expansion, so
// that a typo passed to RL_BIN(...) is marked on the typo; else the expansion, the student's line.
bool parsePlace(std::string_view where, Diagnostic* d) {
    const size_t open = where.find(" <Spelling=");
    if (open == std::string_view::npos || where.back() != '>') return parseLocation(where, d);
    if (!parseLocation(where.substr(0, open), d)) return false;
    const size_t from = open + std::string_view(" <Spelling=").size();
    Diagnostic spelled;
    if (parseLocation(where.substr(from, where.size() - 1 - from), &spelled) && spelled.file == d->file) {
        d->line = spelled.line;
        d->column = spelled.column;
    }
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
            if (parsePlace(rest.substr(0, at), d)) {
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
    if (at == std::string_view::npos || !parsePlace(line.substr(0, at), d)) return false;
    setMessage(d, severity, line.substr(at + severity.size() + 4));
    return true;
}

int rank(const std::string& severity) { return severity == "error" ? 0 : severity == "warning" ? 1 : 2; }

}  // namespace

std::string displayName(std::string_view path) { return baseName(path); }

std::string studentProgramSource(std::string_view studentText, std::string_view fileName) {
    return kernelPrelude() + "\n#line 1 \"" + baseName(fileName) + "\"\n" + std::string(studentText);
}

int studentFirstLine() {
    // Line 1 of the student's text follows every line of the prelude, the newline added after it, and #line's.
    static const int first = [] {
        const std::string program = studentProgramSource("", "k.cl");
        return 1 + int(std::count(program.begin(), program.end(), '\n'));
    }();
    return first;
}

std::vector<Diagnostic> parseBuildLog(std::string_view log) {
    std::vector<Diagnostic> out;
    std::istringstream in{std::string(log)};
    std::string line;
    // After a diagnostic, clang quotes the source line, marks the place with a caret line ("   ^~~~") and may add
    // a fix-it line under the caret (";", "scratch"): those lines are the diagnostic's excerpt.
    enum { None, Source, Caret } expect = None;
    while (std::getline(in, line)) {
        if (expect == Caret && !out.back().excerpt.empty() && out.back().excerpt.find('^') == std::string::npos &&
            !(line.find('^') != std::string::npos && line.find_first_not_of(" \t^~") == std::string::npos))
            out.back().excerpt.clear();  // no caret under it: the line after was not a source excerpt
        Diagnostic d;
        const bool caretLine = line.find('^') != std::string::npos &&
                               line.find_first_not_of(" \t^~") == std::string::npos;
        if (parseLine(line, &d)) {
            out.push_back(std::move(d));
            expect = Source;
        } else if (expect == Source && !line.empty() && line.find("generated.") == std::string::npos) {
            out.back().excerpt = line + "\n";
            expect = Caret;
        } else if (expect == Caret && caretLine) {
            out.back().excerpt += line + "\n";
        } else if (expect == Caret && out.back().excerpt.find('^') != std::string::npos &&
                   line.find_first_not_of(' ') != std::string::npos &&
                   line.find_first_not_of(' ') >= out.back().excerpt.find_first_not_of(' ') &&
                   line.find(": ") == std::string::npos) {
            out.back().excerpt += line + "\n";  // the fix-it under the caret
            expect = None;
        } else {
            expect = None;
        }
    }
    if (!out.empty() && out.back().excerpt.find('^') == std::string::npos) out.back().excerpt.clear();
    return out;
}

std::vector<Diagnostic> diagnosticsFor(const std::vector<Diagnostic>& all, std::string_view fileName) {
    const std::string name = baseName(fileName);
    std::vector<Diagnostic> out;
    for (const auto& d : all) {
        // Once each: clang reports an error in a macro's argument at every use of it (RL_BIN's x, three times).
        const bool again = std::any_of(out.begin(), out.end(), [&](const Diagnostic& o) {
            return o.line == d.line && o.column == d.column && o.severity == d.severity && o.message == d.message;
        });
        if (d.file == name && !again) out.push_back(d);
    }
    std::stable_sort(out.begin(), out.end(), [](const Diagnostic& a, const Diagnostic& b) {
        return rank(a.severity) != rank(b.severity) ? rank(a.severity) < rank(b.severity) : a.line < b.line;
    });
    return out;
}

namespace {

// "ptxas error   : Entry function 'reduce' uses too much shared data (...)": an error that names no line. Returns
// its text without the padding, or nothing for any other line.
std::string placelessError(const std::string& line) {
    const size_t at = line.find("error");
    const size_t colon = line.find(':', at == std::string::npos ? 0 : at);
    if (at == std::string::npos || colon == std::string::npos || at > 40) return {};
    if (line.find_first_not_of(" \t", colon + 1) == std::string::npos) return {};
    std::string who = line.substr(0, at);
    while (!who.empty() && who.back() == ' ') who.pop_back();
    std::string what = line.substr(line.find_first_not_of(" \t", colon + 1));
    return who.empty() ? what : who + ": " + what;
}

}  // namespace

std::vector<Diagnostic> studentDiagnostics(std::string_view log, std::string_view fileName, int firstLine,
                                           std::string_view studentText) {
    const std::string name = baseName(fileName);
    std::vector<Diagnostic> all = parseBuildLog(log);
    bool honoured = false;
    for (const auto& d : all) honoured = honoured || d.file == name;
    std::vector<Diagnostic> mine;
    for (Diagnostic d : all) {
        if (honoured) {
            if (d.file != name) continue;
        } else {
            if (d.line < firstLine) continue;  // in the prelude (common.cl, record.cl)
            d.line -= firstLine - 1;
            d.file = name;
        }
        mine.push_back(std::move(d));
    }
    // Errors the parser did not place (the assembler's, the linker's): on the student's file, line 0.
    std::istringstream in{std::string(log)};
    for (std::string line; std::getline(in, line);) {
        Diagnostic probe;
        if (parseLine(line, &probe)) continue;
        const std::string what = placelessError(line);
        if (what.empty() || line.rfind("kernel '", 0) == 0) continue;
        Diagnostic d;
        d.file = name;
        d.severity = "error";
        d.message = what;
        mine.push_back(std::move(d));
    }
    // A compiler that quotes nothing (PoCL): the student's own line, and a caret under the column.
    std::vector<std::string> lines;
    std::istringstream text{std::string(studentText)};
    for (std::string l; std::getline(text, l);) lines.push_back(l);
    for (Diagnostic& d : mine)
        if (d.excerpt.empty() && d.line > 0 && size_t(d.line) <= lines.size()) {
            std::string source = lines[size_t(d.line) - 1];
            std::replace(source.begin(), source.end(), '\t', ' ');
            d.excerpt = source + "\n";
            if (d.column > 0 && size_t(d.column) <= source.size() + 1)
                d.excerpt += std::string(size_t(d.column) - 1, ' ') + "^\n";
        }
    return diagnosticsFor(mine, name);
}

}  // namespace rl::workbench
