// Maps recorded stages to kernel source lines by reading the RL_RECORD calls.
#include "app/view/tree/source_map.h"

#include <cctype>
#include <cstdlib>

#include "core/trace.h"

namespace rl::view {
namespace {

std::string trimmed(const std::string& s) {
    size_t a = 0, b = s.size();
    while (a < b && std::isspace((unsigned char)s[a])) ++a;
    while (b > a && std::isspace((unsigned char)s[b - 1])) --b;
    return s.substr(a, b - a);
}

// The second argument of the macro call starting at `open` (the '(' position), or "" if unbalanced.
std::string secondArgument(const std::string& line, size_t open) {
    int depth = 0;
    size_t comma = std::string::npos;
    for (size_t i = open; i < line.size(); ++i) {
        const char c = line[i];
        if (c == '(') ++depth;
        if (c == ')' && --depth == 0) return comma == std::string::npos ? "" : trimmed(line.substr(comma + 1, i - comma - 1));
        if (c == ',' && depth == 1 && comma == std::string::npos) comma = i;
    }
    return "";
}

bool parseInt(const std::string& text, int* value) {
    std::string t = text;
    // Strip casts and parentheses: "(int)512", "(512)".
    while (!t.empty() && t.front() == '(') {
        const size_t close = t.find(')');
        const std::string inner = t.substr(1, close - 1);
        if (close == std::string::npos) return false;
        if (inner == "int" || inner == "uint") t = trimmed(t.substr(close + 1));
        else if (close == t.size() - 1) t = trimmed(inner);
        else return false;
    }
    if (t.empty()) return false;
    char* end = nullptr;
    const long v = std::strtol(t.c_str(), &end, 0);
    if (*end != '\0' && !(end[0] == 'u' && end[1] == '\0')) return false;
    *value = int(v);
    return true;
}

}  // namespace

std::vector<std::string> splitLines(const std::string& text) {
    std::vector<std::string> lines;
    size_t start = 0;
    while (start <= text.size()) {
        const size_t nl = text.find('\n', start);
        if (nl == std::string::npos) {
            if (start < text.size()) lines.push_back(text.substr(start));
            break;
        }
        lines.push_back(text.substr(start, nl - start));
        start = nl + 1;
    }
    for (auto& l : lines)
        if (!l.empty() && l.back() == '\r') l.pop_back();
    return lines;
}

std::vector<RecordPoint> findRecordPoints(const std::vector<std::string>& lines) {
    std::vector<RecordPoint> out;
    bool inBlockComment = false;
    for (size_t i = 0; i < lines.size(); ++i) {
        std::string code = lines[i];
        if (inBlockComment) {
            const size_t end = code.find("*/");
            if (end == std::string::npos) continue;
            code = code.substr(end + 2);
            inBlockComment = false;
        }
        if (const size_t c = code.find("//"); c != std::string::npos) code = code.substr(0, c);
        if (const size_t c = code.find("/*"); c != std::string::npos) {
            inBlockComment = code.find("*/", c) == std::string::npos;
            code = code.substr(0, c);
        }
        if (trimmed(code).rfind("#", 0) == 0) continue;
        // RL_TILE_SCAN (kernels/common.cl) records each step of the tile scan it runs: a loop's record point.
        for (const char* macro : {"RL_RECORD_NOSYNC", "RL_RECORD", "RL_TILE_SCAN"}) {
            const size_t at = code.find(macro);
            if (at == std::string::npos) continue;
            const size_t open = code.find('(', at);
            if (open == std::string::npos) break;
            // Only the macro itself, not a longer name that starts with it.
            const std::string between = trimmed(code.substr(at + std::string(macro).size(), open - at - std::string(macro).size()));
            if (!between.empty()) continue;
            const std::string arg = secondArgument(code, open);
            RecordPoint rp;
            rp.line = int(i);
            int v = 0;
            const bool nosync = std::string(macro) == "RL_RECORD_NOSYNC";
            if (arg.find("RL_TAIL_STEP") != std::string::npos || nosync) {
                rp.kind = RecordPoint::Kind::Tail;
                const size_t o = arg.find('(');
                const size_t cl = arg.rfind(')');
                if (o != std::string::npos && cl != std::string::npos && cl > o && parseInt(arg.substr(o + 1, cl - o - 1), &v))
                    rp.literal = v;
            } else if (parseInt(arg, &v)) {
                rp.kind = v < 0 ? RecordPoint::Kind::Load : RecordPoint::Kind::Literal;
                rp.literal = v;
            } else {
                rp.kind = RecordPoint::Kind::Loop;
            }
            out.push_back(rp);
            break;
        }
    }
    return out;
}

LineSpan stageLines(const std::vector<std::string>& lines, int param, FusedHalf half, int tree) {
    const auto points = findRecordPoints(lines);
    size_t from = 0;  // the record points of tree `tree` start at its load record
    for (size_t i = 0, loads = 0; i < points.size() && tree > 0; ++i)
        if (points[i].kind == RecordPoint::Kind::Load && int(loads++) == tree) from = i;
    int match = -1;
    auto find = [&](auto pred) {
        for (size_t i = from; i < points.size() && match < 0; ++i)
            if (pred(points[i])) match = int(i);
    };
    using K = RecordPoint::Kind;
    if (param < 0) {
        find([](const RecordPoint& p) { return p.kind == K::Load; });
    } else if (param & kTailStepFlag) {
        const int s = param & ~kTailStepFlag;
        find([s](const RecordPoint& p) { return p.kind == K::Tail && p.literal == s; });
        find([](const RecordPoint& p) { return p.kind == K::Tail; });
    } else if (half != FusedHalf::None) {  // the first loop record, or the one right after it
        find([](const RecordPoint& p) { return p.kind == K::Loop; });
        if (half == FusedHalf::Second && match >= 0) {
            const bool pair = size_t(match) + 1 < points.size() && points[size_t(match) + 1].kind == K::Loop;
            match = pair ? match + 1 : -1;
        }
    } else {
        find([param](const RecordPoint& p) { return p.kind == K::Literal && p.literal == param; });
        find([](const RecordPoint& p) { return p.kind == K::Loop; });
    }
    if (match < 0) return {};
    LineSpan span;
    span.last = points[size_t(match)].line;
    if (match > 0) {
        span.first = points[size_t(match) - 1].line + 1;
    } else {  // from the line after the kernel's signature opens its body
        span.first = 0;
        for (int i = 0; i < span.last; ++i)
            if (lines[size_t(i)].find("__kernel") != std::string::npos) {
                int j = i;
                while (j < span.last && lines[size_t(j)].find('{') == std::string::npos) ++j;
                span.first = j + 1;
                break;
            }
    }
    while (span.first < span.last && trimmed(lines[size_t(span.first)]).empty()) ++span.first;
    while (span.first < span.last) {  // a closing brace of the previous block belongs to it
        const std::string t = trimmed(lines[size_t(span.first)]);
        if (t == "}" || t.empty()) ++span.first;
        else break;
    }
    return span;
}

}  // namespace rl::view
