// OpenCL C tokens, line bookkeeping and search for the kernel editor.
#include "app/gui/workbench/code_text.h"

#include <algorithm>
#include <cctype>

namespace rl::gui::workbench {
namespace {

bool isIdentStart(char c) { return std::isalpha((unsigned char)c) || c == '_'; }
bool isIdent(char c) { return std::isalnum((unsigned char)c) || c == '_'; }

bool oneOf(std::string_view word, std::initializer_list<std::string_view> words) {
    return std::find(words.begin(), words.end(), word) != words.end();
}

bool isVectorOf(std::string_view word, std::string_view scalar) {  // float4, uint16, ...
    if (word.size() <= scalar.size() || word.substr(0, scalar.size()) != scalar) return false;
    const std::string_view n = word.substr(scalar.size());
    return oneOf(n, {"2", "3", "4", "8", "16"});
}

TokenKind classify(std::string_view w) {
    if (oneOf(w, {"__kernel", "kernel", "__global", "global", "__local", "local", "__constant", "constant",
                  "__private", "private", "__attribute__", "__read_only", "__write_only", "restrict"}))
        return TokenKind::Qualifier;
    if (oneOf(w, {"if", "else", "for", "while", "do", "return", "break", "continue", "switch", "case", "default",
                  "const", "volatile", "static", "inline", "typedef", "struct", "union", "enum", "sizeof", "goto"}))
        return TokenKind::Keyword;
    for (std::string_view scalar : {"char", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "float",
                                    "double", "half", "bool"})
        if (w == scalar || isVectorOf(w, scalar)) return TokenKind::Type;
    if (oneOf(w, {"void", "unsigned", "signed", "size_t", "ptrdiff_t", "intptr_t", "uintptr_t", "T", "T2", "T4", "T8",
                  "T16"}))
        return TokenKind::Type;
    if (w.substr(0, 3) == "RL_" || w.substr(0, 3) == "rl_") return TokenKind::Macro;
    if (oneOf(w, {"get_global_id", "get_local_id", "get_group_id", "get_global_size", "get_local_size",
                  "get_num_groups", "get_work_dim", "get_global_offset", "get_sub_group_id",
                  "get_sub_group_local_id", "get_sub_group_size", "barrier", "work_group_barrier", "mem_fence",
                  "read_mem_fence", "write_mem_fence", "CLK_LOCAL_MEM_FENCE", "CLK_GLOBAL_MEM_FENCE", "min", "max",
                  "clamp", "mad", "fma", "select", "vload4", "vstore4", "vload16", "vstore16", "atomic_add",
                  "atomic_min", "atomic_max",
                  "atomic_inc", "atomic_cmpxchg", "atomic_xchg", "work_group_reduce_add", "work_group_reduce_min",
                  "work_group_reduce_max", "sub_group_reduce_add", "sub_group_reduce_min", "sub_group_reduce_max",
                  "INT_MAX", "INT_MIN", "FLT_MAX", "INFINITY", "NULL", "true", "false"}))
        return TokenKind::Builtin;
    return TokenKind::Plain;
}

}  // namespace

std::vector<Token> tokenizeLine(std::string_view line, bool* inBlockComment) {
    std::vector<Token> out;
    const int n = int(line.size());
    int i = 0;
    auto push = [&](int b, int e, TokenKind k) {
        if (e > b) out.push_back({b, e, k});
    };
    // A preprocessor line (only whitespace before '#') is one token, up to a comment.
    if (!*inBlockComment) {
        int first = 0;
        while (first < n && std::isspace((unsigned char)line[size_t(first)])) ++first;
        if (first < n && line[size_t(first)] == '#') {
            size_t end = line.find("//", size_t(first));
            const size_t block = line.find("/*", size_t(first));
            if (block < end) end = block;
            const int stop = end == std::string_view::npos ? n : int(end);
            push(first, stop, TokenKind::Preprocessor);
            i = stop;
        }
    }
    while (i < n) {
        if (*inBlockComment) {
            const size_t end = line.find("*/", size_t(i));
            const int stop = end == std::string_view::npos ? n : int(end) + 2;
            push(i, stop, TokenKind::Comment);
            if (end != std::string_view::npos) *inBlockComment = false;
            i = stop;
            continue;
        }
        const char c = line[size_t(i)];
        if (c == '/' && i + 1 < n && line[size_t(i) + 1] == '/') {
            push(i, n, TokenKind::Comment);
            break;
        }
        if (c == '/' && i + 1 < n && line[size_t(i) + 1] == '*') {
            *inBlockComment = true;
            const size_t end = line.find("*/", size_t(i) + 2);
            const int stop = end == std::string_view::npos ? n : int(end) + 2;
            push(i, stop, TokenKind::Comment);
            if (end != std::string_view::npos) *inBlockComment = false;
            i = stop;
            continue;
        }
        if (isIdentStart(c)) {
            int j = i;
            while (j < n && isIdent(line[size_t(j)])) ++j;
            push(i, j, classify(line.substr(size_t(i), size_t(j - i))));
            i = j;
        } else if (std::isdigit((unsigned char)c) || (c == '.' && i + 1 < n && std::isdigit((unsigned char)line[size_t(i) + 1]))) {
            int j = i + 1;
            while (j < n && (isIdent(line[size_t(j)]) || line[size_t(j)] == '.' ||
                             ((line[size_t(j)] == '+' || line[size_t(j)] == '-') &&
                              (line[size_t(j) - 1] == 'e' || line[size_t(j) - 1] == 'E'))))
                ++j;
            push(i, j, TokenKind::Number);
            i = j;
        } else if (c == '"' || c == '\'') {
            int j = i + 1;
            while (j < n && line[size_t(j)] != c) j += line[size_t(j)] == '\\' ? 2 : 1;
            j = std::min(n, j + 1);
            push(i, j, TokenKind::String);
            i = j;
        } else if (std::isspace((unsigned char)c)) {
            ++i;
        } else {
            int j = i + 1;  // punctuation runs, stopping before a comment or a word
            while (j < n && !isIdent(line[size_t(j)]) && !std::isspace((unsigned char)line[size_t(j)]) &&
                   line[size_t(j)] != '"' && line[size_t(j)] != '\'' &&
                   !(line[size_t(j)] == '/' && j + 1 < n && (line[size_t(j) + 1] == '/' || line[size_t(j) + 1] == '*')))
                ++j;
            push(i, j, TokenKind::Plain);
            i = j;
        }
    }
    return out;
}

std::vector<int> lineStarts(std::string_view text) {
    std::vector<int> starts{0};
    for (size_t i = 0; i < text.size(); ++i)
        if (text[i] == '\n') starts.push_back(int(i + 1));
    return starts;
}

std::string_view lineAt(std::string_view text, const std::vector<int>& starts, int index) {
    if (index < 0 || index >= int(starts.size())) return {};
    const size_t b = size_t(starts[size_t(index)]);
    size_t e = index + 1 < int(starts.size()) ? size_t(starts[size_t(index) + 1]) - 1 : text.size();
    if (e > b && text[e - 1] == '\r') --e;  // a file with Windows line ends
    return text.substr(b, e - b);
}

std::vector<char> blockCommentAtLineStarts(std::string_view text, const std::vector<int>& starts) {
    std::vector<char> out(starts.size(), 0);
    bool in = false;
    for (size_t i = 0; i < starts.size(); ++i) {
        out[i] = in;
        tokenizeLine(lineAt(text, starts, int(i)), &in);
    }
    return out;
}

int lineOfByte(const std::vector<int>& starts, int byte) {
    const auto it = std::upper_bound(starts.begin(), starts.end(), byte);
    return std::max(0, int(it - starts.begin()) - 1);
}

std::vector<Match> findAll(std::string_view text, std::string_view needle, bool matchCase) {
    std::vector<Match> out;
    if (needle.empty() || needle.size() > text.size()) return out;
    auto eq = [matchCase](char a, char b) {
        return matchCase ? a == b : std::tolower((unsigned char)a) == std::tolower((unsigned char)b);
    };
    for (size_t i = 0; i + needle.size() <= text.size(); ++i) {
        size_t k = 0;
        while (k < needle.size() && eq(text[i + k], needle[k])) ++k;
        if (k == needle.size()) {
            out.push_back({int(i), int(i + needle.size())});
            i += needle.size() - 1;
        }
    }
    return out;
}

bool replaceLine(std::string& text, int line, std::string_view replacement) {
    const std::vector<int> starts = lineStarts(text);
    const int count = int(starts.size()) - (!text.empty() && text.back() == '\n' ? 1 : 0);
    if (line < 1 || line > count + 1) return false;
    if (line == count + 1) {
        if (!text.empty() && text.back() != '\n') text += '\n';
        text.append(replacement);
        text += '\n';
        return true;
    }
    const std::string_view old = lineAt(text, starts, line - 1);
    text.replace(size_t(starts[size_t(line - 1)]), old.size(), replacement);
    return true;
}

bool replaceFirst(std::string& text, std::string_view from, std::string_view to) {
    if (from.empty()) return false;
    const size_t at = text.find(from);
    if (at == std::string::npos) return false;
    text.replace(at, from.size(), to);
    return true;
}

}  // namespace rl::gui::workbench
