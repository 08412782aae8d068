// What a traced run records: per pass, per traced work-group, per stage, local memory and each work-item's operation.
// Values are stored as double, which holds every int32 and every float exactly.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/run_config.h"
#include "core/types.h"

namespace rl {

// What one work-item did in one stage, as the kernel recorded it: local indices read (a, b) and written (w), and
// where it did a second operation in the same stage (best-gpu fuses two tree stages between barriers), that one's
// (a2, b2, w2); w2 = -1 when it did one.
struct WorkItemOp {
    bool active = false;
    int a = -1, b = -1, w = -1;
    int a2 = -1, b2 = -1, w2 = -1;
    bool second() const { return w2 >= 0; }
    bool operator==(const WorkItemOp& o) const {
        return active == o.active && a == o.a && b == o.b && w == o.w && a2 == o.a2 && b2 == o.b2 && w2 == o.w2;
    }
};

// A read `b` of kRegisterOperand: the operation's other operand is a value the work-item keeps in a register (a
// scan combining each cell with its own input), not a cell.
inline constexpr int kRegisterOperand = -2;

// Whether a recorded operation applies the operator (reads two operands) rather than loading, clearing or moving
// one value.
inline bool combines(int a, int b) { return a >= 0 && b != -1; }

// One operation as the explorer draws it: work-item `item` combined cells a and b into cell w.
struct CellOp {
    int item = -1, a = -1, b = -1, w = -1;
};

// Calls f(CellOp) for every operation of a stage's active work-items: every first operation in work-item order,
// then every second one (fused stages), so that runs of operations advance by constant steps.
template <class F>
void forEachOperation(const std::vector<WorkItemOp>& ops, F&& f) {
    for (size_t i = 0; i < ops.size(); ++i)
        if (ops[i].active) f(CellOp{int(i), ops[i].a, ops[i].b, ops[i].w});
    for (size_t i = 0; i < ops.size(); ++i)
        if (ops[i].active && ops[i].second()) f(CellOp{int(i), ops[i].a2, ops[i].b2, ops[i].w2});
}

// The operation of work-item `item` (recorded as `op`) that wrote `cell`: its second one where that wrote the cell.
inline CellOp operationWriting(const WorkItemOp& op, int item, int cell) {
    if (op.second() && op.w2 == cell) return CellOp{item, op.a2, op.b2, op.w2};
    return CellOp{item, op.a, op.b, op.w};
}

// The hardware model's reading of one stage (filled by analysis.h, never by the device).
struct StageAnalysis {
    int activeItems = 0;
    int activeWarps = 0;     // SIMD groups with every lane active
    int idleWarps = 0;       // SIMD groups with no lane active
    int divergentWarps = 0;  // SIMD groups with some lanes active and some not
    int bankConflictDegree = 1;  // worst number of distinct addresses one bank serves in one access of one SIMD group
    // The most lanes of one SIMD group that wrote one cell in the stage: a histogram's atomics on one counter, served
    // one after another (1: no two lanes wrote the same cell).
    int contentionDegree = 1;
};

struct Stage {
    std::string label;            // e.g. "load", "s = 64", "tail s = 16"
    int param = -1;               // the stride (or step) the kernel recorded for this stage; -1 for the load
    std::vector<double> values;   // local memory after the stage, one per cell
    std::vector<WorkItemOp> ops;  // one per work-item
    int line = 0;                 // the source line of the stage's writes, when the recorder knows it (Oclgrind)
    StageAnalysis analysis;
};

// Whether some work-item of the stage did two operations in it (a fused stage: two tree stages share a barrier).
inline bool isFused(const Stage& s) {
    for (const auto& op : s.ops)
        if (op.second()) return true;
    return false;
}

struct GroupTrace {
    int group = 0;
    std::vector<Stage> stages;
};

struct PassTrace {
    int pass = 0;
    size_t n = 0;          // elements reduced by this pass
    size_t groups = 0;     // work-groups launched
    size_t global = 0;     // global work size
    size_t local = 0;      // work-group size
    std::vector<GroupTrace> traced;  // the groups that were recorded (all of them for small inputs)
};

// Stage parameters as the kernels record them (see kernels/common.cl).
inline constexpr int kTailStepFlag = 0x10000;
// Scan stages (kernels/common.cl's RL_SCAN_ macros give the same numbers; above the reductions' flags and
// core/catalogue/kind_stages.h's, so that no parameter means two things): a Hillis-Steele step adding the
// cell d to the left, Blelloch's up-sweep and down-sweep at distance d, the root cleared, each cell combined with
// its own input (exclusive to inclusive), and every cell moved one to the right (inclusive to exclusive).
inline constexpr int kScanStepFlag = 0x100000;
inline constexpr int kUpSweepFlag = 0x200000;
inline constexpr int kDownSweepFlag = 0x400000;
inline constexpr int kClearRootParam = 0x800000;
inline constexpr int kAddOwnParam = 0x1000000;
inline constexpr int kShiftRightParam = 0x2000000;
// decoupled-look-back: every cell given its tile's prefix, after the tile looked back over `depth` tiles.
inline constexpr int kLookBackFlag = 0x4000000;
// How many tiles a look-back stage looked back over; -1 for any other stage.
inline int lookBackDepth(int param) { return param >= 0 && (param & kLookBackFlag) ? param & ~kLookBackFlag : -1; }
// reduce-then-scan: every cell given the prefix carried in from the chunks before and the runs before it.
inline constexpr int kCarriedParam = 0x8000000;
// raking: every cell given the total of the runs before its work-item's, the offset its run is scanned from.
inline constexpr int kRunOffsetsParam = 0x10000000;
// work-group-scan: every cell given the built-in work_group_scan_inclusive_* (or exclusive_*) over `size`
// work-items (the flag combined with the size).
inline constexpr int kWorkGroupScanFlag = 0x20000000;
inline constexpr int kWorkGroupScanExclusiveFlag = 0x40000000;
// Histogram stages (kernels/common.cl's RL_BINS_ macros give the same numbers; both built-in scan bits at once,
// which no scan records): the local bins cleared, after counting step k, after the work-items' last runs were added
// (aggregated), the copies of each bin summed (replicated), and after the local bins were added into the global ones.
inline constexpr int kBinsFlag = 0x60000000;
inline constexpr int kBinsClearedParam = kBinsFlag | 0x100000;
inline constexpr int kBinsMergedParam = kBinsFlag | 0x200000;
inline constexpr int kBinsStepFlag = kBinsFlag | 0x400000;
inline constexpr int kBinsFlushedParam = kBinsFlag | 0x800000;
inline constexpr int kBinsCopiesSummedParam = kBinsFlag | 0x1000000;
// sort-then-count: a step of the bitonic sort of the tile's keys (merging sequences of k keys, comparing keys d apart:
// log2 k in bits 5-9, log2 d in bits 0-4), and the runs of equal keys counted, one atomic per run.
inline constexpr int kBinsSortFlag = kBinsFlag | 0x2000000;
inline constexpr int kBinsRunsCountedParam = kBinsFlag | 0x8000000;
inline bool isBinsParam(int param) { return param >= 0 && (param & kBinsFlag) == kBinsFlag; }
// The counting step of a histogram's stage, -1 for its other stages and for every other pattern's.
inline int binsStep(int param) {
    return isBinsParam(param) && (param & kBinsStepFlag) == kBinsStepFlag ? param & 0xFFFFF : -1;
}
// A sort step's parameter from its k and d (powers of two), and back: 0 for a stage that is no sort step.
inline int binsSortParam(size_t k, size_t d) {
    int lk = 0, ld = 0;
    while ((size_t(1) << lk) < k) ++lk;
    while ((size_t(1) << ld) < d) ++ld;
    return kBinsSortFlag | (lk << 5) | ld;
}
inline bool isBinsSortParam(int param) { return isBinsParam(param) && (param & kBinsSortFlag) == kBinsSortFlag; }
inline size_t binsSortK(int param) { return isBinsSortParam(param) ? size_t(1) << ((param >> 5) & 31) : 0; }
inline size_t binsSortD(int param) { return isBinsSortParam(param) ? size_t(1) << (param & 31) : 0; }
std::string stageLabel(int param);  // "load", "s = 64", "tail s = 16", "d = 4", "up d = 2", "root cleared", ...
// The phase a scan stage belongs to ("up-sweep", "down-sweep", ...), empty for a reduction's stages.
std::string stagePhase(int param);

// decoupled-look-back's log (traced builds): one entry per ticket drawn, status published and predecessor's status
// read, in the order one counter shared by every work-group numbered them (an entry's place in the log is its time).
struct LookBackEvent {
    enum What : int { Ticket = 0, Aggregate = 1, Prefix = 2, ReadAggregate = 3, ReadPrefix = 4 };
    What what = Ticket;
    int tile = 0;      // the tile that drew, published or read
    int other = -1;    // a read: the predecessor read; a ticket: the work-group that drew it
    int polls = 0;     // a read: how many times the word read as X (nothing yet) before this read
    double value = 0;  // the aggregate or inclusive prefix published, or the value read
    bool operator==(const LookBackEvent& o) const {
        return what == o.what && tile == o.tile && other == o.other && polls == o.polls && value == o.value;
    }
};

struct TraceRun {
    std::string variant;
    Pattern pattern = Pattern::Reduce;  // what the kernel computed ("pattern" in JSON): a student's kernel is in no
                                        // registry
    std::string device;
    size_t n = 0;
    size_t wg = 0;
    Op op = Op::Sum;
    ElemType type = ElemType::Float;
    int simdWidth = 32;
    int subGroupSize = 0;  // sub-group variants: the width of the sub-groups the kernel ran in (0: it uses none)
    int banks = 32;
    int bankWidthBytes = 4;
    std::vector<PassTrace> passes;
    bool exclusive = false;          // a scan: exclusive (true) or inclusive
    std::vector<double> output;      // a scan: every element of its result (empty for a reduction)
    std::vector<LookBackEvent> lookBack;  // decoupled-look-back: the log of every tile's status words
    size_t lookBackDropped = 0;           // entries past the log's room (the log is then cut short)
    double result = 0, reference = 0;  // a reduction's value; a scan's total (its last inclusive element)
    bool correct = false;
    std::string verdict;  // why the result is or is not accepted
};

// The configuration a CPU model needs to be compared with `run`: `requested`, with what the device decided for it
// (the width of its sub-groups).
inline RunConfig modelConfigOf(RunConfig requested, const TraceRun& run) {
    requested.subGroupSize = run.subGroupSize;
    return requested;
}

}  // namespace rl
