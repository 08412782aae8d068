// What a checker found wrong in a kernel, mapped to the student's source: Oclgrind's data races, reads of
// uninitialised memory, out-of-bounds accesses and barrier divergence, read from its messages into one plain form
// an editor can mark, a tree can draw and a report can list.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/catalogue/variant.h"

namespace rl::workbench {

enum class FindingKind { Race, Uninitialised, OutOfBounds, BarrierDivergence, Other };

std::string_view toString(FindingKind kind);  // "race", "uninitialised", "out_of_bounds", "barrier_divergence", ...

struct Finding {
    FindingKind kind = FindingKind::Other;
    std::string message;       // what was seen, one sentence
    std::string advice;        // what to do about it
    std::vector<int> lines;    // the student's source lines involved, in the order the checker names them
    std::string memory;        // "local", "global", "private" or empty
    int pass = -1;             // the launch it happened in
    int group = -1;            // linear work-group index, -1 unknown
    std::vector<int> workItems;  // local ids involved (first and second entity of a race)
    long long byteOffset = -1;   // the offset in its buffer of the address Oclgrind names, -1 when none
    int cell = -1;               // the scratch cell (local memory findings), once the element size is known
    int stage = -1;              // the first recorded stage written on the finding's line, once traced
    std::string details;       // the checker's own text, whole

    int line() const { return lines.empty() ? 0 : lines.front(); }
};

// One Oclgrind error message (as its log callback gives it) as a Finding. `file` is the student's file name: only
// lines Oclgrind attributes to that file are kept. Messages that are not errors about the kernel give Other.
Finding readOclgrindMessage(std::string_view message, std::string_view file);

// Text as a sentence: its first letter a capital, a full stop at its end (unless it ends in . ! ?).
std::string sentence(std::string text);

// What to do about a finding of `kind` (in `memory`; `write`: an invalid write), in the words of the pattern's
// contract: a scan's output holds n elements and its scratch two per work-item, a reduction's one of each.
std::string adviceFor(FindingKind kind, const std::string& memory, bool write, Pattern pattern = Pattern::Reduce);
// A finding as a reader meets it: what was seen, then what to do, as two sentences ("... in work-group 0. Put
// barrier(CLK_LOCAL_MEM_FENCE) after ...").
std::string findingText(const Finding& f);

// Findings that say the same thing twice (Oclgrind reports a race once per pair of accesses and per work-group)
// merged: same kind, same memory, same lines. The first keeps its group and address. The work-items of merged findings are kept, at most `maxItems` of them.
std::vector<Finding> mergeFindings(std::vector<Finding> findings, size_t maxItems = 8);

}  // namespace rl::workbench
