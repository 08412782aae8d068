// The kernel editor's text as plain data, without ImGui: OpenCL C tokens for the syntax colours, line starts (byte
// offsets, as the compiler counts; text_rows.h holds the editor's code points), search, and the line edits the
// script uses.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace rl::gui::workbench {

enum class TokenKind {
    Plain,
    Keyword,       // if, for, return, const, ...
    Type,          // int, uint, float4, size_t, T, T4, ...
    Qualifier,     // __kernel, __global, __local, __constant, __private (and without the underscores)
    Builtin,       // get_local_id, barrier, CLK_LOCAL_MEM_FENCE, atomic_add, min, ...
    Macro,         // ReduceLab's RL_APPLY, RL_IDENTITY, RL_RECORD, RL_TRACE_PARAMS, ...
    Comment,
    Number,
    String,
    Preprocessor,  // a line starting with #
};

struct Token {
    int begin = 0, end = 0;  // byte offsets in the line, [begin, end)
    TokenKind kind = TokenKind::Plain;
};

// The tokens of one line (whitespace left out). `inBlockComment` carries a /* ... */ comment from the previous line
// into this one and out of it.
std::vector<Token> tokenizeLine(std::string_view line, bool* inBlockComment);

// Where each line starts (byte offsets; always at least one line).
std::vector<int> lineStarts(std::string_view text);
// Line `index` (0-based) of `text` without its '\n', given its line starts.
std::string_view lineAt(std::string_view text, const std::vector<int>& starts, int index);
// Whether each line starts inside a block comment (for colouring a line without scanning from the top).
std::vector<char> blockCommentAtLineStarts(std::string_view text, const std::vector<int>& starts);

// The 0-based line holding byte offset `byte`.
int lineOfByte(const std::vector<int>& starts, int byte);

// Every occurrence of `needle` (ASCII case-insensitive unless `matchCase`), as byte ranges [begin, end).
struct Match {
    int begin = 0, end = 0;
};
std::vector<Match> findAll(std::string_view text, std::string_view needle, bool matchCase);

// Replaces line `line` (1-based) with `replacement`; a line one past the end appends one. False when out of range.
bool replaceLine(std::string& text, int line, std::string_view replacement);
// Replaces the first occurrence of `from` with `to`. False when `from` is not in the text.
bool replaceFirst(std::string& text, std::string_view from, std::string_view to);

}  // namespace rl::gui::workbench
