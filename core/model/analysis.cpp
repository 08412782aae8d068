// Warp activity and bank-conflict analysis of recorded stages.
#include "core/model/analysis.h"

#include "core/catalogue/variant.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace rl {

int bankOf(int cell, const HardwareModel& hw) {
    const long long byte = (long long)wordOfCell(cell, hw.padShift) * hw.elemBytes;
    return int((byte / hw.bankWidthBytes) % hw.banks);
}

std::vector<long long> wordsOf(int recorded, const HardwareModel& hw) {
    const int cell = wordOfCell(recorded, hw.padShift);
    const long long first = (long long)cell * hw.elemBytes / hw.bankWidthBytes;
    const long long last = ((long long)cell * hw.elemBytes + std::max(1, hw.elemBytes) - 1) / hw.bankWidthBytes;
    std::vector<long long> words;
    for (long long w = first; w <= last; ++w) words.push_back(w);
    return words;
}

int conflictDegree(const std::vector<int>& cells, const HardwareModel& hw) {
    // (bank, word) of every word accessed (an 8-byte element spans two 4-byte words), sorted: the most distinct
    // words one bank must serve is the degree (the same word twice is a broadcast). A sorted array, not a map of
    // sets: a 2^16 trace asks this 3 times per warp.
    std::vector<std::pair<int, long long>> access;
    access.reserve(cells.size() * 2);
    for (int recorded : cells) {
        if (recorded < 0) continue;
        const int cell = wordOfCell(recorded, hw.padShift);  // where a padded array keeps the cell
        const long long first = (long long)cell * hw.elemBytes / hw.bankWidthBytes;
        const long long last = ((long long)cell * hw.elemBytes + std::max(1, hw.elemBytes) - 1) / hw.bankWidthBytes;
        for (long long word = first; word <= last; ++word) access.push_back({int(word % hw.banks), word});
    }
    std::sort(access.begin(), access.end());
    int worst = 1, words = 0;
    for (size_t i = 0; i < access.size(); ++i) {
        if (i > 0 && access[i] == access[i - 1]) continue;
        words = i > 0 && access[i].first == access[i - 1].first ? words + 1 : 1;
        worst = std::max(worst, words);
    }
    return worst;
}

int contentionDegree(const std::vector<int>& writes) {
    std::vector<int> cells;
    for (int w : writes)
        if (w >= 0) cells.push_back(w);
    std::sort(cells.begin(), cells.end());
    int worst = cells.empty() ? 0 : 1, run = 1;
    for (size_t i = 1; i < cells.size(); ++i) {
        run = cells[i] == cells[i - 1] ? run + 1 : 1;
        worst = std::max(worst, run);
    }
    return std::max(1, worst);
}

std::vector<WarpDetail> analyzeWarps(const Stage& stage, const HardwareModel& hw) {
    std::vector<WarpDetail> out;
    const int items = int(stage.ops.size());
    const int width = std::max(1, hw.simdWidth);
    std::vector<int> reads_a, reads_b, writes, reads_a2, reads_b2, writes2;
    for (int first = 0; first < items; first += width) {
        const int last = std::min(items, first + width);
        WarpDetail d;
        for (auto* v : {&reads_a, &reads_b, &writes, &reads_a2, &reads_b2, &writes2}) v->clear();
        for (int lane = first; lane < last; ++lane) {
            const WorkItemOp& op = stage.ops[lane];
            if (op.active) ++d.activeLanes;
            reads_a.push_back(op.active ? op.a : -1);
            reads_b.push_back(op.active ? op.b : -1);
            writes.push_back(op.active ? op.w : -1);
            // A second operation in the stage is a second access of each kind by the same SIMD group.
            reads_a2.push_back(op.active && op.second() ? op.a2 : -1);
            reads_b2.push_back(op.active && op.second() ? op.b2 : -1);
            writes2.push_back(op.active && op.second() ? op.w2 : -1);
        }
        const int lanes = last - first;
        d.state = d.activeLanes == 0 ? WarpState::Idle : d.activeLanes == lanes ? WarpState::Active : WarpState::Divergent;
        d.contention = contentionDegree(writes);
        d.conflictDegree = std::max({conflictDegree(reads_a, hw), conflictDegree(reads_b, hw), conflictDegree(writes, hw),
                                     conflictDegree(reads_a2, hw), conflictDegree(reads_b2, hw),
                                     conflictDegree(writes2, hw)});
        out.push_back(d);
    }
    return out;
}

StageAnalysis analyzeStage(const Stage& stage, const HardwareModel& hw) {
    StageAnalysis a;
    for (const auto& op : stage.ops) a.activeItems += op.active ? 1 : 0;
    for (const auto& w : analyzeWarps(stage, hw)) {
        switch (w.state) {
            case WarpState::Idle: ++a.idleWarps; break;
            case WarpState::Active: ++a.activeWarps; break;
            case WarpState::Divergent: ++a.divergentWarps; break;
        }
        a.bankConflictDegree = std::max(a.bankConflictDegree, w.conflictDegree);
        a.contentionDegree = std::max(a.contentionDegree, w.contention);
    }
    return a;
}

HardwareModel hardwareOf(const TraceRun& run) {
    HardwareModel hw{run.simdWidth, run.banks, run.bankWidthBytes, int(elemSize(run.type))};
    if (const VariantInfo* v = findVariant(run.variant)) hw.padShift = v->padShift;
    return hw;
}

void analyzeTrace(TraceRun& run) {
    const HardwareModel hw = hardwareOf(run);
    for (auto& pass : run.passes)
        for (auto& group : pass.traced)
            for (auto& stage : group.stages) stage.analysis = analyzeStage(stage, hw);
}

}  // namespace rl
