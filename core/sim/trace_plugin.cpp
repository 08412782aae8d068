// The stage recorder: barrier intervals split into per-work-item steps (a scan's pair of writes stays one stage),
// scratch values applied in execution order.
#include "core/sim/trace_plugin.h"

#include <algorithm>
#include <cstring>

#include <Memory.h>
#include <WorkGroup.h>
#include <WorkItem.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/Instruction.h>

namespace rl::sim {
namespace {

double decode(const uint8_t* bytes, ElemType type) { return valueFromBytes(bytes, type); }

// The stride of a tree stage: the distance between the two cells every active work-item read, when it is the same
// for all of them (sequential and interleaved trees alike); 0 when the stage is not such a step.
int commonStride(const Stage& stage) {
    int stride = 0;
    for (const WorkItemOp& op : stage.ops) {
        if (!op.active) continue;
        if (op.a < 0 || op.b < 0) return 0;
        const int d = op.b - op.a;
        if (d <= 0 || (stride != 0 && d != stride)) return 0;
        stride = d;
    }
    return stride;
}

}  // namespace

TracePlugin::TracePlugin(const oclgrind::Context* context, const llvm::Value* scratch, ElemType type, size_t cells,
                         size_t firstGroup, size_t groupCount, uint32_t poison, std::string file, bool scan,
                         bool counters)
    : oclgrind::Plugin(context), scratch_(scratch), type_(type), cells_(cells), firstGroup_(firstGroup),
      groupCount_(groupCount), poison_(poison), file_(std::move(file)), scan_(scan), counters_(counters) {}

bool TracePlugin::traced(const oclgrind::WorkGroup* group) const {
    const size_t g = group->getGroupIndex();
    return g >= firstGroup_ && g < firstGroup_ + groupCount_;
}

void TracePlugin::workGroupBegin(const oclgrind::WorkGroup* workGroup) {
    current_ = nullptr;
    if (!traced(workGroup)) return;
    current_ = workGroup;
    base_ = workGroup->getLocalMemoryAddress(scratch_);
    const oclgrind::Size3 size = workGroup->getGroupSize();
    items_ = size.x * size.y * size.z;
    // Poison the scratch cells: a cell read before any work-item wrote it then shows a value no input holds. The
    // bytes are written through the buffer's pointer, not Memory::store, which the race and uninitialised-value
    // checks would see as a write by the group.
    std::vector<uint32_t> fill(cells_ * elemSize(type_) / sizeof(uint32_t), poison_);  // 64-bit cells: the word twice
    std::memcpy(workGroup->getLocalMemory()->getPointer(base_), fill.data(), cells_ * elemSize(type_));
    values_.assign(cells_, decode(reinterpret_cast<const uint8_t*>(fill.data()), type_));
    group_ = GroupTrace{};
    group_.group = int(workGroup->getGroupIndex());
    pendingReads_.clear();
    pendingGlobal_.clear();
    steps_.clear();
    writes_.clear();
    countingSteps_ = 0;
}

int TracePlugin::cellOf(const oclgrind::Memory* memory, size_t address) const {
    if (!current_ || memory->getAddressSpace() != oclgrind::AddrSpaceLocal) return -1;
    if (address < base_ || address >= base_ + cells_ * elemSize(type_)) return -1;
    return int((address - base_) / elemSize(type_));
}

int TracePlugin::lineOf(const oclgrind::WorkItem* item) const {
    const llvm::Instruction* inst = item->getCurrentInstruction();
    if (!inst) return 0;
    const llvm::DILocation* loc = inst->getDebugLoc().get();
    if (!loc) return 0;
    if (!file_.empty() && loc->getFilename().str() != file_) return 0;
    return int(loc->getLine());
}

void TracePlugin::memoryLoad(const oclgrind::Memory* memory, const oclgrind::WorkItem* workItem, size_t address,
                             size_t size) {
    if (!current_ || workItem->getWorkGroup() != current_) return;
    if (memory->getAddressSpace() == oclgrind::AddrSpaceGlobal) pendingGlobal_[workItem->getLocalID().x] = true;
    const int cell = cellOf(memory, address);
    if (cell < 0) return;
    auto& reads = pendingReads_[workItem->getLocalID().x];
    for (size_t off = 0; off < size; off += elemSize(type_)) reads.push_back(cell + int(off / elemSize(type_)));
}

void TracePlugin::memoryStore(const oclgrind::Memory* memory, const oclgrind::WorkItem* workItem, size_t address,
                              size_t size, const uint8_t* storeData) {
    if (!current_ || workItem->getWorkGroup() != current_) return;
    const int cell = cellOf(memory, address);
    if (cell < 0) return;
    const size_t item = workItem->getLocalID().x;
    Write w;
    w.item = item;
    w.step = steps_[item]++;
    w.cell = cell;
    w.value = decode(storeData, type_);
    w.reads = std::move(pendingReads_[item]);
    pendingReads_[item].clear();
    w.readGlobal = pendingGlobal_[item];
    pendingGlobal_[item] = false;
    w.line = lineOf(workItem);
    writes_.push_back(std::move(w));
    // A vector store writes several cells at once: the cells after the first join the same step.
    for (size_t off = elemSize(type_); off < size && cell + int(off / elemSize(type_)) < int(cells_); off += elemSize(type_)) {
        Write more = writes_.back();
        more.cell = cell + int(off / elemSize(type_));
        more.value = decode(storeData + off, type_);
        more.reads.clear();
        writes_.push_back(std::move(more));
    }
}

void TracePlugin::memoryAtomicStore(const oclgrind::Memory* memory, const oclgrind::WorkItem* workItem,
                                    oclgrind::AtomicOp, size_t address, size_t) {
    if (!counters_ || !current_ || workItem->getWorkGroup() != current_) return;
    const int cell = cellOf(memory, address);
    if (cell < 0) return;
    Write w;
    w.item = workItem->getLocalID().x;
    w.cell = cell;
    w.atomic = true;
    w.reads = {cell};
    w.line = lineOf(workItem);
    writes_.push_back(std::move(w));
}

void TracePlugin::workGroupBarrier(const oclgrind::WorkGroup* workGroup, uint32_t) {
    if (workGroup != current_) return;
    if (counters_) closeCountersInterval();
    else closeInterval();
}

void TracePlugin::workGroupComplete(const oclgrind::WorkGroup* workGroup) {
    if (workGroup != current_) return;
    if (counters_) closeCountersInterval();
    else closeInterval();
    groups_.push_back(std::move(group_));
    current_ = nullptr;
}

void TracePlugin::closeInterval() {
    pendingReads_.clear();
    pendingGlobal_.clear();
    if (writes_.empty()) {
        steps_.clear();
        return;
    }
    int steps = 0;
    for (const Write& w : writes_) steps = std::max(steps, w.step + 1);
    // A scan's interval in which work-items write twice (Blelloch's down-sweep: a swap and an add) is one stage with
    // two operations per work-item, as the recording macros give it (RL_OP, RL_OP2); more writes stay steps.
    const bool paired = scan_ && steps == 2;
    const int stages = paired ? 1 : steps;
    for (int k = 0; k < stages; ++k) {
        Stage st;
        st.ops.assign(items_, WorkItemOp{});
        std::map<int, int> lineVotes;
        std::vector<char> stepOneNamed(items_, 0);  // paired: the work-item's step-1 write is in its op already
        for (const Write& w : writes_) {
            if (!paired && w.step != k) continue;
            values_[size_t(w.cell)] = w.value;
            WorkItemOp& op = st.ops[w.item];
            const bool stepOne = paired && w.step == 1;
            if (stepOne ? bool(stepOneNamed[w.item]) : op.active) continue;  // a vector store's later cells
            std::vector<int> reads = w.reads;
            std::sort(reads.begin(), reads.end());
            reads.erase(std::unique(reads.begin(), reads.end()), reads.end());
            // A write that read nothing first fills a cell. In the load it is the identity padding a work-item past
            // n, which the recording macros count idle, and so does the recorder; after the load it is a clear (a
            // scan's root), an operation of the work-item that wrote it, as the macros record it (RL_OP(-1, -1, w)).
            if (reads.empty() && !w.readGlobal && group_.stages.empty()) continue;
            const int a = reads.size() > 0 ? reads[0] : -1, b = reads.size() > 1 ? reads[1] : -1;
            if (stepOne) stepOneNamed[w.item] = 1;
            if (stepOne && op.active) {  // the work-item's second operation
                op.a2 = a;
                op.b2 = b;
                op.w2 = w.cell;
            } else {  // its first (a step-1 write is, when the step-0 write only filled a cell)
                op = {true, a, b, w.cell};
            }
            if (w.line > 0) ++lineVotes[w.line];
        }
        st.values = values_;
        for (const auto& [line, votes] : lineVotes)
            if (st.line == 0 || votes > lineVotes[st.line]) st.line = line;
        const bool first = group_.stages.empty();
        const int stride = scan_ ? 0 : commonStride(st);
        if (first) {
            st.param = -1;
        } else if (stride > 0) {
            st.param = steps > 1 ? (stride | kTailStepFlag) : stride;  // steps between two barriers: a lockstep tail
        } else {
            st.param = 0;
        }
        if (st.param == 0)
            st.label = "step " + std::to_string(group_.stages.size()) +
                       (st.line > 0 ? " (line " + std::to_string(st.line) + ")" : "");
        else if (st.param > 0 && (st.param & kTailStepFlag))  // steps with no barrier between them: say so, in the kernel's terms
            st.label = "s = " + std::to_string(st.param & ~kTailStepFlag) + ", no barrier";
        else
            st.label = stageLabel(st.param);
        group_.stages.push_back(std::move(st));
    }
    writes_.clear();
    steps_.clear();
}

void TracePlugin::closeCountersInterval() {
    Stage st;
    st.ops.assign(items_, WorkItemOp{});
    bool wrote = false, readOut = false, clears = true;
    std::map<int, int> lineVotes;
    for (const Write& w : writes_) {
        wrote = true;
        WorkItemOp& op = st.ops[w.item];
        if (w.line > 0) ++lineVotes[w.line];
        if (op.active) continue;  // the work-item's first operation of the interval is the one shown
        const bool sameCell = std::find(w.reads.begin(), w.reads.end(), w.cell) != w.reads.end();
        if (w.atomic || sameCell) op = {true, w.cell, kRegisterOperand, w.cell};  // an increment
        else if (w.reads.empty()) op = {true, -1, -1, w.cell};                    // a clear
        else op = {true, w.reads.front(), -1, w.cell};                            // a copy
        clears = clears && op.a < 0;
    }
    if (!wrote)  // the counters read out (to the global bins): each work-item's first counter read
        for (const auto& [item, reads] : pendingReads_)
            if (!reads.empty() && item < items_) {
                st.ops[item] = {true, *std::min_element(reads.begin(), reads.end()), -1, -1};
                readOut = true;
            }
    writes_.clear();
    steps_.clear();
    pendingReads_.clear();
    pendingGlobal_.clear();
    if (!wrote && !readOut) return;  // an interval that neither writes nor reads the counters: nothing to show
    // The counters as they stand at the barrier, atomics included.
    const auto* memory = static_cast<const uint8_t*>(current_->getLocalMemory()->getPointer(base_));
    for (size_t c = 0; c < cells_; ++c) values_[c] = decode(memory + c * elemSize(type_), type_);
    st.values = values_;
    for (const auto& [line, votes] : lineVotes)
        if (st.line == 0 || votes > lineVotes[st.line]) st.line = line;
    if (readOut) st.param = kBinsMergedParam;
    else if (clears && group_.stages.empty()) st.param = kBinsClearedParam;
    else st.param = kBinsStepFlag | countingSteps_++;
    st.label = stageLabel(st.param) + (st.line > 0 ? " (line " + std::to_string(st.line) + ")" : "");
    group_.stages.push_back(std::move(st));
}

bool foldScanHalves(std::vector<GroupTrace>& groups, size_t items) {
    const int half = int(items);
    // Which half each stage wrote: 0 lower, 1 upper, -1 none; anything else cannot be folded.
    std::vector<std::vector<int>> halves;
    for (const GroupTrace& g : groups) {
        std::vector<int>& h = halves.emplace_back();
        for (const Stage& st : g.stages) {
            int wrote = -1;
            bool mixed = false;
            auto note = [&](int w) {
                if (w < 0) return;
                const int which = w >= half ? 1 : 0;
                if (w >= 2 * half) mixed = true;
                if (wrote >= 0 && wrote != which) mixed = true;
                wrote = which;
            };
            for (const WorkItemOp& op : st.ops) {
                if (!op.active) continue;
                note(op.w);
                note(op.w2);
            }
            if (mixed || st.values.size() != 2 * items) return false;
            h.push_back(wrote);
        }
    }
    auto cell = [&](int c) { return c >= 0 ? c % half : c; };
    for (size_t gi = 0; gi < groups.size(); ++gi) {
        int current = 0;  // a stage that wrote nothing shows the half its predecessor did
        for (size_t si = 0; si < groups[gi].stages.size(); ++si) {
            Stage& st = groups[gi].stages[si];
            if (halves[gi][si] >= 0) current = halves[gi][si];
            st.values.assign(st.values.begin() + current * half, st.values.begin() + (current + 1) * half);
            for (WorkItemOp& op : st.ops) {
                op.a = cell(op.a);
                op.b = cell(op.b);
                op.w = cell(op.w);
                op.a2 = cell(op.a2);
                op.b2 = cell(op.b2);
                op.w2 = cell(op.w2);
            }
        }
    }
    return true;
}

}  // namespace rl::sim
