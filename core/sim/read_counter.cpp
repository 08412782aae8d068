// The input's loads counted per element and per work-group.
#include "core/sim/read_counter.h"

#include <algorithm>

#include <Memory.h>
#include <WorkGroup.h>
#include <WorkItem.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/Instruction.h>

namespace rl::sim {
namespace {

int lineOf(const oclgrind::WorkItem* item, const std::string& file) {
    const llvm::Instruction* inst = item->getCurrentInstruction();
    if (!inst) return 0;
    const llvm::DILocation* loc = inst->getDebugLoc().get();
    if (!loc || (!file.empty() && loc->getFilename().str() != file)) return 0;
    return int(loc->getLine());
}

}  // namespace

ReadCounter::ReadCounter(const oclgrind::Context* context, size_t address, size_t n, size_t elementBytes,
                         size_t groups, std::string file)
    : oclgrind::Plugin(context), base_(address), n_(n), bytes_(elementBytes), file_(std::move(file)), counts_(n, 0),
      groupRead_(groups, 0), secondReadLine_(n, 0) {}

void ReadCounter::memoryLoad(const oclgrind::Memory* memory, const oclgrind::WorkItem* workItem, size_t address,
                             size_t size) {
    if (memory->getAddressSpace() != oclgrind::AddrSpaceGlobal || !workItem) return;
    if (address + size <= base_ || address >= base_ + n_ * bytes_) return;
    const size_t first = address < base_ ? 0 : (address - base_) / bytes_;
    const size_t last = std::min(n_, (address + size - base_ + bytes_ - 1) / bytes_);
    for (size_t e = first; e < last; ++e)
        if (++counts_[e] == 2) secondReadLine_[e] = lineOf(workItem, file_);
    const size_t g = workItem->getWorkGroup()->getGroupIndex();
    if (g < groupRead_.size()) groupRead_[g] = 1;
}

workbench::InputReads ReadCounter::summary() const {
    workbench::InputReads r;
    r.n = n_;
    r.groups = groupRead_.size();
    for (char g : groupRead_) r.groupsReading += g ? 1 : 0;
    for (size_t e = 0; e < n_; ++e) {
        if (counts_[e] == 0) {
            if (r.neverRead++ == 0) r.firstNeverRead = static_cast<long long>(e);
        } else if (counts_[e] > 1) {
            if (r.readMoreThanOnce++ == 0) {
                r.firstReadMoreThanOnce = static_cast<long long>(e);
                r.timesFirstReadMoreThanOnce = counts_[e];
                r.lineOfSecondRead = secondReadLine_[e];
            }
        }
    }
    return r;
}

}  // namespace rl::sim
