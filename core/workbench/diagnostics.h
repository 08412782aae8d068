// A student's kernel before it runs: the program text the compiler sees, and the compiler's log read back as
// diagnostics (file, line, column, severity, message) that an editor can mark and a report can list. The start of
// the self-study workbench (issue 11); the rest of the workbench builds on these.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace rl::workbench {

struct Diagnostic {
    std::string file;      // as the compiler names it: the student's file name, or reduce_common.cl's lines
    int line = 0;          // 1-based; 0 when the compiler gave none
    int column = 0;        // 1-based; 0 when the compiler gave none
    std::string severity;  // "error", "warning", "note" (fatal errors count as "error")
    std::string message;
};

// The program text for a student's kernel: kernels/reduce_common.cl (T, RL_APPLY, RL_IDENTITY, the recording
// macros), then `#line 1 "<fileName>"` and the student's text, so the compiler reports the student's own line
// numbers and file name. `fileName` is reduced to its last path component and stripped of quotes.
std::string studentProgramSource(std::string_view studentText, std::string_view fileName);

// The file name a student's kernel is shown and compiled under: the last path component, without quotes.
std::string displayName(std::string_view path);

// Reads a compiler log: clang's form "FILE:LINE:COL: error: MESSAGE" (NVIDIA, AMD, Intel; "FILE:LINE: warning: ..."
// without a column) and PoCL's "error: FILE:LINE:COL: MESSAGE". Source excerpts, caret lines and other lines are
// skipped.
std::vector<Diagnostic> parseBuildLog(std::string_view log);

// The diagnostics whose file is `fileName` (the student's), errors first, then by line.
std::vector<Diagnostic> diagnosticsFor(const std::vector<Diagnostic>& all, std::string_view fileName);

}  // namespace rl::workbench
