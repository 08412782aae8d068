// A student's kernel before it runs: the program text the compiler sees, and the compiler's log read back as
// diagnostics (file, line, column, severity, message) that an editor can mark and a report can list. The start of
// the self-study workbench; the rest of the workbench builds on these.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace rl::workbench {

struct Diagnostic {
    std::string file;      // as the compiler names it: the student's file name, or common.cl's lines
    int line = 0;          // 1-based; 0 when the compiler gave none
    int column = 0;        // 1-based; 0 when the compiler gave none
    std::string severity;  // "error", "warning", "note" (fatal errors count as "error")
    std::string message;
    std::string excerpt;   // the compiler's source line and caret lines under the message, as it wrote them
};

// The program text for a student's kernel: kernels/common.cl (T, RL_APPLY, RL_IDENTITY, the recording
// macros), then `#line 1 "<fileName>"` and the student's text, so that a compiler that honours #line (clang, PoCL)
// reports the student's own line numbers and file name. `fileName` is reduced to its last path component and
// stripped of quotes.
std::string studentProgramSource(std::string_view studentText, std::string_view fileName);

// The line of the program text (counted from 1 over the whole program) that holds the student's line 1. A compiler
// that ignores #line (NVIDIA's names the program "<kernel>" and counts from its start) reports line L of the
// student's file as program line L + studentFirstLine() - 1.
int studentFirstLine();

// The file name a student's kernel is shown and compiled under: the last path component, without quotes.
std::string displayName(std::string_view path);

// Reads a compiler log: clang's form "FILE:LINE:COL: error: MESSAGE" (NVIDIA, AMD, Intel; "FILE:LINE: warning: ..."
// without a column) and PoCL's "error: FILE:LINE:COL: MESSAGE". Inside a macro's expansion clang writes
// "FILE:LINE:COL <Spelling=FILE:L:C>": the spelling's place is taken where it is in the same file. Source excerpts,
// caret lines and other lines are skipped.
std::vector<Diagnostic> parseBuildLog(std::string_view log);

// The diagnostics whose file is `fileName` (the student's), each once (the same place, severity and message), errors
// first, then by line.
std::vector<Diagnostic> diagnosticsFor(const std::vector<Diagnostic>& all, std::string_view fileName);

// A student's build log read as diagnostics on the student's own lines, whatever the compiler did with #line:
// - when some diagnostic names the student's file, #line was honoured and those are the student's;
// - otherwise each diagnostic at program line >= firstLine (any file name: "<kernel>", a temporary file) is moved
//   to the student's file at line - firstLine + 1; those in the prelude are left out;
// - an error line with no place ("ptxas error : Entry function 'reduce' uses too much shared data ...") becomes
//   an error of the student's file at line 0, so a failed build never reads as no message at all.
// A diagnostic the compiler quoted no source for gets the line of `studentText` and a caret under its column.
// Errors first, then by line. `firstLine` is studentFirstLine() for programs made by studentProgramSource.
std::vector<Diagnostic> studentDiagnostics(std::string_view log, std::string_view fileName, int firstLine,
                                           std::string_view studentText = {});

}  // namespace rl::workbench
