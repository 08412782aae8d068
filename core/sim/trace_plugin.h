// An Oclgrind plugin that records a reduction's stages without any help from the kernel: what the scratch argument
// (local memory) holds at every local barrier, and which work-item read and wrote each cell, as the same
// GroupTrace a kernel built with the recording macros writes on a real device. Oclgrind runs one work-item at a
// time until it reaches a barrier, so a barrier interval is split into steps: a work-item's k-th write of the
// interval belongs to step k (a warp-synchronous tail, which writes several times between two barriers, becomes one
// stage per step, as the recording macros would record it).
#pragma once
#include <map>
#include <string>
#include <vector>

#include <Plugin.h>

#include "core/trace.h"
#include "core/types.h"

namespace llvm {
class Value;
}

namespace rl::sim {

class TracePlugin : public oclgrind::Plugin {
public:
    // `scratch`: the kernel's __local argument; its first `cells` elements of `type` are recorded for the groups
    // [firstGroup, firstGroup + groupCount). `poison`: the bit pattern every scratch element holds before the
    // group starts (so a read of a cell never written shows a value no input has). `file`: the student's file
    // name, whose lines are the ones stages are attributed to. `scan`: a scan's tile, whose steps are named by their
    // order ("step 2"), not by a reduction's stride ("s = 2", which a scan's steps do not mean).
    // `counters`: the scratch holds counters a kernel increments (a histogram's local bins, atomics included): each
    // barrier interval is one stage, its values read from local memory at the barrier, and each work-item's first
    // increment (an atomic, or a read and a write of one cell) its operation; an interval that writes no counter
    // but reads them (the merge into the global bins) is a stage too.
    TracePlugin(const oclgrind::Context* context, const llvm::Value* scratch, ElemType type, size_t cells,
                size_t firstGroup, size_t groupCount, uint32_t poison, std::string file, bool scan = false,
                bool counters = false);

    std::vector<GroupTrace> takeGroups() { return std::move(groups_); }

    void workGroupBegin(const oclgrind::WorkGroup* workGroup) override;
    void workGroupComplete(const oclgrind::WorkGroup* workGroup) override;
    void workGroupBarrier(const oclgrind::WorkGroup* workGroup, uint32_t flags) override;
    void memoryLoad(const oclgrind::Memory* memory, const oclgrind::WorkItem* workItem, size_t address,
                    size_t size) override;
    void memoryStore(const oclgrind::Memory* memory, const oclgrind::WorkItem* workItem, size_t address, size_t size,
                     const uint8_t* storeData) override;
    void memoryAtomicStore(const oclgrind::Memory* memory, const oclgrind::WorkItem* workItem, oclgrind::AtomicOp op,
                           size_t address, size_t size) override;
    bool isThreadSafe() const override { return false; }

private:
    struct Write {
        size_t item = 0;
        int step = 0;
        int cell = 0;
        double value = 0;
        std::vector<int> reads;  // scratch cells the item read since its previous write
        bool readGlobal = false; // it read global memory since its previous write (a load, not a fill)
        int line = 0;
        bool atomic = false;     // an atomic read-modify-write (counters)
    };

    bool traced(const oclgrind::WorkGroup* group) const;
    int cellOf(const oclgrind::Memory* memory, size_t address) const;  // -1 outside the recorded scratch
    int lineOf(const oclgrind::WorkItem* item) const;                  // 0 outside the student's file
    void closeInterval();
    void closeCountersInterval();  // counters: the interval as one stage

    const llvm::Value* scratch_;
    ElemType type_;
    size_t cells_, firstGroup_, groupCount_;
    uint32_t poison_;
    std::string file_;
    bool scan_ = false;
    bool counters_ = false;
    int countingSteps_ = 0;  // counters: the counting stages recorded so far in the group

    const oclgrind::WorkGroup* current_ = nullptr;  // the traced group running now (Oclgrind runs one at a time)
    size_t base_ = 0;                               // scratch's address in that group's local memory
    size_t items_ = 0;
    GroupTrace group_;
    std::vector<double> values_;                  // scratch as it stands
    std::map<size_t, std::vector<int>> pendingReads_;  // per work-item: cells read since its last write
    std::map<size_t, bool> pendingGlobal_;             // per work-item: read global memory since its last write
    std::map<size_t, int> steps_;                 // per work-item: writes in this interval
    std::vector<Write> writes_;                   // this interval's writes, in the order they ran
    std::vector<GroupTrace> groups_;
};

// A scan's tile recorded over its whole scratch (two cells per work-item) as the tile of `items` cells the models
// and the views know: when every stage of every group wrote into one half only (a double buffer's steps alternate
// halves; a single array stays in the lower one), each stage keeps the half it wrote (a stage that wrote nothing,
// its predecessor's) and its operations' cells are taken modulo `items`. Any other use of scratch (padded words,
// one stage writing both halves) is left as recorded. Returns whether it folded.
bool foldScanHalves(std::vector<GroupTrace>& groups, size_t items);

}  // namespace rl::sim
