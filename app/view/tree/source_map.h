// Which lines of a kernel's .cl file perform a recorded stage, found from the recording macros in the source:
// a stage is the code between the previous RL_RECORD / RL_RECORD_NOSYNC (or the kernel's opening line) and the
// recording point whose parameter matches the stage's (-1: the load; a literal stride; a loop's stride; a tail step).
#pragma once
#include <string>
#include <vector>

namespace rl::view {

std::vector<std::string> splitLines(const std::string& text);

struct LineSpan {
    int first = 0, last = -1;  // 0-based, inclusive; empty when last < first
    bool empty() const { return last < first; }
    bool contains(int line) const { return line >= first && line <= last; }
};

struct RecordPoint {
    int line = 0;
    enum class Kind { Load, Literal, Loop, Tail } kind = Kind::Loop;
    int literal = 0;  // the stride for Kind::Literal (and for a tail step with a literal)
};

// Recording points in code order (comments and #define lines are skipped).
std::vector<RecordPoint> findRecordPoints(const std::vector<std::string>& lines);

// Where a tree stage sits in a loop that records two stages per pass (best-gpu's fused stages): the stage whose
// work-items do two operations is the loop's first record, the stage after it the second.
enum class FusedHalf { None, First, Second };

// The lines of the stage recorded with `param` (see core/trace.h: -1 load, s, s | kTailStepFlag). `tree` picks
// which of a kernel's trees, counted by their load records, for kernels with more than one: best-gpu's finishing
// passes (tree 1) run the second one; a kernel with fewer load records searches from the top.
LineSpan stageLines(const std::vector<std::string>& lines, int param, FusedHalf half = FusedHalf::None,
                    int tree = 0);

}  // namespace rl::view
