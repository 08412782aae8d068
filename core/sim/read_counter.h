// An Oclgrind plugin that counts the loads of one global buffer (a pass's input), element by element, and which
// work-groups made them: the facts behind "each input element is read exactly once" and "fewer work-groups load".
#pragma once
#include <string>
#include <vector>

#include <Plugin.h>

#include "core/workbench/check_report.h"

namespace rl::sim {

class ReadCounter : public oclgrind::Plugin {
public:
    // The buffer at [address, address + n * elementBytes) in global memory; `file`: the student's file, whose lines
    // a repeated read is attributed to.
    ReadCounter(const oclgrind::Context* context, size_t address, size_t n, size_t elementBytes, size_t groups,
                std::string file);

    void memoryLoad(const oclgrind::Memory* memory, const oclgrind::WorkItem* workItem, size_t address,
                    size_t size) override;
    bool isThreadSafe() const override { return false; }

    workbench::InputReads summary() const;

private:
    size_t base_, n_, bytes_;
    std::string file_;
    std::vector<int> counts_;
    std::vector<char> groupRead_;
    std::vector<int> secondReadLine_;  // per element: the line of its second read
};

}  // namespace rl::sim
